# The Python module against physics with known answers, the golden state
# hashes (the same trajectories as the CLI and WASM, bit for bit), and bad
# input named by its JSON path.
import json
import os
import signal
import subprocess
import time

import numpy as np
import pytest

import grasplab

G = 9.81


def load(root, name):
    return grasplab.Simulation.from_file(str(root / "assets" / "scenes" / f"{name}.json"))


def test_free_fall_is_eq_12_exactly(root):
    # Eq. 12 moves with v^l, then gravity updates v: after n steps of h from
    # rest, z = z0 - g h^2 n (n - 1) / 2 and v = -n g h (until contact).
    sim = load(root, "falling-sphere")
    h = sim.timestep
    z0 = sim.poses()[1, 2]
    n = 100
    sim.step(n)
    assert sim.poses()[1, 2] == pytest.approx(z0 - G * h * h * n * (n - 1) / 2, rel=1e-13)
    assert sim.velocities()[1, 2] == pytest.approx(-n * G * h, rel=1e-13)
    assert sim.time == pytest.approx(n * h, rel=1e-14)
    assert sim.step_count == n


def test_the_sphere_rests_at_its_radius_with_one_contact_carrying_its_weight(root):
    sim = load(root, "falling-sphere")
    sim.step(1200)  # 3 s
    assert abs(sim.poses()[1, 2] - 0.05) < 1e-4
    contacts = sim.contacts()
    assert contacts.shape == (1, grasplab.CONTACT_STRIDE)
    # Normal force (column 6) = m g for the 0.2 kg sphere.
    assert contacts[0, 6] == pytest.approx(0.2 * G, rel=1e-9)


# bin-picking: Gauss-Seidel with torsional friction, rolling resistance and
# sleeping islands (60 objects), the same bits as native and WASM.
@pytest.mark.parametrize("scene", ["falling-sphere", "shapes", "finger-squeeze", "parallel-jaw-cube",
                                   "three-finger-sphere", "barrett-handset", "bin-picking"])
def test_state_hash_is_the_golden_one(root, golden, scene):
    sim = load(root, scene)
    sim.step(800)
    assert sim.state_hash() == golden[(scene, "scene", 800)]
    assert sim.summary()["stateHash"] == golden[(scene, "scene", 800)]


@pytest.mark.parametrize("scene", ["barrett-handset", "parallel-jaw-cube", "arm-hand"])
def test_the_maximal_formulation_gives_the_golden_hash(root, golden, scene):
    # dynamics.formulation "maximal" in the scene text (the default is
    # "reduced"): every body 6 coordinates, joints as rows, the same
    # trajectory as the CLI's --formulation maximal.
    doc = json.loads((root / "assets" / "scenes" / f"{scene}.json").read_text())
    doc["dynamics"] = {"formulation": "maximal"}
    sim = grasplab.Simulation.from_json(json.dumps(doc), str(root / "assets"))
    assert sim.settings()["dynamics"]["formulation"] == "maximal"
    sim.step(800)
    assert sim.state_hash() == golden[(scene, "scene", 800, "maximal")]
    assert sim.summary()["dynamics"] == {"formulation": "maximal", "trees": 0}


def test_a_share_link_loads_the_scene_it_carries(root, golden, cli):
    # The CLI's link for the handset scene (the page opens the same link):
    # the same trajectory, assets from the repository by default.
    link = subprocess.run([str(cli), "link", str(root / "assets" / "scenes" / "barrett-handset.json")],
                          check=True, capture_output=True, text=True).stdout.strip()
    sim = grasplab.Simulation.from_link(link)
    sim.step(800)
    assert sim.state_hash() == golden[("barrett-handset", "scene", 800)]
    with pytest.raises(ValueError, match="link"):
        grasplab.Simulation.from_link("http://x/#scene=AAAA")


def test_stepping_in_pieces_and_resetting_give_the_same_trajectory(root, golden):
    sim = load(root, "parallel-jaw-cube")
    start = sim.state_hash()
    sim.step(300)
    sim.step(0)
    sim.step(500)
    assert sim.state_hash() == golden[("parallel-jaw-cube", "scene", 800)]
    sim.reset()
    assert sim.time == 0 and sim.step_count == 0 and sim.state_hash() == start
    for _ in range(800):
        sim.step()
    assert sim.state_hash() == golden[("parallel-jaw-cube", "scene", 800)]


def test_threads_give_the_golden_trajectory_and_survive_reset(root, golden):
    # The narrow phase's pair queries on worker threads (World::SetThreads):
    # bin-picking's 60 objects falling and landing query up to 182 pairs a
    # step, 128 or more (the pool's floor) on 111 of these 800 steps, and the
    # trajectory is the golden one on any number of threads.
    sim = load(root, "bin-picking")
    assert sim.threads == 1
    sim.threads = 2
    assert sim.threads == 2
    sim.step(800)
    assert sim.state_hash() == golden[("bin-picking", "scene", 800)]
    sim.reset()
    assert sim.threads == 2
    sim.threads = 0  # one per hardware thread
    assert 1 <= sim.threads <= 16
    with pytest.raises(ValueError, match="threads"):
        sim.threads = 17
    with pytest.raises(ValueError, match="threads"):
        sim.threads = -1


def test_a_forked_child_steps_serially_to_the_same_bits_and_exits(root):
    # os.fork after the pool's threads exist (multiprocessing's "fork"
    # start does the same): the child has no threads, so its pool runs
    # serially, and dropping the simulation there must not wait on the
    # parent's threads (glibc's pthread_cond_destroy did: the child hung).
    sim = load(root, "bin-picking")
    sim.threads = 2
    sim.step(100)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its hash down the pipe, then drop the simulation
        try:
            sim.step(300)
            os.write(write, sim.state_hash().encode())
            del sim
        finally:
            os._exit(0)
    os.close(write)
    sim.step(300)
    deadline = time.monotonic() + 60.0
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the forked child did not exit within 60 s")
        time.sleep(0.05)
    child_hash = os.read(read, 64).decode()
    os.close(read)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert child_hash == sim.state_hash()


def test_the_cli_prints_the_same_summary(root):
    scene = root / "assets" / "scenes" / "two-finger-cylinder.json"
    cli = json.loads(subprocess.run([str(root / "build" / "native" / "grasplab"), "run", str(scene), "--steps", "400"],
                                    check=True, capture_output=True, text=True).stdout)
    sim = grasplab.Simulation.from_file(str(scene))
    sim.step(400)
    mine = sim.summary()
    assert mine["stateHash"] == cli["stateHash"]
    assert mine["bodies"] == cli["bodies"]


def test_arrays_have_their_documented_shapes_and_types(root):
    sim = load(root, "barrett-handset")
    n = len(sim.body_names)
    assert sim.poses().shape == (n, 7) and sim.poses().dtype == np.float64
    assert sim.velocities().shape == (n, 6)
    assert sim.joints().shape[1] == grasplab.JOINT_STRIDE
    layout = grasplab.frame_layout
    assert sim.stats().shape == (layout["statsSize"],)
    assert layout["stageNames"][0] == "integratePositions"
    # Unit quaternions.
    assert np.allclose(np.linalg.norm(sim.poses()[:, 3:], axis=1), 1.0, atol=1e-12)
    # A copy: writing to it changes nothing in the simulation.
    p = sim.poses()
    p[:] = 0.0
    assert sim.poses()[:, 3:].any()


def test_the_handset_grasp_reaches_force_closure(root):
    # The paper's Figure 3 grasp: the dynamic auto-grasp ends in force closure.
    sim = load(root, "barrett-handset")
    sim.step(int(round(3.0 / sim.timestep)))
    g = sim.grasp()
    assert g["forceClosure"] is True
    assert g["epsilonL1"] > 0.0


def test_the_pads_grasp_is_two_soft_finger_contacts_in_force_closure(root):
    # The jaw holding the cube on its compliant pads (default, reduced
    # formulation): the grasp analysis sees one soft-finger contact per
    # pressed pad, and two soft fingers on opposite faces are force closure.
    sim = load(root, "parallel-jaw-cube-pads")
    sim.step(1180)  # 2.95 s: lifted and held still
    g = sim.grasp()
    assert g["contacts"] == 2
    assert g["forceClosure"] is True
    assert g["epsilonL1"] > 0.0


def test_a_robot_driven_from_python_follows_its_set_point(root):
    text = (root / "assets" / "scenes" / "barrett-handset.json").read_text()
    scene = json.loads(text)
    scene["actions"] = []
    sim = grasplab.Simulation.from_json(json.dumps(scene), str(root / "assets"))
    sim.set_external_control("hand", True)
    for _ in range(600):  # 1.5 s: a ramp to 0.5 rad over 0.5 s, then held
        sim.set_joint_target("hand", "thumb_proximal_joint", min(0.5, sim.time))
        sim.step()
    thumb = next(j for j in sim.robot_joints("hand") if j["name"] == "thumb_proximal_joint")
    assert abs(thumb["position"] - 0.5) < 0.02
    assert thumb["target"] == 0.5


def test_bad_input_raises_valueerror_naming_the_field_and_keeps_other_simulations(root):
    good = load(root, "falling-sphere")
    good.step(10)
    before = good.state_hash()
    with pytest.raises(ValueError, match=r"^bodies\[0\]\.mass: number 1e400 overflows a double \(line 1, column"):
        grasplab.Simulation.from_json('{"format": "grasplab-scene", "version": 1, "bodies": [{"name": "a", "mass": 1e400}]}')
    with pytest.raises(ValueError, match=r"^bodies\[0\]\.shape: required"):
        grasplab.Simulation.from_json('{"format": "grasplab-scene", "version": 1, "bodies": [{"name": "a", "mass": 1}]}')
    with pytest.raises(ValueError, match="cannot open file"):
        grasplab.Simulation.from_file(str(root / "no-such.json"))
    with pytest.raises(ValueError, match='no robot named "arm"'):
        good.robot_joints("arm")
    with pytest.raises(ValueError, match="n must be >= 0"):
        good.step(-1)
    assert good.state_hash() == before and good.step_count == 10
    good.step(1)
    assert good.step_count == 11


def test_the_tilting_plane_lesson_slides_past_atan_mu_and_holds_below(root):
    # The friction-cone lesson's scene (mu = 0.5) tilted by turning gravity:
    # the box sticks at 25 degrees (tan 25 = 0.466 < 0.5) and slides at 28
    # (tan 28 = 0.532) with a = g (sin - mu_k cos); lowering mu to 0.4 makes
    # 25 degrees slide too. Bad gravity is refused by name, nothing changed.
    import math
    path = root / "assets" / "lessons" / "scenes" / "tilting-plane.json"

    def slide(deg, mu=None):
        sim = grasplab.Simulation.from_file(str(path))
        t = math.radians(deg)
        sim.set_gravity(G * math.sin(t), 0.0, -G * math.cos(t))
        if mu is not None:
            sim.set_material_friction("rubber", mu, mu)
        x0 = sim.poses()[1, 0]
        sim.step(400)  # 1 s
        return sim.poses()[1, 0] - x0, sim.velocities()[1, 0]

    assert abs(slide(25.0)[0]) < 1e-6
    x, v = slide(28.0)
    t = math.radians(28.0)
    assert v == pytest.approx(G * (math.sin(t) - 0.5 * math.cos(t)) * 1.0, rel=0.05)
    assert slide(25.0, mu=0.4)[0] > 0.01
    sim = grasplab.Simulation.from_file(str(path))
    with pytest.raises(ValueError, match=r"^gravity\[2\]: "):
        sim.set_gravity(0.0, 0.0, float("nan"))
    with pytest.raises(ValueError, match="no material named"):
        sim.set_material_friction("steel", 0.5, 0.5)
    assert sim.settings()["gravity"] == [0, 0, -G]


def test_the_handset_wrench_space_weakest_facet_is_at_epsilon(root):
    # After the dynamic auto-grasp (force closure), every L1 generator lies
    # behind the weakest facet, whose distance from the origin is epsilon.
    sim = load(root, "barrett-handset")
    sim.step(800)  # 2 s
    g = sim.grasp()
    w = sim.wrench_space()
    assert g["forceClosure"] and w["forceClosure"]
    gen = w["generators"]
    assert gen.shape == (g["wrenches"], 6)
    weakest = np.array(w["weakest"])
    assert np.linalg.norm(weakest) == pytest.approx(1.0, abs=1e-12)
    assert w["margin"] == pytest.approx(g["epsilonL1"], rel=1e-12)
    assert (gen @ weakest).max() == pytest.approx(w["margin"], abs=1e-9)


def test_grasp_probe_pinch_is_open_and_a_third_contact_closes_it():
    # Two antipodal point contacts on a 5 cm cube cannot resist the twist
    # about their axis (rank 5, weakest = that torque); a third contact with
    # friction on another face closes the grasp.
    def probe(contacts, mu=0.5):
        return grasplab.grasp_probe({
            "contacts": [{"position": p, "normal": n, "friction": mu} for p, n in contacts],
            "center": [0, 0, 0], "torqueScale": 0.0433})
    pinch = [([0.025, 0, 0], [-1, 0, 0]), ([-0.025, 0, 0], [1, 0, 0])]
    two = probe(pinch)
    assert not two["forceClosure"] and two["rank"] == 5
    assert abs(two["wrenchSpace"]["weakest"][3]) == pytest.approx(1.0, abs=1e-9)
    three = probe(pinch + [([0, 0.025, 0.008], [0, -1, 0])])
    assert three["forceClosure"] and three["epsilonL1"] > 0
    with pytest.raises(ValueError, match=r"^contacts\[0\]\.normal: must not be zero$"):
        probe([([0, 0, 0], [0, 0, 0])])


def test_the_handset_grasp_as_probe_input_evaluates_to_the_live_grasp_exactly(root):
    # Simulation.grasp_probe_input() is the grasp's contacts, centre and
    # settings; grasp_probe of it (through Python's json) gives the live L1
    # metrics bit for bit, and with linf the L-infinity epsilon above L1.
    sim = load(root, "barrett-handset")
    sim.step(800)
    g = sim.grasp()
    probe = sim.grasp_probe_input()
    assert len(probe["contacts"]) == g["contacts"] == 5
    again = grasplab.grasp_probe(probe)
    for key in ("forceClosure", "epsilonL1", "volumeL1", "contacts", "wrenches", "rank"):
        assert again[key] == g[key], key
    none = load(root, "falling-sphere")
    assert none.grasp_probe_input() is None


def test_box_stacks_sleep_and_a_push_wakes_one_stack(root):
    # The box stacks scene turns sleeping islands on: after 1 s every stack
    # sleeps; a velocity set from Python wakes the pushed stack only, and the
    # same push replays to the same state hash (native, WASM, Python alike).
    def run():
        sim = load(root, "box-stacks")
        sim.step(400)
        asleep = sim.sleeping()
        assert asleep.dtype == bool and not asleep[0] and asleep.sum() == 100
        assert sim.summary()["sleep"] == {"enabled": True, "awakeIslands": 0, "sleepingIslands": 25,
                                          "awakeBodies": 0, "sleepingBodies": 100}
        hash_asleep = sim.state_hash()
        sim.step(100)
        assert sim.state_hash() == hash_asleep  # asleep: bit for bit still
        top = 4  # the first stack's top box
        sim.set_body_velocity(top, [0.3, 0.0, 0.0], [0.0, 0.0, 0.0])
        assert not sim.sleeping()[1:5].any() and sim.sleeping()[5:].all()
        sim.step(40)
        assert sim.summary()["sleep"]["awakeBodies"] >= 1
        assert sim.velocities()[top, 0] > 0.0 or sim.poses()[top, 0] > -0.5
        with pytest.raises(ValueError, match="static"):
            sim.set_body_velocity(0, [1.0, 0.0, 0.0], [0.0, 0.0, 0.0])
        sim.set_body_pose(8, [-0.5, -0.25, 1.0], [1.0, 0.0, 0.0, 0.0])  # lifts the second stack's top box: it falls
        assert not sim.sleeping()[8]
        sim.step(400)
        return sim.state_hash()

    assert run() == run()

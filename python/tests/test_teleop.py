# Teleoperation from Python (docs/teleoperation.md): the golden pick-up
# session replays to the golden hash (the native CLI's and WASM's), twice
# alike; live commands equal their recorded session replayed; malformed
# records are refused naming the field.
import json

import pytest

import grasplab


def load(root):
    return grasplab.Simulation.from_file(str(root / "assets" / "scenes" / "teleop-bunny.json"))


def golden(root):
    runs = json.loads((root / "tests" / "golden" / "state_hashes.json").read_text())["runs"]
    return next(r for r in runs if r.get("teleop") == "teleop-bunny-pickup.json")


def test_the_golden_session_replays_to_the_golden_hash_and_lifts_the_bunny(root):
    run = golden(root)
    session = (root / "tests" / "golden" / run["teleop"]).read_text()
    hashes = []
    for _ in range(2):
        sim = load(root)
        bunny = [b["name"] for b in sim.description()["bodies"]].index("bunny")
        z0 = sim.poses()[bunny, 2]
        sim.queue_teleop(session)
        sim.step(run["steps"])
        hashes.append(sim.state_hash())
        # The hand rises 10 cm from the floor of its box; the bunny with it, within 1.5 cm.
        assert sim.poses()[bunny, 2] - z0 == pytest.approx(0.10, abs=0.015)
    assert hashes == [run["hash"], run["hash"]]


def test_live_commands_give_the_hash_of_their_recording_replayed(root):
    commands = json.loads((root / "tests" / "golden" / "teleop-bunny-pickup.json").read_text())["commands"]
    live = load(root)
    step = 0
    for c in commands:
        live.step(c["step"] - step)
        step = c["step"]
        live.teleop_command(c["velocity"], c.get("angularVelocity", [0, 0, 0]), c["closure"])
    live.step(1800 - step)
    assert live.teleop()["records"] == len(commands)
    replay = load(root)
    replay.queue_teleop(live.teleop_session())
    replay.step(1800)
    assert replay.state_hash() == live.state_hash()


def test_malformed_records_are_refused_naming_the_field(root):
    sim = load(root)
    bad = {"format": "grasplab-teleop", "version": 1, "commands": [{"step": 0, "closure": 0}, {"step": 3, "closure": 1.5}]}
    with pytest.raises(ValueError, match=r"^teleop\.commands\[1\]\.closure: "):
        sim.queue_teleop(json.dumps(bad))
    assert sim.teleop()["records"] == 0
    with pytest.raises(ValueError, match=r"^teleop_command: velocity and angular_velocity have 3 numbers each"):
        sim.teleop_command([0, 0], [0, 0, 0], 0)

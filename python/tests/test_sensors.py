# Sensors from Python (docs/sensors.md): the bundled parallel-jaw cube's wrist
# force/torque sensor reads the hand's and the cube's weight at rest, the
# encoders equal the joint array, the pads sum to their contact forces, and
# the readings are the CLI's, bit for bit.
import json
import subprocess

import numpy as np
import pytest

import grasplab

G = 9.81


def load(root):
    return grasplab.Simulation.from_file(str(root / "assets" / "scenes" / "parallel-jaw-cube.json"))


def test_wrist_encoders_and_pads_at_rest_holding_the_cube(root):
    sim = load(root)
    assert [s["count"] for s in sim.sensors()] == [0, 0, 0, 0]
    sim.step(1180)  # lifted and held still (2.95 s)
    sensors = {s["name"]: s for s in sim.sensors()}
    wrist = sim.sensor_values("wrist")
    assert wrist.shape == (6,)
    assert wrist[2] == pytest.approx(-(0.5 + 0.2) * G, rel=0.01)
    assert np.hypot(wrist[0], wrist[1]) < 0.01 * 0.7 * G
    assert list(wrist[:3]) == sensors["wrist"]["force"]
    # Encoders: the URDF value of each jaw; the joint array's coordinate
    # column (9) is the World coordinate, which starts at the URDF value 0.
    enc = sim.sensor_values("jaw-encoders").reshape(-1, 3)
    joints = sim.joints()
    assert enc.shape == (2, 3)
    assert enc[0, 0] == joints[0, 9]
    assert enc[1, 0] == joints[1, 9]
    # Pads: each squeezes with half the master's motor effort (mimic coupling).
    for pad in ("left-pad", "right-pad"):
        taxels = sim.sensor_values(pad)
        assert taxels.shape == (32,)
        assert taxels.sum() == pytest.approx(enc[0, 2] / 2, rel=0.01)
    with pytest.raises(ValueError, match='no sensor named "nope"'):
        sim.sensor_values("nope")


def test_readings_are_the_cli_s(root, cli):
    sim = load(root)
    sim.step(600)
    out = subprocess.run([str(cli), "run", "--scene", "parallel-jaw-cube", "--steps", "600"], check=True,
                         capture_output=True, text=True).stdout
    assert json.loads(out)["sensors"] == sim.summary()["sensors"] == sim.sensors()

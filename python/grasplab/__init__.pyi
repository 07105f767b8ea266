# Type stub of the grasplab package (docs/python.md): the extension
# grasplab._core (Simulation, grasp_probe, the layouts) as the package
# re-exports it, and the package's grasp-set API.
import os
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt


_PathLike = Union[str, os.PathLike[str]]
_Json = Dict[str, Any]
_Array = npt.NDArray[np.float64]

CONTACT_STRIDE: int
JOINT_STRIDE: int
frame_layout: _Json
GRASP_SET_FORMAT: str  # "grasplab-grasps"
GRASP_RESULTS_FORMAT: str  # "grasplab-grasp-results"

def grasp_probe(probe: Mapping[str, Any]) -> _Json:
    """Force closure, epsilon and the wrench space of hand-placed contacts (io/grasp_probe.h)."""

class Simulation:
    """One scene, stepped by the core (the CLI's and the page's trajectory, bit for bit)."""

    @staticmethod
    def from_file(path: str) -> Simulation:
        """Loads a scene file (assets from the assets/ folder that contains it)."""
    @staticmethod
    def from_link(link: str, asset_root: Optional[Union[str, os.PathLike[str]]] = None) -> Simulation:
        """Loads a scene from a share link, a "#scene=..." fragment or its value; assets from asset_root
        (default: the repository's assets/)."""
    @staticmethod
    def from_json(text: str, asset_root: str = "") -> Simulation:
        """Loads a scene from JSON text; assets ('assets/...') are read from asset_root."""
    def step(self, n: int = 1) -> None:
        """Advances n steps of the scene's timestep (the GIL is released)."""
    def reset(self) -> None:
        """Rebuilds the scene from its spec: time 0, actions pending again."""
    def state_hash(self) -> str:
        """FNV-1a of every pose and velocity, hex, as the CLI and the page print it."""
    @property
    def threads(self) -> int:
        """Worker threads for the step (1 by default; setting 0 takes one per hardware thread, at most 16)."""
    @threads.setter
    def threads(self, value: int) -> None: ...
    @property
    def time(self) -> float: ...
    @property
    def step_count(self) -> int: ...
    @property
    def timestep(self) -> float: ...
    @property
    def name(self) -> str: ...
    @property
    def body_names(self) -> List[str]: ...
    @property
    def warnings(self) -> List[str]: ...
    def poses(self) -> _Array:
        """(bodies, 7) float64: x, y, z, qw, qx, qy, qz."""
    def velocities(self) -> _Array:
        """(bodies, 6) float64: vx, vy, vz, wx, wy, wz."""
    def sleeping(self) -> _Array:
        """(bodies,) bool: asleep (sleeping islands; static bodies never are)."""
    def contacts(self) -> _Array:
        """(contacts, CONTACT_STRIDE) float64, core/io/frame_arrays.h."""
    def joints(self) -> _Array:
        """(joints, JOINT_STRIDE) float64, core/io/frame_arrays.h."""
    def stats(self) -> _Array:
        """The last step's stage seconds and counters, core/io/frame_arrays.h."""
    def summary(self) -> _Json:
        """What `grasplab run` prints."""
    def sensors(self) -> List[_Json]:
        """Every sensor's last reading (docs/sensors.md): name, type, time, step, count and its values."""
    def sensor_values(self, name: str) -> _Array:
        """One sensor's reading, float64: joint [q, qd, effort] per joint; force_torque [fx, fy, fz, tx, ty, tz]; tactile taxels row-major."""
    def queue_teleop(self, session_json: str) -> None:
        """Queue a recorded teleoperation session's (step, command) records (docs/teleoperation.md)."""
    def teleop_command(self, velocity: Sequence[float], angular_velocity: Sequence[float], closure: float) -> None:
        """A live teleoperation command from the current step on (world frame: m/s, rad/s; closure 0..1)."""
    def teleop_session(self) -> str:
        """The teleoperation records so far, as session JSON."""
    def teleop(self) -> Optional[_Json]:
        """The scene's teleop set-up (robot, workspace, speeds, timeConstant, records, engaged), or None."""
    def description(self) -> _Json: ...
    def settings(self) -> _Json:
        """The settings in force, defaults included."""
    def robot_joints(self, robot: str) -> List[_Json]: ...
    def grasp(self, linf: bool = False) -> _Json:
        """Force closure, epsilon and volume of the scene's grasp."""
    def action(self, type: str, robot: str, duration: float = 1.0) -> None: ...
    def set_external_control(self, robot: str, external: bool = True) -> None: ...
    def grasp_probe_input(self) -> Optional[_Json]:
        """The grasp as grasp_probe input (contacts, center, torqueScale, settings); None without a grasp."""
    def wrench_space(self) -> _Json:
        """The grasp's L1 wrench space: generators (n, dim), the weakest direction and its margin."""
    def set_gravity(self, gx: float, gy: float, gz: float) -> None: ...
    def set_body_pose(self, body: int, position: Sequence[float], orientation: Sequence[float]) -> None: ...
    def set_body_velocity(self, body: int, linear: Sequence[float], angular: Sequence[float]) -> None: ...
    def set_material_friction(self, material: str, static_friction: float, kinetic_friction: float) -> None: ...
    def set_joint_target(self, robot: str, joint: str, position: float, velocity: float = 0.0) -> None: ...

class GraspSet:
    """A grasp set or its results: the header and one dict per grasp."""

    header: _Json
    rows: List[_Json]
    asset_root: Optional[str]
    def __init__(self, header: Mapping[str, Any], rows: Iterable[Mapping[str, Any]] = ...,
                 asset_root: Optional[str] = None) -> None: ...
    @property
    def format(self) -> str: ...
    @property
    def set_id(self) -> str: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[_Json]: ...
    def __getitem__(self, k: int) -> _Json: ...
    def __eq__(self, other: object) -> bool: ...
    def lines(self) -> List[str]:
        """The file's lines: the header, then each row, as compact JSON."""
    def write(self, path: _PathLike) -> _PathLike:
        """Writes the set atomically (path + ".partial", then os.replace); returns path."""
    def summary(self) -> _Json:
        """io/grasp_set.h SummarizeGraspRows of the rows."""

def read_grasps(path: _PathLike) -> GraspSet:
    """Reads a grasp set or results file strictly; ValueError names file:line and the field."""

def plan(scene: _PathLike, robot: Optional[str] = None, object: Optional[str] = None, grasps: int = 10,
         seed: int = 1, steps: int = 1000, indices: Optional[Iterable[int]] = None,
         asset_root: Optional[_PathLike] = None) -> GraspSet:
    """Plans a grasp set (a scene path or JSON text), as `grasplab plan` does."""

def evaluate(grasps: Union[GraspSet, _PathLike], rows: Optional[Iterable[int]] = None,
             asset_root: Optional[_PathLike] = None) -> GraspSet:
    """Verifies a set's grasps by dynamics, as `grasplab evaluate` does."""

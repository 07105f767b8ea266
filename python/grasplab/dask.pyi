# Type stub of grasplab.dask (docs/python.md).
import os
from typing import Any, Optional, Union

from . import GraspSet

def evaluate(grasps: Union[GraspSet, str, os.PathLike[str]], client: Any, chunk_size: Optional[int] = None,
             asset_root: Optional[str] = None) -> GraspSet:
    """Verifies a grasp set on a Dask cluster (client: dask.distributed.Client); equal to grasplab.evaluate."""

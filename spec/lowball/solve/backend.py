"""The array module a solve runs on: numpy, or CuPy where it is installed and a GPU is present.

The solvers of games with several draws (``lowball.solve.merged``, ``lowball.solve.full``, ``lowball.solve.recall``)
take the module as ``xp`` and call only what numpy and CuPy share, so one text of each kernel runs on both
(``lowball solve --backend cupy``). Nothing in the tests needs a GPU: CuPy is refused in one line where it cannot
run.

>>> array_module("numpy").__name__, BACKENDS
('numpy', ('numpy', 'cupy'))
"""

from __future__ import annotations

import importlib

import numpy as np

from lowball.errors import LowballError

BACKENDS = ("numpy", "cupy")


def array_module(name: str = "numpy"):
    """Return the array module named, or raise ``LowballError`` in one line saying why it cannot run here.

    >>> array_module("torch")
    Traceback (most recent call last):
    lowball.errors.LowballError: --backend must be numpy or cupy, got 'torch'
    """
    if name == "numpy":
        return np
    if name != "cupy":
        raise LowballError(f"--backend must be {' or '.join(BACKENDS)}, got {name!r}")
    try:
        cupy = importlib.import_module("cupy")
    except ImportError:
        raise LowballError("--backend cupy needs CuPy, which is not installed here (on a machine with an NVIDIA GPU: "
                           "pip install cupy-cuda12x); numpy, the default, needs nothing") from None
    try:
        devices = cupy.cuda.runtime.getDeviceCount()
    except cupy.cuda.runtime.CUDARuntimeError as err:       # no driver, or no device the driver can open
        raise LowballError(f"--backend cupy: no GPU can be used here ({err}); numpy, the default, "
                           f"needs none") from None
    if devices < 1:
        raise LowballError("--backend cupy: this machine has no GPU; numpy, the default, needs none")
    return cupy


def to_numpy(array) -> np.ndarray:
    """Return an array of either module as a numpy array (a CuPy array is copied from the GPU).

    >>> to_numpy(np.arange(3)).tolist()
    [0, 1, 2]
    """
    get = getattr(array, "get", None)
    return np.asarray(get() if callable(get) and not isinstance(array, np.ndarray) else array)

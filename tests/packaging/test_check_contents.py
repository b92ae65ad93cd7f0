"""packaging/check-contents.sh, which `make check-dist` runs on the standalone folder, refuses what must
not ship and names it: a library off packaging/bundled-libraries.txt, a link out of the folder, a library
that a bundled file links but that is neither bundled nor on packaging/system-libraries.txt, a folder of
200 MiB or more (the limit docs/packaging.md gives).

The folders here are small imitations of PyInstaller's layout made of real ELF files from the
development venv's wheels: NumPy's core extension with the OpenBLAS, gfortran and quadmath it links
from numpy.libs/ (and the link PyInstaller puts beside the others), and Qt's GTK 3 theme plugin, which
the spec leaves out.
"""

import os
import shutil
import subprocess
from pathlib import Path

import numpy
import PySide6
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "check-contents.sh"
LIMIT_MIB = 200  # docs/packaging.md: the folder stays under 200 MiB
NUMPY = Path(numpy.__file__).parent
NUMPY_LIBS = NUMPY.parent / "numpy.libs"
(CORE,) = (NUMPY / "_core").glob("_multiarray_umath.*.so")
(OPENBLAS,) = NUMPY_LIBS.glob("libscipy_openblas*.so")
(GFORTRAN,) = NUMPY_LIBS.glob("libgfortran-*.so*")
GTK_THEME = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platformthemes" / "libqgtk3.so"


@pytest.fixture(scope="module")
def model_folder(tmp_path_factory) -> Path:
    """A folder that passes: NumPy's extension, numpy.libs/, and OpenBLAS's link beside the others."""
    folder = tmp_path_factory.mktemp("standalone") / "embedding-visualizer"
    internal = folder / "_internal"
    (internal / "numpy" / "_core").mkdir(parents=True)
    shutil.copy2(CORE, internal / "numpy" / "_core")
    shutil.copytree(NUMPY_LIBS, internal / "numpy.libs")
    (internal / OPENBLAS.name).symlink_to(Path("numpy.libs") / OPENBLAS.name)
    return folder


@pytest.fixture
def folder(model_folder, tmp_path) -> Path:
    """A copy of the passing folder to spoil (hard links: no 35 MB copied per test)."""
    copy = tmp_path / "embedding-visualizer"
    shutil.copytree(model_folder, copy, symlinks=True, copy_function=os.link)
    return copy


def check(what: str, folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), what, str(folder)], capture_output=True, text=True, timeout=60)


def test_a_folder_of_listed_libraries_linking_what_it_holds_passes(folder):
    for what in ("libraries", "links", "size"):
        result = check(what, folder)
        assert result.returncode == 0, result.stdout + result.stderr
    listed = check("list", folder).stdout.splitlines()
    assert listed == sorted([f"_internal/numpy/_core/{CORE.name}", f"_internal/{OPENBLAS.name}",
                             *(f"_internal/numpy.libs/{lib.name}" for lib in NUMPY_LIBS.iterdir())])


def test_a_library_off_the_allow_list_is_named(folder):
    internal = folder / "_internal"
    plugin = internal / "PySide6" / "Qt" / "plugins" / "platformthemes" / "libqgtk3.so"
    plugin.parent.mkdir(parents=True)
    shutil.copy2(GTK_THEME, plugin)
    shutil.copy2(GFORTRAN, internal / "libgtk-3.so.0")  # a build machine's library beside the others
    result = check("libraries", folder)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "_internal/PySide6/Qt/plugins/platformthemes/libqgtk3.so: not on packaging/bundled-libraries.txt",
        "_internal/libgtk-3.so.0: not on packaging/bundled-libraries.txt",
    ]


def test_a_link_out_of_the_folder_is_named(folder):
    (folder / "_internal" / "libgfortran.so.5").symlink_to(GFORTRAN)
    result = check("libraries", folder)
    assert result.returncode == 1
    assert result.stdout == f"_internal/libgfortran.so.5: a link to {GFORTRAN.resolve()}, outside the folder\n"


def test_a_linked_library_neither_bundled_nor_on_the_system_list_is_named(folder):
    internal = folder / "_internal"
    (internal / "numpy.libs" / GFORTRAN.name).unlink()
    result = check("links", folder)
    assert result.returncode == 1
    assert (f"{GFORTRAN.name} (linked by _internal/numpy.libs/{OPENBLAS.name}): neither bundled nor on "
            "packaging/system-libraries.txt") in result.stdout.splitlines()
    # The GTK theme plugin links GTK 3, which is on neither list, and Qt's libraries, which are not here.
    plugin = internal / "libqgtk3.so"
    shutil.copy2(GTK_THEME, plugin)
    named = {line.split(" (linked by ")[0] for line in check("links", folder).stdout.splitlines()
             if "(linked by _internal/libqgtk3.so)" in line}
    assert {"libgtk-3.so.0", "libgdk-3.so.0", "libcairo.so.2", "libQt6Gui.so.6"} <= named
    assert not named & {"libX11.so.6", "libglib-2.0.so.0", "libGL.so.1", "libstdc++.so.6", "libc.so.6"}


def test_a_folder_of_200_mib_or_more_is_refused(folder):
    under = check("size", folder)
    assert under.returncode == 0 and f"(limit {LIMIT_MIB} MiB)" in under.stdout
    with open(folder / "_internal" / "padding", "wb") as padding:
        os.posix_fallocate(padding.fileno(), 0, LIMIT_MIB * 2**20)  # blocks on disk, which du counts
    over = check("size", folder)
    assert over.returncode == 1
    size = int(over.stdout.split("folder: ")[1].split(" MiB")[0])
    assert size >= LIMIT_MIB
    assert f"{folder} is {size} MiB: it must stay under {LIMIT_MIB} MiB" in over.stdout

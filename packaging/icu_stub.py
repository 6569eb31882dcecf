"""ICU's "stub data" in place of the ICU data library Qt brings (read by ``scorekeeper.spec``).

Qt's Linux libraries link ICU, whose data library (``libicudata.so.<N>``, about 30 MiB)
holds collation rules, legacy text encodings, international domain names and the like.
The app uses none of these: Qt's own tables serve its locales, text layout, case and
normalisation, and its text is UTF-8. ICU itself builds an empty "stub" data library for
installations that load their data from files; this module builds the same with the
system's C compiler, so the bundle carries a 15 kB library instead. Without a C compiler
the bundle keeps the full data library.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path, PurePath

Entry = tuple[str, str, str]  # PyInstaller's (name in the bundle, source file, kind)
DATA_LIBRARY = re.compile(r"libicudata\.so\.(\d+)$")

# ICU's stubdata.cpp: a common data package ("ToCP") of no entries
STUB_SOURCE = """\
#include <stdint.h>
typedef struct {{
    uint16_t header_size; uint8_t magic1, magic2;
    uint16_t size, reserved_word;
    uint8_t is_big_endian, charset_family, sizeof_uchar, reserved_byte;
    uint8_t data_format[4], format_version[4], data_version[4];
    char padding[8]; uint32_t count, reserved; uint32_t toc[2];
}} Header;
__attribute__((visibility("default"))) const Header {symbol} = {{
    32, 0xda, 0x27, 20, 0, {big_endian}, 0, 2, 0,
    {{0x54, 0x6f, 0x43, 0x50}}, {{1, 0, 0, 0}}, {{0, 0, 0, 0}}, {{0}}, 0, 0, {{0, 0}}}};
"""


def stub_library(name: str, folder: Path, compiler: str | None) -> Path | None:
    """The stub for ICU data library ``name`` (``libicudata.so.73``), built in ``folder``;
    None without a compiler or for a name that is not an ICU data library."""
    found = DATA_LIBRARY.search(name)
    if found is None or compiler is None:
        return None
    source = folder / "icu-stub.c"
    folder.mkdir(parents=True, exist_ok=True)
    big_endian = int(sys.byteorder == "big")
    source.write_text(STUB_SOURCE.format(symbol=f"icudt{found[1]}_dat", big_endian=big_endian))
    library = folder / name
    subprocess.run(
        [
            compiler,
            "-shared",
            "-fPIC",
            "-O2",
            f"-Wl,-soname,{name}",
            "-o",
            str(library),
            str(source),
        ],
        check=True,
    )
    return library


def c_compiler() -> str | None:
    return shutil.which("cc") or shutil.which("gcc")


def stub_icu_data(binaries: list[Entry], folder: Path, compiler: str | None) -> list[Entry]:
    """``binaries`` with each ICU data library's source replaced by the stub built with
    ``compiler`` (None: none on this system, the libraries stay as they are)."""
    if compiler is None and any(DATA_LIBRARY.search(name) for name, _, _ in binaries):
        print("icu_stub: no C compiler; the bundle keeps ICU's full data", file=sys.stderr)
    kept = []
    for name, source, kind in binaries:
        stub = stub_library(PurePath(name).name, folder, compiler)
        kept.append((name, str(stub), kind) if stub else (name, source, kind))
    return kept

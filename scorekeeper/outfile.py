"""Writing an output file safely: whole or not at all, and never over something precious.

Only a regular file is written (a device or a folder is refused); a read-only target or
one reached through a symbolic link is refused unless the user forces it; the target may
never be the file being read or the match database (with its ``-wal`` and ``-shm``
files). The data goes to a hidden file beside the target, is synced, then renamed over
it, so a failure leaves any earlier file as it was and nothing behind; messages name the
target, never the hidden file. ``-`` writes to standard output.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from scorekeeper import database_files
from scorekeeper.paths import what_it_is

STDOUT = "-"


class OutputError(OSError):
    """The output cannot be written as asked; the message says why. Nothing was written."""


def check_target(
    path: str | os.PathLike[str],
    protected: Iterable[tuple[Path, str]] = (),
    force: bool = False,
    force_option: str | None = "--force",
) -> None:
    """Refuse, before any work, a target that must not or cannot be written. ``protected``
    pairs a file that must stay as it is (with its ``-wal``, ``-shm``) with what it is;
    ``force_option`` is how the user can insist, when the surface has such an option."""
    if os.fspath(path) == STDOUT:
        return
    path = Path(path)
    real = Path(os.path.realpath(path))
    if database_files.held_here(real):
        raise OutputError(f"{path} is the match database in use; choose another output file")
    for kept, words in protected:
        for precious in (kept, Path(f"{kept}-wal"), Path(f"{kept}-shm")):
            if real == Path(os.path.realpath(precious)) or _same_file(real, precious):
                raise OutputError(f"{path} is {words}; choose another output file")
    try:
        link = path.lstat()
    except FileNotFoundError:
        if not path.parent.is_dir():
            raise OutputError(
                f"{path} cannot be written: the folder {path.parent} does not exist"
            ) from None
        return
    except OSError as error:
        raise OutputError(f"{path} cannot be written: {error.strerror}") from None
    try:
        target = path.stat()
    except OSError:
        target = link
    if not stat.S_ISREG(target.st_mode):
        if stat.S_ISLNK(target.st_mode):
            raise OutputError(f"{path} is a symbolic link that leads nowhere")
        raise OutputError(f"{path} cannot be written: {what_it_is(target.st_mode)}")
    if force:
        return
    if stat.S_ISLNK(link.st_mode):
        how = f"; give {force_option} to replace the file it leads to" if force_option else ""
        raise OutputError(f"{path} is a symbolic link to {real}, so it was not written{how}")
    if not target.st_mode & 0o222:
        how = f"; give {force_option} to replace it" if force_option else ""
        raise OutputError(f"{path} is read-only, so it was not replaced{how}")


def _same_file(first: Path, second: Path) -> bool:
    try:
        return first.samefile(second)
    except OSError:
        return False


def write_output(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (``-``: standard output)."""
    if os.fspath(path) == STDOUT:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    path = Path(path)
    target = Path(os.path.realpath(path))  # through a link the user forced: the file it names
    try:
        handle, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
        )
    except OSError as error:
        raise OutputError(f"{path} cannot be written: {output_problem(error)}") from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise OutputError(
            f"{path} could not be written: {output_problem(error)}; nothing was written"
        ) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def output_problem(error: OSError) -> str:
    """Why writing failed, in words: a full disk, a used-up quota and the file-size limit
    (``ulimit -f``) are each named as what they are."""
    if error.errno == errno.EFBIG:
        limit = file_size_limit()
        size = f", {limit:,} bytes" if limit is not None else ""
        return f"the file would exceed the file-size limit (ulimit -f{size})"
    if error.errno == errno.ENOSPC:
        return "the disk is full"
    if error.errno == errno.EDQUOT:
        return "the disk quota is used up"
    return error.strerror or str(error)


def file_size_limit() -> int | None:
    """The largest file this process may write (``ulimit -f``), or ``None`` when unlimited."""
    try:
        import resource
    except ImportError:  # a system without such limits
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    return None if soft == resource.RLIM_INFINITY else soft


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask

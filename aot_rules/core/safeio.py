"""Reading and writing the user's files so that no path can hurt: only regular files are read, never
more than a cap, and a save replaces nothing but a regular file.

Why each guard exists:

* A path may name a device (``/dev/zero`` never ends), a FIFO (opening it blocks until a writer comes,
  reading blocks for ever), a socket or a directory.  :func:`read_capped` opens without blocking and
  refuses anything that is not a regular file, asking the open descriptor (``fstat``), not the path, so
  the file cannot be swapped between the check and the read.
* ``st_size`` lies for ``/proc`` files and for a file that grows while read, so the cap is counted on the
  bytes actually read: at most ``limit + 1`` bytes are ever held.
* A save is written to a temporary file beside the target and renamed over it (a crash never leaves a
  cut file), but a rename replaces whatever the target is: :func:`write_atomic` refuses a target that
  exists and is not a regular file (a FIFO, a symlink, a device node such as ``/dev/full``, a directory),
  and gives the new file the old one's permission bits (or the umask's, for a new file), as an ordinary
  write would.

Every refusal is an :class:`UnsafeFile` whose message is one short line; each file format wraps it
in its own error type (``ArmyFileError``, ``SaveFileError``) with its rule of where it came from.
This module knows no game.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from aot_rules.core.i18n import Message, msg, nmsg
from aot_rules.core.i18n import text as rendered

_CHUNK = 64 * 1024
#: The most digits an integer in a file may have: a seed is at most 19, a count 4.  Python refuses to
#: convert more than 4,300 with a ValueError no file format expects; far fewer are ever meaningful.
MAX_DIGITS = 24

_KINDS = ((stat.S_ISDIR, msg("a directory")), (stat.S_ISFIFO, msg("a FIFO (named pipe)")),
          (stat.S_ISSOCK, msg("a socket")), (stat.S_ISCHR, msg("a character device")),
          (stat.S_ISBLK, msg("a block device")), (stat.S_ISLNK, msg("a symbolic link")))


class UnsafeFile(ValueError):
    """A file that is not read or written: ``message`` is one line saying why, without the path."""

    def __init__(self, message: Message | str) -> None:
        super().__init__(message)
        self.msg = message

    @property
    def message(self) -> str:
        """Why, in the language in force."""
        return rendered(self.msg)

    def __str__(self) -> str:
        return self.message


def kind_of(mode: int) -> Message:
    """What a file of this ``st_mode`` is, in words ("a FIFO (named pipe)", "a regular file").

    >>> str(kind_of(stat.S_IFIFO | 0o644)), str(kind_of(stat.S_IFREG | 0o600))
    ('a FIFO (named pipe)', 'a regular file')
    """
    for test, name in _KINDS:
        if test(mode):
            return name
    return msg("a regular file") if stat.S_ISREG(mode) else msg("not a regular file")


def _size(limit: int) -> Message:
    """``limit`` bytes in words: "256 KiB", "64 MiB"."""
    if limit % (1024 * 1024) == 0:
        return msg("{n} MiB", n=limit // (1024 * 1024))
    return msg("{n} KiB", n=limit // 1024) if limit % 1024 == 0 else nmsg("{n} byte", "{n} bytes", n=limit)


#: The reasons a file operation commonly fails, by errno, in the reader's words (the system's own text is English).
_REASONS: dict[int, Message] = {
    errno.ENOENT: msg("no such file or folder"), errno.EACCES: msg("permission denied"),
    errno.EPERM: msg("operation not permitted"), errno.ENOSPC: msg("no space left on the device"),
    errno.EROFS: msg("the file system is read-only"), errno.EISDIR: msg("it is a folder"),
    errno.ENOTDIR: msg("a part of the path is not a folder"), errno.EIO: msg("an input/output error"),
    errno.EDQUOT: msg("the disk quota is exceeded"), errno.EFBIG: msg("the file is too large"),
    errno.ENAMETOOLONG: msg("the name is too long"), errno.ELOOP: msg("too many symbolic links"),
}


def reason(e: OSError) -> Message | str:
    return _REASONS.get(e.errno or 0) or e.strerror or type(e).__name__


def read_capped(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them; else :class:`UnsafeFile`.

    The file is opened with ``O_NONBLOCK`` so that a FIFO with no writer cannot stall the open, then
    checked through its descriptor; the read stops one byte past the cap, whatever ``st_size`` said.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UnsafeFile(msg("no such file")) from None
    except IsADirectoryError:
        raise UnsafeFile(msg("is a directory, not a file")) from None
    except OSError as e:  # a socket cannot be opened at all (ENXIO): say what it is, not the errno
        try:
            mode = os.stat(path).st_mode
        except OSError:
            mode = stat.S_IFREG
        if not stat.S_ISREG(mode):
            raise UnsafeFile(msg("is {kind}, not a regular file; only regular files are read",
                                     kind=kind_of(mode))) from None
        raise UnsafeFile(msg("cannot read the file: {reason}", reason=reason(e))) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise UnsafeFile(msg("is a directory, not a file"))
        if not stat.S_ISREG(mode):
            raise UnsafeFile(msg("is {kind}, not a regular file; only regular files are read", kind=kind_of(mode)))
        chunks: list[bytes] = []
        held = 0
        while held <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - held))
            if not chunk:
                break
            chunks.append(chunk)
            held += len(chunk)
        if held > limit:
            raise UnsafeFile(msg("the file is larger than {size}", size=_size(limit)))
        return b"".join(chunks)
    except OSError as e:
        raise UnsafeFile(msg("cannot read the file: {reason}", reason=reason(e))) from None
    finally:
        os.close(fd)


def wide_encoding(raw: bytes) -> str | None:
    """"UTF-32" or "UTF-16" if ``raw`` looks like text in that encoding (by its byte-order mark, or, with
    none, by where the NUL bytes of ASCII characters fall); None otherwise.

    >>> [wide_encoding("kind".encode(c)) for c in ("utf-32", "utf-32-be", "utf-16", "utf-16-le", "utf-8")]
    ['UTF-32', 'UTF-32', 'UTF-16', 'UTF-16', None]
    """
    if raw.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):  # before UTF-16: FF FE starts both
        return "UTF-32"
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16"
    head = raw[:4]
    if len(head) == 4 and (head[1:] == b"\x00\x00\x00" or head[:3] == b"\x00\x00\x00"):
        return "UTF-32"
    if len(head) >= 2 and (head[0] == 0) != (head[1] == 0):
        return "UTF-16"
    return None


def decode_utf8(raw: bytes) -> str:
    """``raw`` as UTF-8 text (a byte-order mark is allowed); else :class:`UnsafeFile` saying what the
    bytes look like: UTF-32 or UTF-16 text, binary, or the first byte that is not UTF-8.

    >>> decode_utf8(b"\\xef\\xbb\\xbfkind")
    'kind'
    """
    wide = wide_encoding(raw)
    if wide:
        raise UnsafeFile(msg("the file is {encoding} text; save it as UTF-8", encoding=wide))
    if b"\x00" in raw:
        raise UnsafeFile(msg("the file holds NUL bytes: it is binary, not UTF-8 text"))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise UnsafeFile(msg("the file is not UTF-8 text (byte {byte} at offset {offset}); save it as UTF-8",
                             byte=f"0x{raw[e.start]:02x}", offset=e.start)) from None


def checked_int(text: str) -> int:
    """An integer written in a file, refused (:class:`UnsafeFile`) beyond :data:`MAX_DIGITS` digits, as the
    JSON and YAML readers' integer hook.

    >>> checked_int("-42"), checked_int("9" * 24)
    (-42, 999999999999999999999999)
    >>> checked_int("9" * 25)
    Traceback (most recent call last):
    ...
    aot_rules.core.safeio.UnsafeFile: the number 9999999999999999… has more than 24 digits
    """
    digits = sum(c.isdigit() for c in text)
    if digits > MAX_DIGITS:
        raise UnsafeFile(msg("the number {digits}… has more than {n} digits", digits=text[:16], n=MAX_DIGITS))
    return int(text)


def _umask() -> int:
    """The process's umask (read by setting it and putting it back: there is no other portable way)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` through a temporary file renamed over it.

    Refuses (:class:`UnsafeFile`) a target that exists and is not a regular file, and any failure to
    write (a full disk, a missing folder, no permission), leaving the target as it was.
    """
    target = Path(path)
    try:
        old = os.lstat(target)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as e:
        raise UnsafeFile(msg("cannot write the file: {reason}", reason=reason(e))) from None
    else:
        if not stat.S_ISREG(old.st_mode):
            raise UnsafeFile(msg("is {kind}, not a regular file; only a regular file is replaced",
                                 kind=kind_of(old.st_mode)))
        mode = stat.S_IMODE(old.st_mode)
    data = text.encode("utf-8")
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as e:
        raise UnsafeFile(msg("cannot write the file: {reason}", reason=reason(e))) from None
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException as e:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise UnsafeFile(msg("cannot write the file: {reason}", reason=reason(e))) from None
        raise


__all__ = ["MAX_DIGITS", "UnsafeFile", "checked_int", "decode_utf8", "kind_of", "read_capped", "reason",
           "wide_encoding", "write_atomic"]

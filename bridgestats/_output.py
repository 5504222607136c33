"""Writing an output file safely: never over an input, never half-written.

:func:`check_not_input` refuses an output path that is the same file as one of the inputs
(compared by device and inode, so a symlink, a hard link or another spelling of the path is
caught; a folder input is checked file by file). :func:`write_text_atomic` writes to a
temporary file in the output's own folder, flushes and ``fsync``s it, then renames it over
the output (``os.replace``, atomic on POSIX): a failed write (a full disk, a file-size
limit, a kill) leaves the previous file as it was and no partial file behind.
:func:`csv_safe_text` neutralises spreadsheet formulas in text cells (OWASP's rule).

Names read from a file are data in every output: :func:`without_bidi` drops Unicode's
bidirectional controls (which reverse the rest of a line on screen), and is applied by
:func:`csv_safe_text` (CSV), :func:`markdown_text` (Markdown: HTML and link syntax made
text) and :func:`html_text` (HTML).

Layer 0: no other part of the package is imported but the errors.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from collections.abc import Iterable

from .errors import BridgestatsError

__all__ = [
    "BIDI_CONTROLS",
    "FORMULA_STARTS",
    "check_not_input",
    "csv_safe_frame",
    "csv_safe_text",
    "encodable",
    "html_text",
    "markdown_table",
    "markdown_text",
    "one_line",
    "without_bidi",
    "write_text_atomic",
]

#: A text cell starting with one of these is read by a spreadsheet as a formula (OWASP,
#: "CSV Injection", https://owasp.org/www-community/attacks/CSV_Injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


#: Unicode's bidirectional formatting characters (UAX #9, "Unicode Bidirectional Algorithm",
#: table 4): the embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069 and the
#: marks U+200E, U+200F and U+061C. In a name they reorder the rest of its line on screen
#: ("Trojan Source", CVE-2021-42574): a team ``"\u202eAlpha"`` turns its table row around.
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
_NO_BIDI = str.maketrans(dict.fromkeys(BIDI_CONTROLS))


def without_bidi(value):
    r"""``value`` without the characters of :data:`BIDI_CONTROLS` when it is text; anything
    else unchanged. The one rule for every output (Markdown, HTML, CSV) of names read from
    a file.

    >>> without_bidi("\u202eAlpha\u2066 v Beta\u2069"), without_bidi(3)
    ('Alpha v Beta', 3)
    """
    return value.translate(_NO_BIDI) if isinstance(value, str) else value


#: In Markdown, ``&`` starts a character reference only before ``name;`` or ``#digits;``.
_REFERENCE = re.compile(r"&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{0,31};)")
_MARKDOWN_SPECIALS = str.maketrans(
    {"\\": "\\\\", "|": "\\|", "[": "\\[", "]": "\\]", "<": "&lt;", ">": "&gt;"}
)


def markdown_text(value) -> str:
    r"""``value`` as text in Markdown that reads as itself and never as markup that acts: no
    bidirectional controls (:func:`without_bidi`), ``<`` and ``>`` as ``&lt;`` and ``&gt;``
    (no raw HTML, no autolink: every Markdown renderer reads references), ``&`` as ``&amp;``
    where it would start a character reference, ``\`` ``|`` ``[`` ``]`` escaped with a
    backslash (no table column, no link), and line breaks as spaces (one line, one cell).

    >>> print(markdown_text("<img src=x onerror=alert(1)> | [click](javascript:alert(3))"))
    &lt;img src=x onerror=alert(1)&gt; \| \[click\](javascript:alert(3))
    >>> print(markdown_text("Smith & Jones &lt;b&gt;\na\\b"))
    Smith & Jones &amp;lt;b&amp;gt; a\\b
    """
    text = _REFERENCE.sub("&amp;", without_bidi(str(value))).translate(_MARKDOWN_SPECIALS)
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


def markdown_table(frame) -> str:
    """A plain Markdown table of a frame, every cell and header by :func:`markdown_text`
    (a team named ``Alpha | 99`` adds no column, ``<img ...>`` and ``[x](y)`` are text).

    >>> import pandas as pd
    >>> print(markdown_table(pd.DataFrame({"team": ["<b>A</b> | 9"], "VPs": [12.5]})), end="")
    | team | VPs |
    |---|---|
    | &lt;b&gt;A&lt;/b&gt; \\| 9 | 12.5 |
    """
    head = "| " + " | ".join(markdown_text(c) for c in frame.columns) + " |"
    rule = "|" + "---|" * frame.shape[1]
    rows = [
        "| " + " | ".join(markdown_text(v) for v in row) + " |"
        for row in frame.itertuples(index=False)
    ]
    return "\n".join([head, rule, *rows]) + "\n"


def html_text(value, *, quote: bool = True) -> str:
    r"""``value`` as HTML text: :func:`html.escape` after :func:`without_bidi`.

    >>> html_text("\u202e<b>Alpha</b> & 'Beta'")
    '&lt;b&gt;Alpha&lt;/b&gt; &amp; &#x27;Beta&#x27;'
    """
    import html

    return html.escape(without_bidi(str(value)), quote=quote)


def _identity(path) -> tuple[int, int] | None:
    """``(st_dev, st_ino)`` of ``path`` (symlinks followed), None when it does not exist."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def _files_of(path) -> Iterable[str]:
    """``path`` itself, or every file below it when it is a folder (symlinks to folders
    are not followed, as the readers do not follow them)."""
    if not os.path.isdir(path):
        yield os.fspath(path)
        return
    for folder, _dirs, names in os.walk(path):
        for name in names:
            yield os.path.join(folder, name)


def check_not_input(out, inputs: Iterable, *, option: str = "--out") -> None:
    """Refuse ``out`` when it is the same file as any of ``inputs`` (or a file in one of
    them, for a folder), or when it is a folder itself.

    Raises :class:`~bridgestats.errors.BridgestatsError` naming ``option``, the output and
    the input it would overwrite. Inputs that are None are skipped.
    """
    if out is None:
        return
    if os.path.isdir(out):
        raise BridgestatsError(f"{option}: must be a file, not a folder (given {str(out)!r})")
    target = _identity(out)
    if target is None:  # a new file cannot be an input
        return
    for given in inputs:
        if given is None:
            continue
        for path in _files_of(given):
            if _identity(path) == target:
                where = "" if os.fspath(path) == os.fspath(given) else f" (in {str(given)!r})"
                raise BridgestatsError(
                    f"{option}: must not be an input file; {str(out)!r} is {str(path)!r}"
                    f"{where}, which would be overwritten"
                )


def _umask_mode() -> int:
    """The mode a new file gets here (0o666 less the process's umask), read without
    changing the umask (Linux's /proc/self/status; 0o644 elsewhere)."""
    with contextlib.suppress(OSError, ValueError):
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    return 0o644


def write_text_atomic(path, text: str, *, what: str = "the output") -> None:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` all at once, or not at all.

    The text goes to a temporary file ``.<name>.XXXX.tmp`` beside ``path`` (the name cut to
    200 bytes, so that the longest legal file name can be written), is flushed and
    ``fsync``-ed, and the file is renamed over ``path``; on any failure the temporary file
    is removed and ``path`` keeps its previous content. A symlink is written through (its
    target replaced); an existing file keeps its permissions. A path that is not a regular
    file (``/dev/null``, a named pipe) is written in place, as renaming over it would
    replace the device. Raises :class:`~bridgestats.errors.BridgestatsError` naming
    ``path``, ``what`` and the system's reason.
    """
    path = os.fspath(path)
    real = os.path.realpath(path)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise BridgestatsError(f"{path}: could not write {what} ({exc.strerror or exc})") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        if stat.S_ISDIR(info.st_mode):
            raise BridgestatsError(f"{path}: could not write {what} (a folder)")
        try:
            with open(real, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        except OSError as exc:
            raise BridgestatsError(
                f"{path}: could not write {what} ({exc.strerror or exc})"
            ) from None
        return
    folder, name = os.path.split(real)
    tmp = None
    try:
        prefix = f".{_cut_to_bytes(name, 200)}."  # with .XXXXXXXX.tmp, within NAME_MAX
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder or ".")
        with open(fd, "w", encoding="utf-8", newline="") as handle:
            os.fchmod(handle.fileno(), stat.S_IMODE(info.st_mode) if info else _umask_mode())
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, real)
        tmp = None
    except OSError as exc:
        raise BridgestatsError(f"{path}: could not write {what} ({exc.strerror or exc})") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _cut_to_bytes(name: str, most: int) -> str:
    """``name`` cut to at most ``most`` bytes of UTF-8 (never inside a character; a name
    that is not valid UTF-8, held as surrogate escapes, is cut by characters).

    >>> _cut_to_bytes("é" * 150, 201) == "é" * 100, _cut_to_bytes("scores.md", 200)
    (True, 'scores.md')
    """
    try:
        data = name.encode()
    except UnicodeEncodeError:
        return name[:most]
    return data[:most].decode(errors="ignore") if len(data) > most else name


_PLAIN_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def csv_safe_text(value):
    r"""``value`` with a leading single quote when it is text a spreadsheet would run as a
    formula (it starts with one of :data:`FORMULA_STARTS`), and without bidirectional
    controls (:func:`without_bidi`); anything else unchanged.

    Numbers are never changed, nor text that is a plain number (``"-450"`` cannot run: a
    spreadsheet reads it as the number it is).

    >>> csv_safe_text("=cmd|' /C calc'!A0"), csv_safe_text("-1+cmd"), csv_safe_text(-450)
    ("'=cmd|' /C calc'!A0", "'-1+cmd", -450)
    >>> csv_safe_text("Smith"), csv_safe_text(""), csv_safe_text("-450"), csv_safe_text("@x")
    ('Smith', '', '-450', "'@x")
    >>> csv_safe_text("\u202e=1+1")
    "'=1+1"
    """
    value = without_bidi(value)
    if (
        isinstance(value, str)
        and value.startswith(FORMULA_STARTS)
        and _PLAIN_NUMBER.fullmatch(value) is None
    ):
        return "'" + value
    return value


def csv_safe_frame(frame):
    """A copy of the pandas ``frame`` with :func:`csv_safe_text` applied to its column
    names and to every text cell of its columns that are not numeric; numeric and boolean
    columns are left as they are (a negative score stays a number)."""
    from pandas.api.types import is_bool_dtype, is_numeric_dtype

    out = frame.copy()
    for i, kind in enumerate(out.dtypes):
        if not (is_numeric_dtype(kind) or is_bool_dtype(kind)):  # text, or mixed objects
            out.isetitem(i, out.iloc[:, i].map(csv_safe_text))
    out.columns = [csv_safe_text(c) for c in out.columns]
    return out


def encodable(text: str, stream, *, what: str, form: str, hint=None, errors=None):
    r"""``text`` as ``stream``'s encoding (``PYTHONIOENCODING=ascii``, a latin-1 or Windows
    console) can carry it, and a note saying what was changed (None when nothing was);
    never an internal UnicodeEncodeError.

    CSV (``form="csv"``) is data for a program: a character the encoding cannot carry is
    refused in one line, suggesting ``hint`` (``--out``, which writes UTF-8) or
    ``PYTHONIOENCODING=utf-8``, rather than written changed. HTML carries it as a
    character reference (``&#252;``; with any encoding but UTF-8 every character beyond
    ASCII is one, as the page declares UTF-8). Other text takes ``errors`` (standard
    error's handling, ``backslashreplace``: ``M\xfcller``), and the note counts them.

    >>> import io
    >>> ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    >>> encodable("Müller σ", ascii_out, what="the scores", form="markdown")[0]
    'M\\xfcller \\u03c3'
    >>> encodable("Müller", ascii_out, what="the page", form="html")
    ('M&#252;ller', None)
    """
    import codecs

    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        if form == "html" and codecs.lookup(encoding).name != "utf-8":
            # the page says it is UTF-8: every other character as a reference, ASCII bytes
            return text.encode("ascii", "xmlcharrefreplace").decode("ascii"), None
        text.encode(encoding)
        return text, None
    except LookupError:  # an encoding Python does not know: leave it to the stream
        return text, None
    except UnicodeEncodeError as exc:
        first = exc.object[exc.start : exc.end]
    if form == "csv":
        instead = f"write it with {hint} (UTF-8)" if hint else "set PYTHONIOENCODING=utf-8"
        raise BridgestatsError(
            f"standard output: its encoding ({encoding}) cannot write {what} (it holds "
            f"{first!r}); {instead}"
        )
    if errors in (None, "strict", "surrogateescape"):
        errors = "backslashreplace"
    n = sum(1 for ch in set(text) if ch.encode(encoding, "replace").decode(encoding) != ch)
    said = f"{hint} writes UTF-8" if hint else "PYTHONIOENCODING=utf-8 shows them"
    note = (
        f"standard output's encoding ({encoding}) cannot show {n} character"
        f"{'s' if n != 1 else ''} of {what}, written as {errors} escapes ({said})"
    )
    return text.encode(encoding, errors).decode(encoding), note


def one_line(text: str) -> str:
    r"""An error message as one line: a line break or another control character in it (a
    file named with a newline, a bidi control) written as its escape, so that it cannot
    split or turn the line.

    >>> one_line("x\ny.pbn: no such file\t")
    'x\\ny.pbn: no such file\\t'
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)

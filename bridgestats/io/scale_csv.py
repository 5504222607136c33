"""A VP scale read from a CSV file, as ``bridgestats scale --format csv`` writes one.

Every column is read and the rows are checked against each other before a single match is
scored on them: a file that disagrees with itself (a VP column that goes back, bands that
overlap or leave a gap, VPs that do not add up to the total, a missing value) is refused
with the line that disagrees, never half read.
"""

from __future__ import annotations

import csv
import dataclasses
import math
from pathlib import Path

from ..errors import BridgestatsError
from ..vp.scale import MAX_NEGATIVE, MAX_VP, VPScale

__all__ = ["SCALE_COLUMNS", "SCORE_COLUMNS", "read_scale_csv"]

#: The columns of a scale file: those of :meth:`bridgestats.vp.VPScale.integer_ranges`
#: (whole margins) and of :meth:`~bridgestats.vp.VPScale.to_frame` (continuous), the
#: first three required.
SCALE_COLUMNS = ("vp_winner", "vp_loser", "margin_from", "margin_to", "probability")

#: The winner's score columns a centred scale's file adds (Swiss pairs: ``centre + margin``,
#: 50 + the MP % margin, as :meth:`~bridgestats.vp.VPScale.to_frame` writes them): read,
#: checked to be the margins shifted by one centre, and that centre kept on the scale.
SCORE_COLUMNS = ("score_from", "score_to")

#: The most rows a scale file may have: one per outcome of the largest scale
#: (:data:`~bridgestats.vp.MAX_VP` ``/ 2 + MAX_NEGATIVE`` steps and the tie).
MAX_ROWS = MAX_VP // 2 + MAX_NEGATIVE + 1

#: VPs that agree to this (the printed 2-decimal VPs of a continuous scale add up to their
#: total within float rounding: 18.55 + 1.45).
_VP_TOLERANCE = 1e-6


def _number(text: str, *, blank_ok: bool = False) -> float | None:
    """A cell as a number: None when blank (if allowed), else raises ValueError."""
    text = text.strip()
    if not text and blank_ok:
        return None
    value = float(text)  # "nan" and "inf" read too: the callers refuse them by column
    return value


def _rows(path: Path) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """The header and the data rows of ``path`` with their line numbers (blank lines
    skipped)."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            reader = csv.reader(handle)
            header = next(reader, None)
            rows = []
            for fields in reader:
                if not any(f.strip() for f in fields):
                    continue
                if len(rows) >= MAX_ROWS:
                    raise BridgestatsError(
                        f"{path}: a scale has at most {MAX_ROWS:,} rows (one per outcome)"
                    )
                if len(fields) != len(header):
                    raise BridgestatsError(
                        f"{path}: line {reader.line_num}: {len(fields)} fields, the header "
                        f"has {len(header)}"
                    )
                rows.append((reader.line_num, dict(zip(header, fields, strict=True))))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise BridgestatsError(f"{path}: cannot read the scale ({reason})") from None
    return [h.strip() for h in header or []], rows


def read_scale_csv(path) -> VPScale:
    """Read a VP scale from a CSV file, as ``bridgestats scale --format csv`` writes one.

    Parameters
    ----------
    path : str or Path
        A CSV with the columns ``vp_winner``, ``vp_loser`` and ``margin_from`` and
        optionally ``margin_to`` and ``probability`` (:data:`SCALE_COLUMNS`), one row per
        outcome, the tie first: an outcome is earned when the margin reaches its
        ``margin_from``.

    Returns
    -------
    VPScale
        The file's VPs for each outcome (``vp_table``: the VPs printed, not one per step),
        its thresholds (the ``margin_from`` of every outcome after the tie), ``max_vp``
        (winner plus loser of the tie) and ``negative`` (outcomes whose loser gets below 0).

    Raises
    ------
    BridgestatsError
        Naming the file, and the line where the rows disagree: a column other than
        :data:`SCALE_COLUMNS`, a value that is not a number or is missing (only the top
        band's ``margin_to`` is open), a first row that is not a tie at margin 0, VPs that
        go back (the winner's must not fall nor the loser's rise down the rows), winner and
        loser not adding up to the tie's total (a loser's negative VPs aside: the winner
        then has the total), ``margin_from`` not ascending, bands that overlap or leave a
        gap (``margin_to`` one step below the next ``margin_from`` for whole margins, equal
        to it for continuous ones, the same step throughout), a probability outside 0-1.

    Notes
    -----
    A whole-margin file may hold an empty band (``margin_to`` below its ``margin_from``:
    two thresholds between the same whole margins, as
    :meth:`~bridgestats.vp.VPScale.integer_ranges` prints it); no whole margin earns
    it, and it is left out of the scale.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     file = Path(tmp, "s.csv")
    ...     _ = file.write_text("vp_winner,vp_loser,margin_from,margin_to\\n2,2,0,2\\n"
    ...                         "3,1,3,7\\n4,0,8,\\n")
    ...     scale = read_scale_csv(file)
    ...     _ = file.write_text("vp_winner,vp_loser,margin_from,margin_to\\n2,2,0,2\\n"
    ...                         "3,1,3,7\\n4,0,7,\\n")
    ...     try:
    ...         read_scale_csv(file)
    ...     except BridgestatsError as error:
    ...         print(str(error).split(": ", 1)[1])  # doctest: +ELLIPSIS
    line 4: margin_from 7 overlaps the band above (3-7): each band starts one step (1) ...
    >>> scale.vp([2, 3, 8]).tolist(), scale.max_vp
    ([2.0, 3.0, 4.0], 4)
    """
    p = Path(path)
    header, rows = _rows(p)
    unknown = [c for c in header if c not in SCALE_COLUMNS + SCORE_COLUMNS]
    missing = [c for c in SCALE_COLUMNS[:3] if c not in header]
    if unknown or missing or len(set(header)) != len(header):
        what = f"unknown column {unknown[0]!r}; " if unknown else ""
        raise BridgestatsError(
            f"{p}: {what}a scale has the columns vp_winner, vp_loser, margin_from (and "
            f"margin_to, probability, score_from, score_to), once each, as `bridgestats scale "
            f"--format csv` writes them; got {header}"
        )
    if len(rows) < 2:
        raise BridgestatsError(f"{p}: a scale needs two or more rows (outcomes); got {len(rows)}")
    table = []
    for i, (line, row) in enumerate(rows):
        values = {}
        for column in header:
            last_to = column in ("margin_to", "score_to") and i == len(rows) - 1  # open top
            try:
                value = _number(row[column], blank_ok=last_to)
            except ValueError:
                raise BridgestatsError(
                    f"{p}: line {line}: {column} must be a number; got {row[column]!r}"
                ) from None
            if value is not None and math.isnan(value):
                raise BridgestatsError(f"{p}: line {line}: {column} must be a number; got nan")
            if value is not None and math.isinf(value) and not last_to:
                raise BridgestatsError(
                    f"{p}: line {line}: {column} must be finite (only the top band's "
                    f"margin_to is open); got {row[column].strip()!r}"
                )
            values[column] = value
        table.append((line, values))
    scale = _checked_scale(p, table, "margin_to" in header)
    if "score_from" not in header:
        return scale
    return dataclasses.replace(scale, centre=_centre(p, table))


def _centre(p: Path, table) -> float:
    """The one centre of the score columns: score − margin on every row, or a refusal."""
    centre = table[0][1]["score_from"] - table[0][1]["margin_from"]
    for line, row in table:
        for score, margin in (("score_from", "margin_from"), ("score_to", "margin_to")):
            s, m = row.get(score), row.get(margin)
            if s is None or m is None or math.isinf(s) or math.isinf(m):
                continue
            if abs(s - m - centre) > _VP_TOLERANCE:
                raise BridgestatsError(
                    f"{p}: line {line}: {score} {s:g} is not {margin} {m:g} + the centre "
                    f"{centre:g} of the first row (the winner's score is centre + margin)"
                )
    return centre


def _checked_scale(p: Path, table, has_to: bool) -> VPScale:
    """The scale of the read rows, once they agree with each other (see read_scale_csv)."""
    line, first = table[0]
    total = first["vp_winner"] + first["vp_loser"]
    if first["vp_winner"] != first["vp_loser"] or first["margin_from"] != 0:
        raise BridgestatsError(
            f"{p}: line {line}: the first row is the tie: margin_from 0 and equal VPs; got "
            f"{_vps(first)} from {first['margin_from']:g}"
        )
    gap = None
    previous = first
    kept = [first]
    for line, row in table[1:]:
        w, lo = row["vp_winner"], row["vp_loser"]
        if abs(w + max(lo, 0.0) - total) > _VP_TOLERANCE:
            raise BridgestatsError(
                f"{p}: line {line}: VPs {_vps(row)} do not add up to the tie's total "
                f"{total:g} (winner + loser, or the total to the winner when the loser's "
                "VPs are negative)"
            )
        if w < previous["vp_winner"] - _VP_TOLERANCE or lo > previous["vp_loser"] + _VP_TOLERANCE:
            raise BridgestatsError(
                f"{p}: line {line}: VPs {_vps(row)} go back from {_vps(previous)} in the row "
                "above: the winner's VPs must not fall nor the loser's rise as the margin grows"
            )
        if row["margin_from"] < previous["margin_from"] or (
            row["margin_from"] == previous["margin_from"] and not has_to
        ):
            raise BridgestatsError(
                f"{p}: line {line}: margin_from {row['margin_from']:g} is not above the row "
                f"above's {previous['margin_from']:g}"
            )
        if has_to:
            step = row["margin_from"] - previous["margin_to"]
            if gap is None:
                gap = step
            if step != gap or step < 0:
                band = f"{previous['margin_from']:g}-{previous['margin_to']:g}"
                said = "overlaps" if step < gap else "leaves a gap after"
                rule = (
                    f"each band starts one step ({gap:g}) after the last ends"
                    if gap > 0
                    else "each band starts where the last ends"
                )
                raise BridgestatsError(
                    f"{p}: line {line}: margin_from {row['margin_from']:g} {said} the band "
                    f"above ({band}): {rule}"
                )
        if (
            abs(w - previous["vp_winner"]) <= _VP_TOLERANCE
            and abs(lo - previous["vp_loser"]) <= _VP_TOLERANCE
        ):
            raise BridgestatsError(
                f"{p}: line {line}: VPs {_vps(row)} are the row above's: each outcome has "
                "its own VPs"
            )
        if has_to and gap == 0 and previous["margin_to"] <= previous["margin_from"]:
            raise BridgestatsError(
                f"{p}: line {line}: the band above ({previous['margin_from']:g}-"
                f"{previous['margin_to']:g}) holds no margin"
            )
        if has_to and previous["margin_to"] < previous["margin_from"]:
            kept.pop()  # the band above was empty: no whole margin earns it
        kept.append(row)
        previous = row
    last_line, last = table[-1]
    if has_to and last["margin_to"] is not None and not math.isinf(last["margin_to"]):
        raise BridgestatsError(
            f"{p}: line {last_line}: the top band is open (margin_to blank or inf); got "
            f"{last['margin_to']:g}"
        )
    for line, row in table:
        probability = row.get("probability")
        if probability is not None and not 0 <= probability <= 1:
            raise BridgestatsError(
                f"{p}: line {line}: probability must be in 0-1; got {probability:g}"
            )
    try:
        return VPScale(
            tuple(row["margin_from"] for row in kept[1:]),
            max_vp=_whole(total),
            negative=sum(row["vp_loser"] < 0 for row in kept),
            unit="IMPs",
            step=_whole(gap) if gap else None,
            name=p.name,
            vp_table=tuple((row["vp_winner"], row["vp_loser"]) for row in kept),
        )
    except (BridgestatsError, ValueError, TypeError) as exc:
        raise BridgestatsError(f"{p}: not a VP scale: {exc}") from None


def _whole(x: float):
    """``x`` as an int when it is whole (VPScale then checks it), else as it is."""
    return int(x) if float(x).is_integer() else x


def _vps(row) -> str:
    return f"{row['vp_winner']:g}-{row['vp_loser']:g}"

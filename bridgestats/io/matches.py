"""Read the match results CSV: one row per match, as any scoring program can export it.

Team matches and Swiss pairs rounds reach a committee as match results rather than table
results: who met whom in which round, over how many boards, and the score. One CSV
carries both, told apart by its header row (names in any case and order, extra columns
kept):

================  ======================================================================
``event``         the event's name (a season, a weekend, a league division)
``round``         the round (a whole number >= 1)
``home``          the side listed first (a team or a pair, by name or number)
``visitors``      the other side; empty or ``bye`` for a bye (counted, not a match)
``boards``        boards played in the match (a whole number >= 1)
``imps_home``     team matches: each team's IMPs on the match (``imps_visitors`` too)
``pct_home``      Swiss pairs: each pair's matchpoint percentage on the boards of the
                  match (``pct_visitors`` too; at one table the two sum to 100)
``vp_home``       optional: the VPs each side scored (``vp_visitors`` too), as scored
``date``          optional: the day the match was played (ISO ``YYYY-MM-DD``)
================  ======================================================================

A file has ``imps_home, imps_visitors`` or ``pct_home, pct_visitors``, not both. Each row
becomes one row of the frame, in file order; a row that cannot be used keeps its row with
its ``skip_reason`` (:data:`MATCH_SKIP_REASONS`), named by file and line (``record``) and
counted in the :class:`~bridgestats.io.LoadSummary`: nothing is dropped.

The margin is the home side's, in the form's unit: ``imps_home − imps_visitors`` IMPs for
teams; ``(pct_home − pct_visitors) / 2`` MP % for Swiss pairs, which is the home pair's
percentage above 50 when the two percentages sum to 100 (the unit of the Swiss pairs
scales, Probst §11); rows whose percentages do not sum to 100 (an adjusted score) are kept
and counted in the summary's notes.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np
import pandas as pd

from .._validate import check_flag
from ._records import (
    LoadSummary,
    ParseError,
    _decoding_notes,
    _expand_counted,
    _read_text,
    _to_int,
)

__all__ = [
    "MATCH_FORMS",
    "MATCH_RESULT_COLUMNS",
    "MATCH_SKIP_REASONS",
    "is_match_csv",
    "read_match_results",
]

#: The columns every match results CSV has, whatever its form.
_KEYS = ("event", "round", "home", "visitors", "boards")
#: Each form's score columns and unit: team matches in IMPs, Swiss pairs in MP %.
MATCH_FORMS = {
    "teams": (("imps_home", "imps_visitors"), "IMPs"),
    "swiss_pairs": (("pct_home", "pct_visitors"), "MP %"),
}
_VP = ("vp_home", "vp_visitors")

#: The columns of :func:`read_match_results`, in order (columns the file adds follow).
MATCH_RESULT_COLUMNS = (
    "source",
    "record",
    "event",
    "round",
    "home",
    "visitors",
    "boards",
    "form",
    "unit",
    "score_home",
    "score_visitors",
    "margin",
    "vp_home",
    "vp_visitors",
    "date",
    "skip_reason",
)

#: Why a row is not a usable match (the values of ``skip_reason``; missing when usable).
MATCH_SKIP_REASONS = {
    "bye": "the visitors are empty or 'bye': a bye, not a match",
    "no event": "the event is empty",
    "no round": "the round is not a whole number >= 1",
    "no side": "the home side is empty",
    "side plays itself": "home and visitors are the same side",
    "no boards": "boards is not a whole number >= 1",
    "no score": "a score is missing or not a number (a percentage outside 0-100)",
    "VPs incomplete": "one VP column is filled and the other not, or one is not a number",
    "no date": "the date is not a day (YYYY-MM-DD)",
    "repeated match": "the same two sides in the same event and round again",
}

_PCT_SUM_NOTE = "Swiss pairs rows whose two percentages do not sum to 100 (±0.5)"


def _header(text: str) -> list[str]:
    first = next(csv.reader(io.StringIO(text.split("\n", 1)[0])), [])
    return [h.strip().lower() for h in first]


def is_match_csv(path) -> bool:
    """Whether a file is a match results CSV: its header names ``event``, ``round``,
    ``home``, ``visitors`` and ``boards``.

    A file that cannot be read, or whose first line is not such a header, is not.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "league.csv"
    >>> _ = p.write_text("Event,Round,Home,Visitors,Boards,IMPs_home,IMPs_visitors\\n")
    >>> is_match_csv(p), is_match_csv(p.parent / "missing.csv")
    (True, False)
    """
    p = Path(path)
    try:
        with p.open("rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    if head[:2] == b"\x1f\x8b":  # gzip: read through the readers' own path
        try:
            from ._records import _File

            text = _read_text(_File(p, p.name))
        except ParseError:
            return False
    else:
        text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    return set(_KEYS) <= set(_header(text))


def _form_of(names: list[str], source) -> str:
    have = [form for form, (cols, _) in MATCH_FORMS.items() if set(cols) <= set(names)]
    if len(have) != 1:
        wanted = " or ".join(", ".join(cols) for cols, _ in MATCH_FORMS.values())
        shown = "both" if have else "neither"
        raise ParseError(source, 1, f"the header must name {wanted} ({shown} found)")
    missing = [c for c in _KEYS if c not in names]
    if missing:
        raise ParseError(source, 1, f"the header lacks {', '.join(missing)}")
    if (_VP[0] in names) != (_VP[1] in names):
        raise ParseError(source, 1, "the header names one of vp_home, vp_visitors: name both")
    return have[0]


def _read_one(f) -> tuple[pd.DataFrame, dict]:
    text = _read_text(f)
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or not any(c.strip() for c in rows[0]):
        raise ParseError(f, 1, "empty file: no header row")
    names = [h.strip().lower() for h in rows[0]]
    dupes = sorted({n for n in names if names.count(n) > 1 and n})
    if dupes:
        raise ParseError(f, 1, f"the header names {', '.join(dupes)} twice")
    form = _form_of(names, f)
    width = len(names)
    body, lines = [], []
    for i, r in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in r):
            continue  # a blank line: nothing to count
        if len(r) != width:
            raise ParseError(f, i, f"{len(r)} fields where the header has {width}")
        body.append([c.strip() for c in r])
        lines.append(i)
    raw = pd.DataFrame(body, columns=names, dtype=object)
    (home_col, visit_col), unit = MATCH_FORMS[form]
    n = len(raw)
    out = pd.DataFrame(
        {
            "source": f.name,
            "record": np.asarray(lines, dtype=np.int64),
            "event": raw["event"].to_numpy(dtype=object),
            "round": _to_int(raw["round"]).to_numpy(),
            "home": raw["home"].to_numpy(dtype=object),
            "visitors": raw["visitors"].to_numpy(dtype=object),
            "boards": _to_int(raw["boards"]).to_numpy(),
            "form": form,
            "unit": unit,
            "score_home": pd.to_numeric(raw[home_col], errors="coerce").to_numpy(float),
            "score_visitors": pd.to_numeric(raw[visit_col], errors="coerce").to_numpy(float),
        },
        index=range(n),
    )
    out["round"] = out["round"].astype("Int64")
    out["boards"] = out["boards"].astype("Int64")
    if _VP[0] in raw:
        vp_text = raw[list(_VP)]
        vp = vp_text.apply(pd.to_numeric, errors="coerce").to_numpy(float)
        blank = (vp_text == "").to_numpy()
        vp_bad = (np.isnan(vp) & ~blank).any(axis=1) | (blank[:, 0] != blank[:, 1])
    else:
        vp = np.full((n, 2), np.nan)
        vp_bad = np.zeros(n, dtype=bool)
    out["vp_home"], out["vp_visitors"] = vp[:, 0], vp[:, 1]
    if "date" in raw:
        dates = pd.to_datetime(raw["date"], format="%Y-%m-%d", errors="coerce")
        date_bad = (dates.isna() & (raw["date"] != "")).to_numpy()
        out["date"] = dates.dt.strftime("%Y-%m-%d").where(dates.notna(), None).to_numpy(object)
    else:
        date_bad = np.zeros(n, dtype=bool)
        out["date"] = None
    for extra in names:
        if extra not in (*_KEYS, home_col, visit_col, *_VP, "date") and extra:
            out[extra] = raw[extra].to_numpy(dtype=object)

    s_home, s_visit = out["score_home"].to_numpy(), out["score_visitors"].to_numpy()
    if form == "swiss_pairs":
        margin = (s_home - s_visit) / 2.0
        in_range = (s_home >= 0) & (s_home <= 100) & (s_visit >= 0) & (s_visit <= 100)
    else:
        margin = s_home - s_visit
        in_range = np.ones(n, dtype=bool)
    out["margin"] = margin
    visitors = out["visitors"].astype(str).str.strip()
    home = out["home"].astype(str).str.strip()
    checks = [  # the first that applies is the row's reason, in this order
        ("bye", ((visitors == "") | (visitors.str.lower() == "bye")).to_numpy()),
        ("no event", (out["event"].astype(str).str.strip() == "").to_numpy()),
        ("no round", (out["round"].isna() | (out["round"].fillna(0) < 1)).to_numpy()),
        ("no side", (home == "").to_numpy()),
        ("side plays itself", (home.str.lower() == visitors.str.lower()).to_numpy()),
        ("no boards", (out["boards"].isna() | (out["boards"].fillna(0) < 1)).to_numpy()),
        ("no score", ~(np.isfinite(margin) & in_range)),
        ("VPs incomplete", vp_bad),
        ("no date", date_bad),
    ]
    reason = np.full(n, None, dtype=object)
    for name, bad in checks:
        reason = np.where((reason == None) & bad, name, reason)  # noqa: E711
    ok = reason == None  # noqa: E711
    pair = np.where(
        home.str.lower() <= visitors.str.lower(),
        home.str.lower() + "\x1f" + visitors.str.lower(),
        visitors.str.lower() + "\x1f" + home.str.lower(),
    )
    key = pd.Series(out["event"].astype(str) + "\x1e" + out["round"].astype(str) + "\x1e" + pair)
    repeated = key.where(ok).duplicated(keep="first").to_numpy() & ok
    reason = np.where(repeated, "repeated match", reason)
    out["skip_reason"] = reason
    notes = {}
    if form == "swiss_pairs":
        off = ok & ~repeated & (np.abs(s_home + s_visit - 100.0) > 0.5)
        if off.any():
            notes[_PCT_SUM_NOTE] = int(off.sum())
    return out, notes


def _named(path) -> set[Path]:
    """The files named directly in ``path`` (not found in a folder), resolved."""
    items = [path] if isinstance(path, str | Path) else list(path)
    return {Path(p).resolve() for p in items if Path(p).is_file()}


def read_match_results(path, *, strict: bool = False) -> pd.DataFrame:
    """Read match results CSV files (team matches or Swiss pairs rounds) into one frame.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        The CSV file(s) (plain or gzip); a directory is searched recursively for
        ``*.csv`` and ``*.csv.gz`` files whose header is a match results header
        (:func:`is_match_csv`), any other CSV there being passed over (and counted in
        ``files_found``).
    strict : bool, keyword-only
        Raise :class:`~bridgestats.io.ParseError` naming the file and line of the first
        row that cannot be used, instead of keeping it with its ``skip_reason``.

    Returns
    -------
    pandas.DataFrame
        One row per data row, in file order, with :data:`MATCH_RESULT_COLUMNS`: ``source``,
        ``record`` (the line), ``event``, ``round`` (Int64), ``home``, ``visitors``,
        ``boards`` (Int64), ``form`` (``"teams"`` or ``"swiss_pairs"``, the
        :data:`bridgestats.sigma.FORMS` ids), ``unit`` (``"IMPs"`` or ``"MP %"``),
        ``score_home`` and ``score_visitors`` (the IMPs or percentages as given),
        ``margin`` (the home side's, see the module docstring), ``vp_home`` and
        ``vp_visitors`` (NaN when not given), ``date`` (ISO text, or missing) and
        ``skip_reason`` (missing when usable, else a key of :data:`MATCH_SKIP_REASONS`),
        then any other column of the file under its own name. ``attrs["summary"]`` is a
        :class:`~bridgestats.io.LoadSummary`: ``records`` (rows), ``scorable`` (usable
        matches), ``skipped`` (rows by reason) and ``notes``.

    Raises
    ------
    ParseError
        A file whose header lacks a required column or names both score pairs, a row with
        more or fewer fields than the header, a file that is not text; with ``strict``,
        the first unusable row.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "swiss.csv"
    >>> _ = p.write_text(
    ...     "event,round,home,visitors,boards,pct_home,pct_visitors\\n"
    ...     "Spring Swiss,1,Ann & Bob,Cy & Di,8,61.5,38.5\\n"
    ...     "Spring Swiss,1,Ed & Flo,bye,8,,\\n")
    >>> m = read_match_results(p)
    >>> m[["record", "home", "margin", "unit", "skip_reason"]]
       record       home  margin  unit skip_reason
    0       2  Ann & Bob    11.5  MP %         NaN
    1       3   Ed & Flo     NaN  MP %         bye
    >>> m.attrs["summary"].skipped
    {'bye': 1}
    """
    strict = check_flag(strict, "strict")
    files, found = _expand_counted(path, ("*.csv", "*.csv.gz"))
    frames, notes = [], {}
    n_read = 0
    for f in files:
        if not is_match_csv(f.path):
            if f.name == f.path.name and f.path.resolve() in _named(path):
                raise ParseError(
                    f, 1, "not a match results CSV: the header must name " + ", ".join(_KEYS)
                )
            continue  # another CSV found in a folder: counted in files_found only
        frame, file_notes = _read_one(f)
        n_read += 1
        frames.append(frame)
        for k, v in file_notes.items():
            notes[k] = notes.get(k, 0) + v
        if strict and frame["skip_reason"].notna().any():
            row = frame.loc[frame["skip_reason"].notna()].iloc[0]
            raise ParseError(f, int(row["record"]), MATCH_SKIP_REASONS[row["skip_reason"]])
    notes.update(_decoding_notes(files))
    if frames:
        out = pd.concat(frames, ignore_index=True)
    else:
        out = pd.DataFrame({c: pd.Series(dtype=object) for c in MATCH_RESULT_COLUMNS})
    extra = [c for c in out.columns if c not in MATCH_RESULT_COLUMNS]
    out = out[[*MATCH_RESULT_COLUMNS, *extra]]
    reasons = out["skip_reason"].dropna()
    out.attrs["summary"] = LoadSummary(
        files=n_read,
        records=len(out),
        scorable=int(out["skip_reason"].isna().sum()),
        skipped={k: int(v) for k, v in reasons.value_counts(sort=False).items()},
        notes=notes,
        files_found=found,
    )
    return out

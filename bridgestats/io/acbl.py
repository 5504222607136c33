"""Read ACBL club traveller lines (the CSV reduced from ACBLscore recap pages)."""

from __future__ import annotations

import csv
import io

import numpy as np
import pandas as pd

from .._validate import check_flag
from ._records import (
    ParseError,
    _decoding_notes,
    _expand,
    _parse_texts,
    _read_text,
    finish,
    relative_results,
)

__all__ = ["read_acbl_travellers"]

_HEADER = [
    "session",
    "section",
    "board",
    "vul",
    "contract",
    "declarer",
    "made",
    "score_ns",
    "score_ew",
    "mp_ns",
    "mp_ew",
    "pair_ns",
    "pair_ew",
]


def read_acbl_travellers(path, *, strict: bool = False) -> pd.DataFrame:
    """Read ACBL club traveller CSV files into the tidy frame, one row per table result.

    Parameters
    ----------
    path : str, Path, list of paths, or directory
        The CSV file(s), with the header ``session,section,board,vul,contract,declarer,
        made,score_ns,score_ew,mp_ns,mp_ew,pair_ns,pair_ew``; a directory is searched
        for ``travellers*.csv``.
    strict : bool, keyword-only
        Raise on the first record that cannot be scored.

    Returns
    -------
    pandas.DataFrame
        The schema of :mod:`bridgestats.io` (``event`` is the session, ``segment`` the
        section), plus the printed columns ``mp_ns``, ``mp_ew`` (matchpoints, float),
        ``made`` (as printed), ``score_ns_printed`` (the printed score from North-South's
        side: ``score_ns``, else minus ``score_ew``) and ``score_flag`` (what the printed
        score carried besides a number: ``F``, ``s``, ``G``, or an artificial score
        ``Ave``, ``Ave+``, ``Ave-``; missing when plain). The source does not say what
        ``F``, ``s`` and ``G`` mean; their scores are computed and compared like any
        other (in the club file the 101 ``F`` lines all agree with their contracts).
        ``frame.attrs["summary"]`` is the :class:`~bridgestats.io.LoadSummary`.

    Notes
    -----
    ``made`` is relative to book as ACBLscore prints it: for a made contract the tricks
    over six (``4`` on 3NT is 10 tricks), for a defeated one minus the undertricks
    (``-2`` on 4S is 8 tricks). So tricks = 6 + made when made > 0, else level + 6 + made.
    A ``made`` of 1 to level − 1 (``2`` on 3NT) is no result ACBLscore prints: it is
    skipped as ``"impossible result"``; ``+1`` or ``=`` (no ACBLscore spelling) is read
    against the contract, as every reader reads a signed result (counted in the notes).
    Every line must have the header's 13 fields (a quoted field may hold commas): a line
    with another count (a trailing comma makes 14) or an unclosed quote raises
    :class:`~bridgestats.io.ParseError` naming the file and the line.
    ``NP`` (not played) and ``LP`` (late play) lines are kept and skipped as
    ``"not played"``; ``Ave``/``Ave+``/``Ave-`` lines without a contract as
    ``"adjusted score"``. The section, when the traveller does not print one, is the
    letter in the recap's file name (``recap_b_20170109.html`` is section B).

    References
    ----------
    .. [1] The BridgeComposer/ACBLscore recap pages of ACBL club games, from which the CSV is
       extracted; how, with an excerpt, is in the project's development archive
       (``../shared/data/club-matchpoints/PROVENANCE.md``, not redistributed).

    Examples
    --------
    The excerpt of PROVENANCE.md: 3NT by South making 6 over book (12 tricks), +490:

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "travellers.csv"
    >>> _ = path.write_text(
    ...     "session,section,board,vul,contract,declarer,made,score_ns,score_ew,mp_ns,mp_ew,"
    ...     "pair_ns,pair_ew\\n2017-01-09/recap_b_20170109.html,,1,None,3NT,S,6,490,,10.50,"
    ...     "1.50,5,9\\n")
    >>> read_acbl_travellers(path)[["segment", "contract", "tricks", "score_ns", "mp_ns"]]
      segment contract  tricks  score_ns  mp_ns
    0       B       3N      12     490.0   10.5
    """
    strict = check_flag(strict, "strict")
    files = _expand(path, ("travellers*.csv",))
    raw = pd.concat([_read_one(f) for f in files], ignore_index=True)
    return finish(
        raw,
        files=len(files),
        strict=strict,
        extra_columns=["made", "mp_ns", "mp_ew", "score_flag"],
        printed_score=raw["score_ns_printed"],
        preset_reason=raw["preset_reason"],
        notes=_decoding_notes(files),
    )


def _read_one(file) -> pd.DataFrame:
    text = _read_text(file)
    first = [name.strip() for name in text.split("\n", 1)[0].split(",")]
    if first != _HEADER:
        raise ParseError(file, 1, f"expected the header {','.join(_HEADER)}")
    _check_fields(file, text)
    try:
        frame = pd.read_csv(
            io.StringIO(text),
            dtype=str,
            keep_default_na=False,
            na_values=[""],
            index_col=False,
            header=0,
            names=_HEADER,  # the header's names, spaces around them or not
        )
    except pd.errors.ParserError as exc:
        raise ParseError(file, None, f"not a traveller CSV ({exc})") from exc
    frame.insert(0, "record", np.arange(len(frame), dtype=np.int64) + 2)  # line 1 is the header
    frame.insert(0, "source", file.name)

    letter = frame["session"].str.extract(r"recap_([a-zA-Z])_", expand=False).str.upper()
    frame["segment"] = frame["section"].where(frame["section"].notna(), letter)
    frame["event"] = frame["session"]
    frame["vulnerable"] = frame["vul"]
    contract = frame["contract"].astype("object")
    frame["contract_text"] = contract

    ns_num, ns_flag = _split_score(frame["score_ns"])
    ew_num, ew_flag = _split_score(frame["score_ew"])
    frame["score_ns_printed"] = ns_num.where(ns_num.notna(), -ew_num)
    frame["score_flag"] = ns_flag.where(ns_flag.notna(), ew_flag)

    # made as ACBLscore prints it: tricks over book when made, minus the undertricks when
    # not; "+1" or "=" (no ACBLscore spelling) is against the contract, as in every reader
    # (finish's one rule: bridgestats.io._records.relative_results)
    made = pd.to_numeric(frame["made"], errors="coerce")
    level = pd.to_numeric(_parse_texts(contract)["level"], errors="coerce")
    printed = frame["made"].to_numpy(dtype=object)
    signed, _ = relative_results(printed)
    against = signed & np.array([not str(m).strip().startswith("-") for m in printed], dtype=bool)
    frame["tricks"] = np.where(
        against, printed, np.where(made > 0, 6 + made, level + 6 + made)
    ).astype(object)
    # a made contract has at least its level over book: made 2 on 3NT cannot be printed
    short = ~against & (made > 0) & (made < level)

    upper = contract.fillna("").str.strip().str.upper()
    reason = pd.Series(None, index=frame.index, dtype=object)
    reason[upper.isin(["NP", "LP"])] = "not played"
    artificial = frame["score_flag"].fillna("").str.startswith("Ave")
    reason[reason.isna() & (upper == "") & artificial] = "adjusted score"
    reason[reason.isna() & short.to_numpy()] = "impossible result"
    frame["preset_reason"] = reason
    frame["mp_ns"] = pd.to_numeric(frame["mp_ns"], errors="coerce")
    frame["mp_ew"] = pd.to_numeric(frame["mp_ew"], errors="coerce")
    return frame.drop(columns=["score_ns", "score_ew", "vul", "contract", "session", "section"])


def _check_fields(file, text: str) -> None:
    """Raise :class:`ParseError` on the first line whose field count is not the header's.

    A trailing comma (14 fields) would otherwise make pandas take the first column as the
    index and shift every field; a quoted field may hold commas and line ends (RFC 4180), so
    the lines are read by :mod:`csv`, which also names the line of an unclosed quote.
    """
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        for row in reader:
            if row and len(row) != len(_HEADER):
                hint = (
                    " (a trailing comma?)" if len(row) == len(_HEADER) + 1 and not row[-1] else ""
                )
                raise ParseError(
                    file,
                    reader.line_num,
                    f"expected {len(_HEADER)} comma-separated fields, found {len(row)}{hint}",
                )
    except csv.Error as exc:
        raise ParseError(file, reader.line_num, f"not a traveller CSV line ({exc})") from exc


def _split_score(values: pd.Series) -> tuple[pd.Series, pd.Series]:
    """A printed score as (number, flag): ``"650F"`` -> (650, "F"); ``"Ave+"`` -> (NaN, "Ave+").

    >>> num, flag = _split_score(pd.Series(["650F", "Ave+", "-100", None, "Pass"]))
    >>> num.tolist(), flag.tolist()
    ([650.0, nan, -100.0, nan, 0.0], ['F', 'Ave+', nan, nan, nan])
    """
    text = values.astype("object").where(values.notna(), "").astype(str).str.strip()
    parts = text.str.extract(r"^([+-]?\d+)?\s*(.*)$")
    num = pd.to_numeric(parts[0], errors="coerce")
    num = num.where(text.str.lower() != "pass", 0.0)
    flag = parts[1].where((parts[1] != "") & (text.str.lower() != "pass"))
    return num.astype(float), flag.astype(object)

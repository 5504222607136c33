"""Artificial adjusted scores as files write them, and the figures files print.

Part of :mod:`bridgestats.apps.score`: the
shares of the top an adjusted score names (:func:`adjusted_split`), the adjusted lines of
a tidy frame, and printed figures read as numbers.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

__all__ = ["adjusted_split"]


def _printed(frame: pd.DataFrame, column: str) -> bool:
    """Whether the file printed anything in ``column`` (readers add empty columns)."""
    if column not in frame:
        return False
    values = frame[column]
    return bool((values.notna() & (values.astype(str).str.strip() != "")).any())


_NUMBER = re.compile(r"^\s*(?:(NS|EW)\s*)?([-+]?\d+(?:[.,]\d+)?)")


def _printed_numbers(values: pd.Series, *, ew_of=None, by=None) -> tuple[np.ndarray, np.ndarray]:
    """Printed figures as North-South numbers, and half a unit of their column's last digit.

    Text such as ``"NS 4 EW -4"``, ``"EW 3"`` (North-South: -3), ``"12,5"`` or ``"56.25"``
    is read; a column a reader took as numbers (USEBIO's ``NS_MATCH_POINTS``, the ACBL
    recaps) counts as printed to the decimals its figures need (``9.8``: one; at most
    six). What is not a number is NaN (not compared). ``ew_of``: the total the two sides'
    figures make, for a figure that is a share rather than a swing (PBN 2.1 §4.2's ``ScorePercentage
    "EW 28.57"`` is North-South's 71.43: ``ew_of=100``; a PBN ``ScoreMP "EW 4"`` on a top of 10 is
    North-South's 6: ``ew_of`` the tops, one per value); by default East-West's figure is
    North-South's negated (IMPs).

    The precision is the column's, not each figure's: a program that prints a factored
    board to one decimal (Compscore's ``9.8``) prints its whole boards ``8`` for 8.0, so
    every figure of the column is read to the most decimals any of them shows (within
    each group of ``by``, one key per value: the file, where a folder was read).
    """
    if values.dtype.kind in "biuf":  # read as numbers (USEBIO, ACBL): the decimals they need
        number = values.to_numpy(dtype=float)
        decimals = pd.Series(_decimals_needed(number), index=values.index)
    else:
        text = values.astype("object").where(values.notna(), "").astype(str)
        parts = text.str.extract(_NUMBER)
        digits = parts[1].str.replace(",", ".", regex=False)
        number = pd.to_numeric(digits, errors="coerce").to_numpy(dtype=float)
        ew = parts[0].to_numpy() == "EW"
        number = np.where(ew, (-number if ew_of is None else ew_of - number), number)
        decimals = digits.str.extract(r"\.(\d+)$")[0].str.len().fillna(0)
    groups = pd.Series(0 if by is None else np.asarray(by), index=decimals.index)
    decimals = decimals.groupby(groups).transform("max").to_numpy(dtype=float)
    return number, 0.5 * 10.0 ** (-decimals)


def _decimals_needed(values: np.ndarray, most: int = 6) -> np.ndarray:
    """The fewest decimals (0 to ``most``) each number is written with: 8.0 -> 0, 9.8 -> 1,
    10.25 -> 2; a number that needs more (4.333...) -> ``most``; NaN -> 0."""
    v = np.where(np.isfinite(values), values, 0.0)
    out = np.full(v.shape, most, dtype=float)
    for d in range(most, -1, -1):  # the last d that still writes the number is the fewest
        exact = np.abs(np.round(v, d) - v) <= 1e-9 * np.maximum(1.0, np.abs(v))
        out = np.where(exact, d, out)
    return out


#: Artificial adjusted scores as files write them, each the North-South and East-West
#: shares of the top in percent (Law 12C2: average minus at most 40 %, average 50 %,
#: average plus at least 60 %; the two sides' shares need not add up to 100).
_SPLIT_TEXT = (
    re.compile(r"^A(\d{2})(\d{2})$"),  # USEBIO A6040, A5050, A4040, A6060
    re.compile(r"^A?(\d{1,3}(?:\.\d+)?)%?\s*/\s*(\d{1,3}(?:\.\d+)?)%?$"),  # 60/40, A60/40
)
_ONE_TEXT = re.compile(r"^(?:A(\d{2,3})|(\d{1,3}(?:\.\d+)?)\s*%)$")  # A60, 60% (EW: the rest)
_AVERAGES = {
    "AVE+": (60.0, 40.0),
    "AV+": (60.0, 40.0),
    "A+": (60.0, 40.0),
    "AVE": (50.0, 50.0),
    "AV": (50.0, 50.0),
    "AVE=": (50.0, 50.0),
    "A=": (50.0, 50.0),
    "AVE-": (40.0, 60.0),
    "AV-": (40.0, 60.0),
    "A-": (40.0, 60.0),
}
#: Raw columns that may hold an adjusted score's text (USEBIO, PBN, ACBL).
_ADJUSTED_TEXT = ("SCORE", "NS_SCORE", "Score_NS", "Score", "score_flag", "Result")
#: Printed per-side figures an adjusted line may carry, by kind.
_PRINTED_SIDES = {
    "mp": (("NS_MATCH_POINTS", "EW_MATCH_POINTS"), ("MP_NS", "MP_EW"), ("mp_ns", "mp_ew")),
    "pct": (("Percentage_NS", "Percentage_EW"),),
    "imps": (
        ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
        ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
        ("IMP_NS", "IMP_EW"),
    ),
}
#: IMPs of an artificial adjusted score: average plus +3, average 0, average minus -3.
_AVERAGE_IMPS = 3.0


def adjusted_split(text) -> tuple[float, float] | None:
    """The North-South and East-West shares of the top (percent) an adjusted score names.

    ``"A6040"`` (USEBIO: NS %, EW %), ``"60/40"``, ``"A60"`` or ``"60%"`` (North-South's
    share, East-West the rest), ``"Ave+"``/``"Ave"``/``"Ave-"`` (60, 50, 40 for
    North-South; East-West the complement). ``None`` when ``text`` names no split.

    Examples
    --------
    >>> adjusted_split("A6060"), adjusted_split("Ave-"), adjusted_split("420")
    ((60.0, 60.0), (40.0, 60.0), None)
    """
    if not isinstance(text, str):
        return None
    t = text.strip().upper().replace(" ", "")
    if t in _AVERAGES:
        return _AVERAGES[t]
    for pattern in _SPLIT_TEXT:
        m = pattern.match(t)
        if m:
            ns, ew = float(m.group(1)), float(m.group(2))
            return (ns, ew) if ns <= 100 and ew <= 100 else None
    m = _ONE_TEXT.match(t)
    if m:
        ns = float(m.group(1) or m.group(2))
        return (ns, 100.0 - ns) if ns <= 100 else None
    return None


def _printed_pair(frame: pd.DataFrame, kind: str) -> tuple[np.ndarray, np.ndarray, str]:
    """The first pair of printed per-side columns of ``kind`` the frame holds: NS, EW
    values (NaN where not printed) and the NS column's name."""
    n = len(frame)
    for ns_col, ew_col in _PRINTED_SIDES[kind]:
        if _printed(frame, ns_col):
            ns = _printed_numbers(frame[ns_col].reset_index(drop=True))[0]
            ew = (
                _printed_numbers(frame[ew_col].reset_index(drop=True))[0]
                if ew_col in frame
                else np.full(n, np.nan)
            )
            return ns, ew, ns_col
    return np.full(n, np.nan), np.full(n, np.nan), ""


def _adjusted_lines(frame: pd.DataFrame) -> pd.DataFrame:
    """The artificial adjusted scores of a frame (rows skipped as ``"adjusted score"``).

    One row per row of ``frame``: ``share_ns``, ``share_ew`` (percent of the top, from the
    line's text), ``text`` (as written), ``adjusted``, ``both_sides`` (the text names
    both sides' shares, ``A6040``; ``Ave-`` names North-South's alone). NaN shares where
    the text names no split (the printed figures then say what the line scored, see
    :func:`board_scores`).
    """
    n = len(frame)
    share = np.full((n, 2), np.nan)
    text = np.full(n, None, dtype=object)
    both = np.zeros(n, dtype=bool)
    if "skip_reason" not in frame:
        return pd.DataFrame(
            {
                "share_ns": share[:, 0],
                "share_ew": share[:, 1],
                "text": text,
                "adjusted": False,
                "both_sides": both,
            }
        )
    adjusted = (frame["skip_reason"] == "adjusted score").fillna(False).to_numpy(dtype=bool)
    for i in np.flatnonzero(adjusted):
        for col in _ADJUSTED_TEXT:
            if col in frame:
                value = frame[col].iat[i]
                split = adjusted_split(value)
                if split is not None:
                    share[i], text[i] = split, str(value).strip()
                    both[i] = any(p.match(text[i].upper().replace(" ", "")) for p in _SPLIT_TEXT)
                    break
                if text[i] is None and isinstance(value, str) and value.strip():
                    text[i] = value.strip()
        if text[i] is None:
            text[i] = "adjusted"
    out = pd.DataFrame({"share_ns": share[:, 0], "share_ew": share[:, 1], "text": text})
    out["adjusted"] = adjusted
    out["both_sides"] = both
    return out


def _for_pairing(frame: pd.DataFrame) -> tuple[pd.DataFrame, np.ndarray, pd.DataFrame]:
    """A team frame whose artificial adjusted scores pair with the other room like results.

    Returns the frame (each adjusted record given a placeholder score of 0, so that
    :func:`bridgestats.io.team_board_swings` pairs it), the rows so treated, and
    :func:`_adjusted_lines`. An adjusted record is one whose text names a split
    (``A6040``, ``Ave+``) or whose ``ScoreIMP`` the file printed; others stay skipped.
    """
    lines = _adjusted_lines(frame)
    printed = (
        _printed_numbers(frame["ScoreIMP"].reset_index(drop=True))[0]
        if "ScoreIMP" in frame
        else np.full(len(frame), np.nan)
    )
    lines["printed_imps"] = printed
    usable = lines["adjusted"].to_numpy(dtype=bool) & (
        lines["share_ns"].notna().to_numpy() | ~np.isnan(printed)
    )
    if "board" in frame:
        usable &= frame["board"].notna().to_numpy()
    if not usable.any():
        return frame, usable, lines
    out = frame.copy()
    out.loc[usable, "skip_reason"] = None
    out.loc[usable, "score_ns"] = 0.0
    return out, usable, lines


def _team_board_credits(frame, swings, usable, lines) -> tuple[np.ndarray, np.ndarray, list]:
    """Each paired board's IMPs for the team North-South in the open room and for the
    other team, with what scored an adjusted board (None for a played board).

    A played board: the swing and its negative. A board with an artificial adjusted score
    in a room (Law 86A; S. Hudson's summary of it: "for teams of 4, head to head A+ is 3
    imps"): each team +3 IMPs for average plus (60 %), 0 for average, -3 for average minus,
    each by its own share at the adjusted table, so that A6060 or A4040 do not balance;
    the other room's result does not count. Where the file printed the table's
    ``ScoreIMP`` (North-South's IMPs at that table), that is credited instead, balancing.
    Teams swap seats between the rooms: the North-South pair of the closed room belongs to
    the team East-West in the open room. With both rooms adjusted, the credits add.
    """
    imps = swings["imps"].to_numpy(dtype=float)
    home, visit = imps.copy(), -imps
    how = [None] * len(swings)
    if not usable.any() or "record" not in frame:
        return home, visit, how
    rec = frame["record"].astype(str).to_numpy()
    where = {r: i for i, r in enumerate(rec)}
    for j, (ro, rc) in enumerate(zip(swings["record_open"], swings["record_closed"], strict=True)):
        rows = [(where.get(str(ro)), "open"), (where.get(str(rc)), "closed")]
        rows = [(i, room) for i, room in rows if i is not None and usable[i]]
        if not rows:
            continue
        h = v = 0.0
        texts = []
        for i, room in rows:
            ns_share, ew_share = lines["share_ns"].iat[i], lines["share_ew"].iat[i]
            p = lines["printed_imps"].iat[i]
            if not np.isnan(p):
                ns, ew, rule = p, -p, "as printed (ScoreIMP)"
            else:
                ns = _AVERAGE_IMPS * np.sign(ns_share - 50.0)
                ew = _AVERAGE_IMPS * np.sign(ew_share - 50.0)
                rule = "Law 86A: average plus +3, average 0, average minus -3"
            h, v = (h + ns, v + ew) if room == "open" else (h + ew, v + ns)
            texts.append(f"{room} room {lines['text'].iat[i]}: {rule}")
        home[j], visit[j] = h, v
        how[j] = "; ".join(texts) + f" ({swings['home_team'].iat[j]} {h:+g}, "
        how[j] += f"{swings['visit_team'].iat[j]} {v:+g} IMPs)"
    return home, visit, how

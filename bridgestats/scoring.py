"""Scoring one board: contract scores, IMPs, matchpoints, Neuberg, Butler and cross-IMPs.

Every function is vectorised: scalars or numpy arrays in, the same shape out, no Python
loop per result.

References
----------
.. [1] Funbridge, "Frequently asked questions", funbridge.com (scoring: matchpoint
   percentages with ties, the IMP conversion table, IMPs against an average, scores for
   unplayed deals).
.. [2] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"); §11
   "Fixing Washington VPs" (Ascherman's matchpoints).
.. [3] M. Bavin, "The Neuberg formula: match-pointing boards with an unequal number of
   scores", English Bridge Union, Laws & Ethics articles (ebu.co.uk).
.. [4] World Bridge Federation, The Laws of Duplicate Bridge 2017, Law 77 (the scoring
   table).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd

from ._validate import (
    as_array,
    as_finite_array,
    check_broadcast,
    check_choice,
    check_flag,
    check_frame,
    check_number,
    check_whole,
    fail,
)
from .errors import BridgestatsError

__all__ = [
    "DATUMS",
    "GAP_RULES",
    "IMP_TABLE_LOWER",
    "IMP_TABLE_UPPER",
    "METHODS",
    "STRAINS",
    "Contract",
    "butler_datum",
    "butler_imps",
    "contract_score",
    "cross_imps",
    "imps",
    "matchpoints",
    "mp_percent",
    "neuberg",
    "parse_contract",
    "parse_contracts",
    "score_board_results",
]

# --------------------------------------------------------------------------- IMP table
#: Printed upper ends of the WBF IMP bands 0..23 (points); 4000 and more is 24 IMPs.
#: Funbridge, "Frequently asked questions" (funbridge.com), "Conversion table for IMP
#: scores"; the page prints 1,500-1,740 and 2,250-2,490 with full stops as thousands
#: separators.
IMP_TABLE_UPPER = np.array(
    [10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490,
     1740, 1990, 2240, 2490, 2990, 3490, 3990],
    dtype=np.int64,
)  # fmt: skip
#: Printed lower ends of the IMP bands 0..24 (same source): 0, 20, 50, ..., 3500, 4000.
IMP_TABLE_LOWER = np.concatenate([[0], IMP_TABLE_UPPER + 10])
#: The rules for differences that fall between two printed bands (see :func:`imps`).
GAP_RULES = ("upper", "midpoint")
# "midpoint" boundaries: halfway between a band's printed upper end and the next lower end.
_IMP_MIDPOINTS = (IMP_TABLE_UPPER + IMP_TABLE_LOWER[1:]) / 2.0


def imps(score_diff, *, gaps="upper"):
    """Convert score differences (points) to IMPs by the WBF table.

    Parameters
    ----------
    score_diff : array_like
        Differences of two scores, in points (any sign; need not be multiples of 10): finite
        numbers, not text (``"30"`` is refused).
    gaps : {"upper", "midpoint"}, keyword-only
        Where a difference between two printed bands goes. ``"upper"``: a band's printed
        upper end is inclusive and anything above it belongs to the next band (Funbridge:
        425 → 10 IMPs). ``"midpoint"``: the boundary is halfway between a band's printed
        upper end and the next band's printed lower end (15, 45, 85, ..., 425, ..., 3995);
        a difference exactly on a midpoint goes to the **higher** band, i.e. the rule is
        "round |score_diff| to the nearest 10, halves up, then read the table".

    Returns
    -------
    numpy.ndarray or numpy.int64
        IMPs (int64), same shape as ``score_diff``; negative for negative differences.

    Notes
    -----
    With the printed upper ends :math:`u_0 < \\dots < u_{23}` (10, 40, ..., 3990),

    .. math:: \\mathrm{imps}(d) = \\operatorname{sign}(d)\\,\\#\\{k : u_k < |d|\\}

    for ``"upper"``, and with midpoints :math:`m_k = (u_k + u_k + 10)/2 = u_k + 5`,
    :math:`\\operatorname{sign}(d)\\,\\#\\{k : m_k \\le |d|\\}` for ``"midpoint"``. Both
    agree with the printed table on multiples of 10 and are antisymmetric,
    imps(−d) = −imps(d). The table is expanded once (by :func:`numpy.searchsorted`) into
    the IMPs of every integer difference −4000..4000; since the edges are integers, a
    float difference only needs its integer :math:`\\lceil |d| \\rceil` ("upper") or
    :math:`\\lfloor |d| \\rfloor` ("midpoint"), with its sign, to be looked up.

    The FAQ is not quite self-consistent: its datum example says 425 and 455 "fall within
    the same range: 420 -> 490 = 10 IMPs", while its table prints that band as 430-490.
    The ``"upper"`` rule is the reading that makes the example right (425 > 420 → 10).

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), "Conversion table for
       IMP scores" and the datum example.

    Examples
    --------
    Funbridge's examples: +630 against +600 is 1 IMP, −100 against +600 loses 12 IMPs,
    and 425 and 455 above a datum of 205 are both 10 IMPs:

    >>> imps([630 - 600, -100 - 600, 630 - 205, 660 - 205])
    array([  1, -12,  10,  10])
    >>> imps([425, 424], gaps="midpoint")
    array([10,  9])
    """
    check_choice(gaps, "gaps", GAP_RULES)
    d = _diff_array(score_diff)
    shape = d.shape
    d = d.reshape(-1)  # a view for contiguous input; keeps 0-d input an array
    if d.dtype.kind == "f":
        # the band edges are integers, so only one integer per difference matters:
        # "upper" counts edges u < |d|, i.e. u < ceil(|d|); "midpoint" edges m <= |d|,
        # i.e. m <= floor(|d|) (trunc keeps the sign)
        if gaps == "upper":
            idx = np.ceil(np.abs(d))
            np.copysign(idx, d, out=idx)
        else:
            idx = np.trunc(d)
        d = np.clip(idx, -_LUT_HALF, _LUT_HALF, out=idx).astype(np.intp)
    elif d.dtype.kind == "u":
        # clip before the cast: uint64 above 2**63 - 1 would wrap to a negative int64
        d = np.minimum(d.astype(np.uint64, copy=False), _LUT_HALF).astype(np.int64)
    else:
        d = np.clip(d.astype(np.int64, copy=False), -_LUT_HALF, _LUT_HALF)
    d += _LUT_HALF
    out = _IMP_LUT[gaps].take(d).reshape(shape)
    return out[()] if out.ndim == 0 else out


def _diff_array(score_diff) -> np.ndarray:
    """``score_diff`` as an int or float array; NaN/inf raise (checked by two reductions)."""
    try:
        d = np.asarray(score_diff)
        if d.dtype.kind == "c":
            raise TypeError("complex numbers are not score differences")
        if d.dtype.kind not in "iuf":  # text ("30") is refused, not read as a number
            d = as_finite_array(score_diff, "score_diff", allow_empty=True)
    except (TypeError, ValueError) as exc:
        raise fail("score_diff", "numbers", score_diff) from exc
    if d.dtype.kind == "f" and d.size and not (np.isfinite(d.min()) and np.isfinite(d.max())):
        as_finite_array(d, "score_diff")  # raises, naming the first NaN or inf and its position
    return d


def _imp_lookup(gaps: str) -> np.ndarray:
    """IMPs of every integer difference -4000..4000 (index n + 4000), by searchsorted."""
    n = np.arange(-_LUT_HALF, _LUT_HALF + 1)
    if gaps == "upper":
        band = np.searchsorted(IMP_TABLE_UPPER, np.abs(n), side="left")
    else:
        band = np.searchsorted(_IMP_MIDPOINTS, np.abs(n), side="right")
    return np.where(n < 0, -band, band).astype(np.int64)


_LUT_HALF = 4000  # 4000 and more is 24 IMPs under either rule
_IMP_LUT = {g: _imp_lookup(g) for g in GAP_RULES}


# --------------------------------------------------------------------------- contracts
#: The strains, in the codes :func:`contract_score` and :func:`parse_contract` use.
STRAINS = ("C", "D", "H", "S", "N")
_STRAIN_ALIASES = {"C": "C", "D": "D", "H": "H", "S": "S", "N": "N", "NT": "N"}
_DOUBLED_NAMES = {"": 0, "X": 1, "XX": 2, "*": 1, "**": 2, "D": 1, "R": 2, "DBL": 1}

_CONTRACT_RE = re.compile(
    r"""^\s*(?:
        (?P<pass>P|PASS|AP|ALLPASS|ALL\s+PASS|PASSED\s*OUT|PO)
        |
        (?P<level>[1-7])\s*(?P<strain>NT|N|S|H|D|C)\s*(?P<dbl>XX|X|\*\*|\*|DBL|D|R)?
        \s*(?P<decl>[NESW])?\s*(?P<result>[+-]\s*\d{1,2}|=)?
    )\s*$""",
    re.IGNORECASE | re.VERBOSE,
)


#: What :func:`parse_contract` accepts, as its error messages say it.
_CONTRACT_RULE = (
    "a contract: level 1-7, strain C/D/H/S/N/NT, optional X/XX, optional declarer and "
    "result, or Pass"
)


@dataclass(frozen=True, slots=True)
class Contract:
    """A parsed contract: ``level`` 0 means passed out (``strain`` is then ``""``).

    ``strain`` is one of ``C D H S N``; ``doubled`` is 0, 1 (X) or 2 (XX); ``declarer``
    (``N E S W``) and ``result`` (tricks relative to the contract, e.g. −1 for one down)
    are ``None`` unless the text carried them (LIN ``rs`` form ``4SN-1``).
    """

    level: int
    strain: str
    doubled: int
    declarer: str | None = None
    result: int | None = None

    @property
    def passed_out(self) -> bool:
        """True for a passed-out board."""
        return self.level == 0


@lru_cache(maxsize=4096)
def _parse_one(text: str) -> Contract | None:
    m = _CONTRACT_RE.match(text)
    if m is None:
        return None
    if m["pass"]:
        return Contract(0, "", 0)
    dbl = (m["dbl"] or "").upper()
    result = m["result"]
    if result is not None:
        result = 0 if result == "=" else int("".join(result.split()))  # "+ 1", "-\t2"
        if not 0 <= int(m["level"]) + 6 + result <= 13:
            return None  # more tricks than exist (or fewer than none)
    decl = m["decl"].upper() if m["decl"] else None
    return Contract(
        int(m["level"]), _STRAIN_ALIASES[m["strain"].upper()], _DOUBLED_NAMES[dbl], decl, result
    )


def parse_contract(text, *, name="contract") -> Contract:
    """Parse a contract such as ``"4SX"``, ``"3NT"``, ``"3 NT"``, ``"7HXX"`` or ``"Pass"``.

    Parameters
    ----------
    text : str
        The contract, case-insensitive: level 1-7, strain ``C D H S N``/``NT``, then
        ``X``/``XX`` (also ``*``/``**``); or ``P``, ``Pass``, ``AP``, ``All pass``,
        ``Passed out`` for a passed-out board. An optional declarer (``N E S W``) and result
        (``=``, ``+1``, ``-2``) may follow, as in BBO LIN ``rs`` records (``4SN-1``).
        Spaces between the parts are allowed (ACBLscore prints ``1 NT``).
    name : str, keyword-only
        The argument name used in error messages.

    Returns
    -------
    Contract
        ``level`` (0 when passed out), ``strain``, ``doubled``, ``declarer``, ``result``.

    Raises
    ------
    BridgestatsError
        When the text is not a contract (also for ACBL's ``NP``/``LP`` markers, which say
        a board was not played: callers decide what that means).

    Examples
    --------
    >>> parse_contract("4sx")
    Contract(level=4, strain='S', doubled=1, declarer=None, result=None)
    >>> parse_contract("3NTE=")
    Contract(level=3, strain='N', doubled=0, declarer='E', result=0)
    >>> parse_contract("Pass").passed_out
    True
    """
    if not isinstance(text, str):
        raise fail(name, "a string such as '4SX' or 'Pass'", text)
    parsed = _parse_one(text)
    if parsed is None:
        raise fail(name, _CONTRACT_RULE, text)
    return parsed


def parse_contracts(texts, *, name="contract") -> pd.DataFrame:
    """Parse many contracts at once (one regex match per distinct text).

    Parameters
    ----------
    texts : array_like of str
        Contracts as accepted by :func:`parse_contract`.
    name : str, keyword-only
        The argument name used in error messages.

    Returns
    -------
    pandas.DataFrame
        One row per input (index of a Series input kept), columns ``level`` (int),
        ``strain`` (str, ``""`` when passed out), ``doubled`` (int), ``declarer`` (str,
        ``""`` when absent) and ``result`` (nullable ``Int64``, ``<NA>`` when absent).

    Raises
    ------
    BridgestatsError
        Naming the first unparsable text and its position.

    Examples
    --------
    >>> parse_contracts(["3NT", "4HX", "P"])[["level", "strain", "doubled"]]
       level strain  doubled
    0      3      N        0
    1      4      H        1
    2      0               0
    """
    index = texts.index if isinstance(texts, pd.Series) else None
    values = pd.Series(as_array(texts, "texts", dtype=object).ravel(), index=index, dtype=object)
    try:
        codes, uniques = pd.factorize(values, use_na_sentinel=True)
    except TypeError:  # an unhashable element (a list, a dict) is not a contract text
        bad = next(v for v in values if not isinstance(v, str | type(None)))
        raise fail(name, "contract texts", bad) from None
    if (codes < 0).any():
        pos = int(np.flatnonzero(codes < 0)[0])
        raise fail(f"{name}: position {pos}", "a contract", values.iloc[pos])
    parsed = []
    for u in uniques:  # one parse per distinct text, not per record
        p = _parse_one(u) if isinstance(u, str) else None
        if p is None:
            pos = int(np.flatnonzero(values.to_numpy() == u)[0])
            raise fail(f"{name}: position {pos}", _CONTRACT_RULE, u)
        parsed.append(p)
    table = pd.DataFrame(
        {
            "level": [p.level for p in parsed],
            "strain": [p.strain for p in parsed],
            "doubled": [p.doubled for p in parsed],
            "declarer": [p.declarer or "" for p in parsed],
            "result": pd.array([p.result for p in parsed], dtype="Int64"),
        }
    )
    out = table.iloc[codes].reset_index(drop=True)
    out.index = values.index
    return out


def _strain_codes(strain) -> np.ndarray:
    """Map strain letters (``C D H S N``/``NT``, any case; ``""`` allowed) to 0..4 (or -1)."""
    arr = as_array(strain, "strain")
    if arr.dtype.kind == "U" and arr.dtype.itemsize == 4:
        # one character per element: look the code points up directly (no hashing)
        codes = _CHAR_STRAIN[np.minimum(arr.view(np.uint32), _CHAR_STRAIN.size - 1)]
        bad = codes == -2
        if bad.any():
            shown = arr[bad].ravel()[0]
            raise fail("strain", "one of C, D, H, S, N, NT", shown)
        return codes
    flat = arr.astype(object).ravel()
    try:
        inverse, uniq = pd.factorize(flat, use_na_sentinel=False)
    except TypeError:  # an unhashable element (a dict, a list) is not a strain
        raise fail("strain", "one of C, D, H, S, N, NT", strain) from None
    codes = np.empty(len(uniq), dtype=np.int64)
    for i, u in enumerate(uniq):  # per distinct strain text
        key = u.strip().upper() if isinstance(u, str) else None
        if key == "":
            codes[i] = -1
        elif key in _STRAIN_ALIASES:
            codes[i] = STRAINS.index(_STRAIN_ALIASES[key])
        else:
            raise fail("strain", "one of C, D, H, S, N, NT", u)
    return codes[inverse].reshape(arr.shape)


def _char_strain_table() -> np.ndarray:
    table = np.full(128, -2, dtype=np.int64)  # -2: not a strain
    table[0] = -1  # the empty string (passed out)
    for i, letter in enumerate(STRAINS):
        table[ord(letter)] = table[ord(letter.lower())] = i
    return table


_CHAR_STRAIN = _char_strain_table()


def contract_score(level, strain, doubled, tricks, vulnerable):
    """Declarer's score for a contract and the tricks declarer took (Law 77).

    Parameters
    ----------
    level : array_like of int
        1-7, or 0 for a passed-out board (scores 0; then ``strain`` may be ``""``).
    strain : array_like of str
        ``C D H S N`` (``NT`` accepted), any case.
    doubled : array_like of int
        0 undoubled, 1 doubled, 2 redoubled.
    tricks : array_like of int
        Tricks taken by declarer, 0-13.
    vulnerable : array_like of bool
        Whether declarer's side is vulnerable.

    The five arguments broadcast together (a shape mismatch raises, naming them and their
    shapes).

    Returns
    -------
    numpy.ndarray or numpy.int64
        Declarer's score in points (negative when the contract fails), broadcast shape.

    Notes
    -----
    Made (tricks ≥ level + 6), with trick value t = 20 (C, D) or 30 (H, S, N), NT's first
    trick 40, doubling factor f = 2^doubled:

    - contract points c = f·(level·t + 10·[N]);
    - game bonus 300 (500 vulnerable) if c ≥ 100, else part-score bonus 50;
    - slam bonus 500/750 (small) or 1000/1500 (grand), not vulnerable/vulnerable;
    - 50 for making a doubled contract, 100 redoubled;
    - each overtrick t undoubled, 100/200 doubled, 200/400 redoubled.

    Defeated by u tricks: undoubled 50·u (100·u vulnerable); doubled not vulnerable
    100, 300, 500, then +300 each (100 + 200·min(u−1, 2) + 300·max(u−3, 0)); doubled
    vulnerable 200 + 300·(u−1); redoubled twice the doubled penalty.

    References
    ----------
    .. [1] WBF, The Laws of Duplicate Bridge 2017, Law 77 (Duplicate Bridge Scoring Table).
    .. [2] Funbridge, "Frequently asked questions" (funbridge.com), IMP example: 3NT vulnerable
       making 9 tricks +600, 10 tricks +630, 8 tricks −100.

    Examples
    --------
    >>> contract_score(3, "NT", 0, [9, 10, 8], True)
    array([ 600,  630, -100])
    >>> int(contract_score(4, "S", 1, 10, False)), int(contract_score(7, "N", 2, 0, True))
    (590, -7600)
    """
    lvl = check_whole(level, "level", minimum=0, maximum=7)
    code = _strain_codes(strain)
    dbl = check_whole(doubled, "doubled", minimum=0, maximum=2)
    trk = check_whole(tricks, "tricks", minimum=0, maximum=13)
    vul = as_array(vulnerable, "vulnerable")
    if vul.size and (vul.dtype.kind not in "biu" or not np.all((vul == 0) | (vul == 1))):
        raise fail("vulnerable", "True or False (or 1 or 0)", vulnerable)
    vul = vul.astype(bool)
    lvl, code, dbl, trk, vul = check_broadcast(
        level=lvl, strain=code, doubled=dbl, tricks=trk, vulnerable=vul
    )
    if np.any((code < 0) & (lvl > 0)):
        raise fail("strain", "one of C, D, H, S, N, NT for level 1-7", "")
    out = _contract_points(lvl, code, dbl, trk, vul)
    return out[()] if out.ndim == 0 else out


def _contract_points(lvl, code, dbl, trk, vul) -> np.ndarray:
    """:func:`contract_score` on checked arrays (int64 level 0-7, strain codes 0-4 of
    :data:`STRAINS` or -1 for a passed-out board, doubled 0-2, tricks 0-13, bool
    vulnerability; broadcastable): the loaders call it with values they have checked.

    One look-up in :data:`_POINTS`, the table of every case that :func:`_law77_points`
    computes once, in place of some forty array operations per call.
    """
    return _POINTS[lvl, code, dbl, trk, np.asarray(vul, dtype=np.intp)]


def _law77_points(lvl, code, dbl, trk, vul) -> np.ndarray:
    """The Law 77 arithmetic of :func:`contract_score` on checked, broadcast arrays."""
    minor = code <= 1
    trick_value = np.where(minor, 20, 30)
    factor = 1 << dbl  # 1, 2, 4
    over = trk - (lvl + 6)

    # made: Law 77 trick score, bonuses and overtricks
    points = factor * (lvl * trick_value + np.where(code == 4, 10, 0))
    game = np.where(points >= 100, np.where(vul, 500, 300), 50)
    slam = np.select([lvl == 6, lvl == 7], [np.where(vul, 750, 500), np.where(vul, 1500, 1000)], 0)
    insult = 50 * dbl
    over_value = np.where(dbl == 0, trick_value, 100 * factor // 2 * np.where(vul, 2, 1))
    made = points + game + slam + insult + np.maximum(over, 0) * over_value

    # defeated by u tricks
    u = np.maximum(-over, 0)
    undoubled = u * np.where(vul, 100, 50)
    doubled_nv = 100 * (u > 0) + 200 * np.clip(u - 1, 0, 2) + 300 * np.maximum(u - 3, 0)
    doubled_v = 200 * (u > 0) + 300 * np.maximum(u - 1, 0)
    penalty = np.where(dbl == 0, undoubled, (factor // 2) * np.where(vul, doubled_v, doubled_nv))

    return np.where(lvl == 0, 0, np.where(over >= 0, made, -penalty)).astype(np.int64)


#: Declarer's score for every (level 0-7, strain code 0-4, doubled 0-2, tricks 0-13,
#: vulnerable 0-1), by :func:`_law77_points`: 3,360 cases, read-only. A passed-out board
#: (level 0) scores 0 whatever the strain code, so code -1 may index the last strain.
_POINTS = _law77_points(*np.ix_(range(8), range(5), range(3), range(14), range(2)))
_POINTS.setflags(write=False)


# --------------------------------------------------------------------------- one board
def _board(scores) -> np.ndarray:
    """The results of one board as a 1-D float array; empty or non-finite raises."""
    arr = as_finite_array(scores, "scores")
    if arr.ndim != 1:
        raise fail("scores", "the results of one board (1-D)", arr)
    return arr


def _beaten_and_tied(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each result: how many results it beats, and how many it ties (itself included).

    One stable argsort; runs of equal scores in sorted order give both counts.
    """
    n = x.size
    order = np.argsort(x, kind="stable")
    s = x[order]
    new_run = np.empty(n, dtype=bool)
    new_run[0] = True
    np.not_equal(s[1:], s[:-1], out=new_run[1:])
    starts = np.flatnonzero(new_run)
    sizes = np.diff(np.append(starts, n))
    run = np.cumsum(new_run) - 1
    below = np.empty(n, dtype=np.int64)
    tied = np.empty(n, dtype=np.int64)
    below[order] = starts[run]
    tied[order] = sizes[run]
    return below, tied


def matchpoints(scores, *, per_beat=2, ascherman=False):
    """Matchpoints of each result of one board.

    Parameters
    ----------
    scores : array_like
        The results of one board, all from the same direction (e.g. ``score_ns``).
    per_beat : float, keyword-only
        Points per result beaten (2 in Europe, 1 in the ACBL), a number > 0; a tie scores
        half of it.
    ascherman : bool, keyword-only
        Also compare each result with itself (a tie worth ``per_beat/2``), as Ascherman
        proposed (Probst §11): the top of 21 results is then 41 and the bottom 1.

    Returns
    -------
    numpy.ndarray
        Matchpoints (float), in the order of ``scores``.

    Notes
    -----
    With :math:`b_i` results below result i and :math:`t_i` others equal to it,

    .. math:: \\mathrm{MP}_i = p\\,b_i + \\tfrac{p}{2}\\,t_i
              \\;(+\\tfrac{p}{2} \\text{ with Ascherman}),

    p = ``per_beat``. The total over a board of n results is :math:`p\\,n(n-1)/2`.
    Computed from one stable argsort: runs of equal scores in sorted order give
    :math:`b_i` (the run's start) and :math:`t_i + 1` (its length), O(n log n).

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), "Example of how MP
       score is calculated".
    .. [2] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §11 "Fixing
       Washington VPs", "Adjustment 1: Field size and Ascherman".

    Examples
    --------
    Funbridge's 9 results, 1 point per result beaten (8, 5.5, 2.5, 1 and 0 points):

    >>> matchpoints([650, 620, 620, 620, 620, 170, 170, 140, 110], per_beat=1)
    array([8. , 5.5, 5.5, 5.5, 5.5, 2.5, 2.5, 1. , 0. ])

    Probst's 21 results with Ascherman: a top is 41, a bottom 1, the average 21:

    >>> mp = matchpoints(range(21), ascherman=True)
    >>> float(mp.max()), float(mp.min()), float(mp.mean())
    (41.0, 1.0, 21.0)
    """
    per_beat = _per_beat(per_beat)
    ascherman = check_flag(ascherman, "ascherman")
    x = _board(scores)
    below, tied = _beaten_and_tied(x)
    mp = per_beat * below + per_beat / 2 * (tied - 1)
    return mp + per_beat / 2 if ascherman else mp


def mp_percent(scores, *, ascherman=False):
    """Matchpoint percentage of each result of one board.

    Parameters
    ----------
    scores : array_like
        The results of one board, all from the same direction.
    ascherman : bool, keyword-only
        Use Ascherman's percentage (each result also compared with itself).

    Returns
    -------
    numpy.ndarray
        Percentages (float, 0-100; Ascherman strictly inside (0, 100)).

    Notes
    -----
    In 2-per-beat units, with MP the ordinary matchpoints of a result on a board of n:

    .. math:: \\% = 100\\,\\frac{\\mathrm{MP}}{2(n-1)}, \\qquad
              \\%_{\\mathrm{Ascherman}} = 100\\,\\frac{\\mathrm{MP} + 1}{2n}.

    A board with a single result has no comparison: the ordinary percentage is then
    defined as 50 (the Ascherman formula gives 50 for n = 1 as well).

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), "How this percentage is
       calculated".
    .. [2] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §11,
       "Adjustment 1: Field size and Ascherman": with 21 results a top is 41/42.

    Examples
    --------
    >>> mp_percent([650, 620, 620, 620, 620, 170, 170, 140, 110])
    array([100.  ,  68.75,  68.75,  68.75,  68.75,  31.25,  31.25,  12.5 ,   0.  ])
    >>> round(float(mp_percent(range(21), ascherman=True).max()), 4)  # 41/42
    97.619
    """
    ascherman = check_flag(ascherman, "ascherman")
    x = _board(scores)
    n = x.size
    mp = matchpoints(x, per_beat=2, ascherman=ascherman)
    if ascherman:
        return 100.0 * mp / (2 * n)
    if n == 1:
        return np.full(1, 50.0)
    return 100.0 * mp / (2 * (n - 1))


def neuberg(mp, n_results, n_expected, *, per_beat=2):
    """Factor matchpoints scored on a board of ``n_results`` to ``n_expected`` results.

    Parameters
    ----------
    mp : array_like
        Matchpoints scored on the board (``per_beat`` per result beaten).
    n_results : array_like of int
        A: the number of results on the board (at least 1).
    n_expected : array_like of int
        E: the number of results the board should have had (at least 1).
    per_beat : float, keyword-only
        The matchpoint unit of ``mp`` (and of the answer), a number > 0.

    Returns
    -------
    numpy.ndarray or numpy.float64
        Factored matchpoints, broadcast shape.

    Raises
    ------
    BridgestatsError
        When ``mp`` is outside 0 .. ``per_beat``·(A − 1), the matchpoints a board of A
        results can give, or A or E is not a whole number >= 1.

    Notes
    -----
    In 2-per-beat units (Neuberg's formula [1]_):

    .. math:: M' = (M + 1)\\,\\frac{E}{A} - 1,

    in general units :math:`M' = (M + p/2)\\,E/A - p/2`, so with ACBL's 1-per-beat
    matchpoints :math:`M' = (M + \\tfrac12)\\,E/A - \\tfrac12`. The formula assumes each
    missing result would have fallen like the ones present; it is exact when the field is
    replicated (the same A results each played E/A times). No special rule for small A is
    applied: a lone result (A = 1, M = 0) becomes exactly an average, p(E − 1)/2.

    References
    ----------
    .. [1] M. Bavin, "The Neuberg formula: match-pointing boards with an unequal number of
       scores", English Bridge Union, Laws & Ethics articles (ebu.co.uk): each of the A
       results is counted E/A times, so a lone top on a board of 10 results expected 11
       scores 19.9 of 20.

    Examples
    --------
    A top on a board played 9 times, factored to 13 results (2 per beat):

    >>> float(neuberg(16, 9, 13))
    23.555555555555557
    >>> float(neuberg(0, 1, 13))  # a lone result: average of 24
    12.0
    """
    per_beat = _per_beat(per_beat)
    m = as_finite_array(mp, "mp")
    a = check_whole(n_results, "n_results", minimum=1)
    e = check_whole(n_expected, "n_expected", minimum=1)
    top = per_beat * (a - 1)
    outside = (m < 0) | (m > top * (1 + 1e-12))
    if np.any(outside):
        m_b, top_b = np.broadcast_arrays(m, top)
        i = np.flatnonzero(outside.ravel())[0]
        allowed = f"in 0-{top_b.ravel()[i]:g}, the top of the board: per_beat·(n_results − 1)"
        raise fail("mp", allowed, m_b.ravel()[i])
    out = (m + per_beat / 2) * e / a - per_beat / 2
    return out[()] if np.ndim(out) == 0 else out


#: The Butler datum rules (see :func:`butler_datum`): ``"trimmed"`` (drop ``trim`` of each
#: end, round to 10), ``"mean"`` (the plain mean), ``"rounded"`` (the mean rounded to 10:
#: ``"trimmed"`` with nothing dropped), ``"whole"`` (the mean cut to whole points toward
#: zero, as VALET's integer division does).
DATUMS = ("trimmed", "mean", "rounded", "whole")


def _datum_rule(datum: str, trim):
    """A named datum rule as ``(rule, trim)`` with ``rule`` "mean", "whole" or "trimmed"."""
    check_choice(datum, "datum", DATUMS)
    if datum == "rounded":
        return "trimmed", 0.0
    return datum, trim


def _round_to_10(x):
    """Round to the nearest 10, halves away from zero (so the datum of -s is -datum(s))."""
    return np.sign(x) * np.floor(np.abs(x) / 10 + 0.5) * 10


def _per_beat(per_beat) -> float:
    """Matchpoints per result beaten: one number > 0."""
    return check_number(per_beat, "per_beat", low=0, low_open=True)


def _trim(trim) -> float:
    """The fraction of a board's results dropped at each end: one number in [0, 0.5)."""
    return check_number(trim, "trim", low=0, high=0.5, high_open=True)


def _trim_count(n, trim):
    """Results dropped at each end: ``floor(trim * n)``, at least 1 when n >= 3 and trim > 0."""
    k = np.floor(trim * n + 1e-9).astype(np.int64)
    return np.where((n >= 3) & (trim > 0), np.maximum(k, 1), 0)


def butler_datum(scores, *, datum="trimmed", trim=0.1):
    """The datum a board's results are IMPed against in Butler scoring.

    Parameters
    ----------
    scores : array_like
        The results of one board, from one direction.
    datum : {"trimmed", "mean", "rounded", "whole"} or float, keyword-only
        ``"mean"``: the plain average (Funbridge). ``"trimmed"``: drop the ``k`` highest and
        ``k`` lowest results, average the rest and round to the nearest 10 (halves away
        from zero). ``"rounded"``: the mean rounded to the nearest 10 (``"trimmed"`` with
        ``trim=0``; ``trim`` is then not used). ``"whole"``: the mean cut to whole points
        toward zero, the integer division ``sum / n`` of VALET [3]_ (413.33 is 413, −7/2 is
        −3). A number: that datum, used as given (:data:`DATUMS`).
    trim : float, keyword-only
        In [0, 0.5). For ``"trimmed"``: the fraction dropped at each end,
        ``k = floor(trim·n)`` but at least 1 when there are 3 or more results (none for 1
        or 2 results); ``trim=0`` drops nothing (the rounded mean).

    Returns
    -------
    float

    Notes
    -----
    The sources say only that the datum is "the average of the field" (Probst §3: Butler
    IMPs against "the datum"; Funbridge: the average score). Dropping the top and bottom
    results and rounding to 10 is common club practice, but none of the sources cited here
    fixes how many are dropped; ``trim=0.1`` (10 % each end, at least one)
    is this package's default, not a cited rule: set ``trim`` to your scorer's convention.

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), datum example.
    .. [2] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §3 and §5
       (Butler IMPs against a datum).
    .. [3] S. Hein, VALET (github.com/valet-bridge/valet, Apache-2.0), ``Hand::GetDatum``
       and ``average`` (``sum / static_cast<int>(n)``, C++ integer division); with it
       VALET's own per-pair Butler output (``datum.txt``) of the 2005 Bermuda Bowl's
       round robin is reproduced for all 69 pairs (``tests/apps/test_score_event_ranking.py``).

    Examples
    --------
    >>> butler_datum([650, 620, 620, 620, 620, 170, 170, 140, 110], datum="mean")
    413.3333333333333
    >>> butler_datum([650, 620, 620, 620, 620, 170, 170, 140, 110], datum="whole")
    413.0
    >>> butler_datum([-50, 43], datum="whole")  # -7/2 = -3.5, cut toward zero
    -3.0
    >>> butler_datum([650, 620, 620, 620, 620, 170, 170, 140, 110])  # drop 650 and 110
    420.0
    >>> butler_datum([650, 620, 620, 620, 620, 170, 170, 140, 110], datum="rounded")
    410.0
    """
    x = _board(scores)
    if isinstance(datum, str):
        datum, trim = _datum_rule(datum, trim)
        if datum == "mean":
            return float(x.mean())
        if datum == "whole":
            return float(np.trunc(x.sum() / x.size))
        trim = _trim(trim)
        k = int(_trim_count(np.int64(x.size), trim))
        kept = np.sort(x)[k : x.size - k]
        return float(_round_to_10(kept.mean()))
    if isinstance(datum, np.ndarray) and datum.ndim == 0:
        datum = datum[()]
    try:
        return check_number(datum, "datum")
    except BridgestatsError:
        raise fail("datum", f"one of {DATUMS} or one finite number", datum) from None


def butler_imps(scores, *, datum="trimmed", trim=0.1, gaps="upper"):
    """IMPs of each result of one board against the board's datum (Butler scoring).

    Parameters
    ----------
    scores : array_like
        The results of one board, from one direction.
    datum, trim : keyword-only
        How the datum is found, see :func:`butler_datum` (which returns it).
    gaps : {"upper", "midpoint"}, keyword-only
        The IMP gap rule, see :func:`imps`.

    Returns
    -------
    numpy.ndarray
        IMPs (int64) of each result: ``imps(score - datum)``.

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com), datum example: against an
       average of 205, +630 and +660 both score 10 IMPs.

    Examples
    --------
    >>> butler_imps([630, 660, -100], datum=205)
    array([10, 10, -7])
    """
    x = _board(scores)
    return np.atleast_1d(imps(x - butler_datum(x, datum=datum, trim=trim), gaps=gaps))


def _imp_edges(gaps):
    """Band edges and whether a difference equal to an edge is already in the next band."""
    check_choice(gaps, "gaps", GAP_RULES)
    if gaps == "upper":
        return IMP_TABLE_UPPER.astype(float), False
    return _IMP_MIDPOINTS, True


def _cross_imp_sums(x, gaps):
    """Σ_j imps(x_i − x_j) for every i, without forming the n² differences.

    imps(d) = Σ_k ([d > e_k] − [d < −e_k]) for "upper" (≥ / ≤ for "midpoint"), so the sum
    over j is Σ_k (#{x_j < x_i − e_k} − #{x_j > x_i + e_k}): 2 × 24 binary searches per
    result in the sorted scores, O(n log n).
    """
    edges, inclusive = _imp_edges(gaps)
    sorted_x = np.sort(x)
    shifts = edges[:, None]
    below_side, above_side = ("right", "left") if inclusive else ("left", "right")
    n_below = np.searchsorted(sorted_x, x[None, :] - shifts, side=below_side)
    n_above = x.size - np.searchsorted(sorted_x, x[None, :] + shifts, side=above_side)
    return (n_below - n_above).sum(axis=0)


def cross_imps(scores, *, average=True, gaps="upper"):
    """Cross-IMPs: each result IMPed against every other result of the board.

    Parameters
    ----------
    scores : array_like
        The results of one board, from one direction.
    average : bool, keyword-only
        Divide each sum by the number of comparisons, n − 1 (a lone result scores 0).
    gaps : {"upper", "midpoint"}, keyword-only
        The IMP gap rule, see :func:`imps` (only matters for non-multiples of 10).

    Returns
    -------
    numpy.ndarray
        Summed IMPs (float) or their average over the n − 1 comparisons.

    Notes
    -----
    .. math:: X_i = \\sum_{j \\ne i} \\mathrm{imps}(s_i - s_j), \\qquad
              \\bar X_i = X_i / (n - 1).

    Evaluated without the n² differences: with band edges :math:`e_k`,
    :math:`X_i = \\sum_k (\\#\\{j: s_j < s_i - e_k\\} - \\#\\{j: s_j > s_i + e_k\\})`,
    counted by binary search in the sorted scores, O(24 n log n). The sums over a board add
    to zero (antisymmetry). Exact for integer scores (real ones); for non-integer scores
    the comparison :math:`s_j < s_i - e_k` can differ from rounding :math:`s_i - s_j`
    only within one floating-point ulp of a band edge.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §3
       (cross-IMPed teams of eight: each result against every other, 4 comparisons per
       board).
    .. [2] Funbridge, "Frequently asked questions" (funbridge.com), IMP conversion table.

    Examples
    --------
    >>> cross_imps([600, 630, -100], average=False)
    array([ 11.,  13., -24.])
    """
    average = check_flag(average, "average")
    x = _board(scores)
    n = x.size
    sums = _cross_imp_sums(x, gaps).astype(float)
    if not average:
        return sums
    return sums / (n - 1) if n > 1 else np.zeros(1)


# --------------------------------------------------------------------------- whole frames
#: The scoring methods of :func:`score_board_results`.
METHODS = ("mp", "butler", "cross_imps")


def _group_keys(frame: pd.DataFrame, board) -> list[str]:
    keys = [board] if isinstance(board, str) else list(board)
    missing = [k for k in keys if k not in frame.columns]
    if not keys or missing:
        raise fail("board", "one or more columns of the frame", board)
    for key in keys:  # a list or dict is not a board key (grouping would fail on it)
        try:
            pd.factorize(frame[key])
        except TypeError:
            raise fail(
                f"board: column {key!r}", "hashable keys (numbers or text)", given="a list or dict"
            ) from None
    na = frame[keys].isna().any(axis=1)
    if na.any():
        row = frame.index[na.argmax()]
        raise fail(f"board: row {row!r}", "a board key", tuple(frame.loc[row, keys]))
    return keys


def _played_mask(frame: pd.DataFrame, score: str, unplayed) -> np.ndarray:
    """Which rows were played; NaN scores must be marked unplayed, and only they."""
    if score not in frame.columns:
        raise fail("score", "a column of the frame", score)
    values = pd.to_numeric(frame[score], errors="coerce")
    text_bad = values.isna() & frame[score].notna()
    if frame[score].dtype.kind == "O":  # numeric text ("420") is not a number either
        text_bad |= frame[score].map(lambda v: isinstance(v, str | bytes))
    if text_bad.any():
        row = frame.index[text_bad.argmax()]
        raise fail(f"score: row {row!r}", "a number", frame[score][row])
    if np.isinf(values).any():
        row = frame.index[np.isinf(values).argmax()]
        raise fail(f"score: row {row!r}", "a finite number", frame[score][row])
    missing = values.isna().to_numpy()
    if unplayed is None:
        marked = np.zeros(len(frame), dtype=bool)
    else:
        if unplayed not in frame.columns:
            raise fail("unplayed", "a column of the frame, or None", unplayed)
        marked = _flag_column(frame, unplayed)
    bad = missing & ~marked
    if bad.any():
        raise BridgestatsError(
            f"score: row {frame.index[bad.argmax()]!r} has no score and is not marked "
            f"unplayed (pass unplayed=<column of booleans> to score unplayed rows)"
        )
    both = marked & ~missing
    if both.any():
        raise BridgestatsError(
            f"unplayed: row {frame.index[both.argmax()]!r} is marked unplayed but has a score"
        )
    return ~missing


def _flag_column(frame: pd.DataFrame, column: str) -> np.ndarray:
    """A column of flags as a bool array: True/False (or 1/0); a missing entry is False.

    A string such as ``"no"`` raises rather than counting as true.
    """
    values = frame[column]
    flags = values.isin([True, False]) | values.isna()  # 1 == True and 0 == False as well
    if not flags.all():
        row = frame.index[(~flags).argmax()]
        raise fail(f"unplayed: row {row!r}", "True or False", values[row])
    return (values.notna() & values.eq(True)).to_numpy()


def score_board_results(
    frame,
    *,
    method="mp",
    board="board",
    score="score_ns",
    unplayed=None,
    per_beat=2,
    ascherman=False,
    datum="trimmed",
    trim=0.1,
    gaps="upper",
    unplayed_pct=25.0,
    unplayed_imps=-6.0,
) -> pd.DataFrame:
    """Score every result of a traveller frame (many boards) in one call.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per table result.
    method : {"mp", "butler", "cross_imps"}, keyword-only
        Matchpoints (:func:`matchpoints`, :func:`mp_percent`), IMPs against the datum
        (:func:`butler_imps`) or averaged cross-IMPs (:func:`cross_imps`).
    board : str or list of str, keyword-only
        The column(s) identifying a board's results (e.g. ``["session", "section",
        "board"]``): results are only compared within the same key.
    score : str, keyword-only
        The column of North-South scores.
    unplayed : str or None, keyword-only
        A boolean column marking unplayed results; their score must be missing (NaN).
        Any other missing score raises.
    per_beat, ascherman : keyword-only
        For ``"mp"``, see :func:`matchpoints`.
    datum, trim : keyword-only
        For ``"butler"``, see :func:`butler_datum`.
    gaps : {"upper", "midpoint"}, keyword-only
        For the IMP methods, see :func:`imps`.
    unplayed_pct, unplayed_imps : float, keyword-only
        What each side of an unplayed row scores: 25 % at matchpoints, −6 IMPs at IMPs
        (Funbridge's rule for deals not played); finite numbers.

    Returns
    -------
    pandas.DataFrame
        Indexed like ``frame``. Always ``n_results`` (played results on the row's board).
        ``"mp"``: ``mp_ns``, ``mp_ew`` (matchpoints, ``per_beat`` units), ``pct_ns``,
        ``pct_ew``. ``"butler"``: ``datum`` (NaN only on a board with no played result,
        for a trimmed or mean datum), ``imps_ns``, ``imps_ew``. ``"cross_imps"``:
        ``imps_ns``, ``imps_ew`` (averaged over the n − 1 comparisons). East-West's score
        is the mirror of North-South's (``pct_ew = 100 − pct_ns``, ``imps_ew = −imps_ns``)
        except on unplayed rows, where both sides get the unplayed score (and ``mp_*``
        the matching share of the board's top).

    Notes
    -----
    Matchpoints come from the average rank r of a result among the n played results of its
    board (pandas ``groupby().rank``): MP = p(r − 1), % = 100 (r − 1)/(n − 1) (50 when
    n = 1), Ascherman's % = 100 (r − ½)/n. The trimmed Butler datum uses the within-board
    order (``groupby().cumcount``), so neither method loops in Python; cross-IMPs call
    :func:`cross_imps` once per board.

    References
    ----------
    .. [1] Funbridge, "Frequently asked questions" (funbridge.com): matchpoints, IMPs against the
       average, "25% for non-played deals", "-6 IMPs for non-played deals".

    Examples
    --------
    >>> f = pd.DataFrame({"board": [1, 1, 1, 2, 2],
    ...                   "score_ns": [420, 420, -50, 100, float("nan")],
    ...                   "np": [False, False, False, False, True]})
    >>> score_board_results(f, unplayed="np")[["pct_ns", "pct_ew", "n_results"]]
       pct_ns  pct_ew  n_results
    0    75.0    25.0          3
    1    75.0    25.0          3
    2     0.0   100.0          3
    3    50.0    50.0          1
    4    25.0    25.0          1
    """
    check_frame(frame, "frame")
    check_choice(method, "method", METHODS)
    check_choice(gaps, "gaps", GAP_RULES)
    ascherman = check_flag(ascherman, "ascherman")
    unplayed_pct = check_number(unplayed_pct, "unplayed_pct")
    unplayed_imps = check_number(unplayed_imps, "unplayed_imps")
    keys = _group_keys(frame, board)
    played = _played_mask(frame, score, unplayed)
    gid = frame.groupby(keys, sort=False, dropna=False).ngroup().to_numpy()
    x = pd.Series(pd.to_numeric(frame[score], errors="coerce").to_numpy(float)[played])
    g = gid[played]
    n_by_group = np.bincount(g, minlength=gid.max() + 1 if gid.size else 0)
    n = n_by_group[gid]
    out = pd.DataFrame(index=frame.index)
    out["n_results"] = n
    if method == "mp":
        per_beat = _per_beat(per_beat)
        r = x.groupby(g).rank(method="average").to_numpy()
        n_p = n_by_group[g]
        if ascherman:
            pct = 100.0 * (r - 0.5) / n_p
            top = per_beat * n_p
            mp = per_beat * (r - 0.5)
        else:
            pct = np.where(n_p > 1, 100.0 * (r - 1) / np.maximum(n_p - 1, 1), 50.0)
            top = per_beat * (n_p - 1)
            mp = per_beat * (r - 1)
        base_top = (per_beat * n) if ascherman else (per_beat * np.maximum(n - 1, 0))
        out["mp_ns"] = base_top * unplayed_pct / 100.0
        out["mp_ew"] = out["mp_ns"].to_numpy()
        out.loc[played, "mp_ns"] = mp
        out.loc[played, "mp_ew"] = top - mp
        out["pct_ns"] = float(unplayed_pct)
        out["pct_ew"] = float(unplayed_pct)
        out.loc[played, "pct_ns"] = pct
        out.loc[played, "pct_ew"] = 100.0 - pct
        return out
    if method == "butler":
        dat = _group_datum(x.to_numpy(), g, n_by_group, datum=datum, trim=trim)
        out["datum"] = dat[gid]  # NaN only on a board where no result was played
        swing = imps(x.to_numpy() - dat[g], gaps=gaps).astype(float)
    else:
        swing = (
            x.groupby(g)
            .transform(lambda s: cross_imps(s.to_numpy(), gaps=gaps))
            .to_numpy(dtype=float)
        )
    out["imps_ns"] = float(unplayed_imps)
    out["imps_ew"] = float(unplayed_imps)
    out.loc[played, "imps_ns"] = swing
    out.loc[played, "imps_ew"] = -swing
    return out


def _group_datum(x, g, n_by_group, *, datum, trim) -> np.ndarray:
    """The Butler datum of every group at once (same rules as :func:`butler_datum`)."""
    n_groups = n_by_group.size
    if not isinstance(datum, str):
        return np.full(n_groups, butler_datum([0.0], datum=datum))
    datum, trim = _datum_rule(datum, trim)
    sums = np.bincount(g, weights=x, minlength=n_groups)
    if datum in ("mean", "whole"):
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = sums / n_by_group
        return np.trunc(mean) if datum == "whole" else mean
    trim = _trim(trim)
    order = np.lexsort((x, g))
    pos = np.empty_like(order)
    starts = np.concatenate([[0], np.cumsum(n_by_group)[:-1]])
    pos[order] = np.arange(order.size) - starts[g[order]]
    k = _trim_count(n_by_group, trim)[g]
    keep = (pos >= k) & (pos < n_by_group[g] - k)
    kept_sum = np.bincount(g[keep], weights=x[keep], minlength=n_groups)
    kept_n = np.bincount(g[keep], minlength=n_groups)
    with np.errstate(invalid="ignore", divide="ignore"):
        return _round_to_10(kept_sum / kept_n)

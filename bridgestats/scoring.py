"""Scoring one board: contract scores, IMPs, matchpoints, Neuberg, Butler and cross-IMPs.

Every function is vectorised: scalars or numpy arrays in, the same shape out, no Python
loop per result. The sources are the Funbridge FAQ (``seeds/004_c99bdc08e944f32f.txt``:
matchpoints with ties, the IMP table, IMPs against an average, unplayed deals), §11 of
Probst's article (``seeds/001_d1e63a5d90e05b9a.txt``: Ascherman's matchpoints) and the
Laws of Duplicate Bridge (2017), Law 77 (the scoring table).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd

from .errors import BridgestatsError, as_finite_array, check_choice

__all__ = [
    "GAP_RULES",
    "IMP_TABLE_LOWER",
    "IMP_TABLE_UPPER",
    "STRAINS",
    "Contract",
    "contract_score",
    "imps",
    "parse_contract",
    "parse_contracts",
]

# --------------------------------------------------------------------------- IMP table
#: Printed upper ends of the WBF IMP bands 0..23 (points); 4000 and more is 24 IMPs.
#: Funbridge FAQ, "Conversion table for IMP scores" (seeds/004_c99bdc08e944f32f.txt); the
#: seed prints 1,500-1,740 and 2,250-2,490 with full stops as thousands separators.
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
        Differences of two scores, in points (any sign; need not be multiples of 10).
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
    imps(−d) = −imps(d). Computed with one :func:`numpy.searchsorted` on :math:`|d|`.

    References
    ----------
    .. [1] Funbridge FAQ, "Conversion table for IMP scores" and the datum example
       (seeds/004_c99bdc08e944f32f.txt).

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
    d = as_finite_array(score_diff, "score_diff", allow_empty=True)
    if d.dtype.kind not in "iuf":
        d = d.astype(float)
    mag = np.abs(d)
    if gaps == "upper":
        band = np.searchsorted(IMP_TABLE_UPPER, mag, side="left")
    else:
        band = np.searchsorted(_IMP_MIDPOINTS, mag, side="right")
    out = np.where(d < 0, -band, band).astype(np.int64, copy=False)
    return out[()] if out.ndim == 0 else out


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
        result = 0 if result == "=" else int(result.replace(" ", ""))
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
        raise BridgestatsError(f"{name}: must be a string such as '4SX' or 'Pass'; got {text!r}")
    parsed = _parse_one(text)
    if parsed is None:
        raise BridgestatsError(
            f"{name}: {text!r} is not a contract (expected level 1-7, strain C/D/H/S/N/NT, "
            "optional X/XX, optional declarer and result, or Pass)"
        )
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
    values = pd.Series(np.asarray(texts, dtype=object).ravel(), index=index, dtype=object)
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    if (codes < 0).any():
        pos = int(np.flatnonzero(codes < 0)[0])
        raise BridgestatsError(f"{name}: missing contract at position {pos}")
    parsed = []
    for u in uniques:  # one parse per distinct text, not per record
        p = _parse_one(u) if isinstance(u, str) else None
        if p is None:
            pos = int(np.flatnonzero(values.to_numpy() == u)[0])
            raise BridgestatsError(f"{name}: {u!r} at position {pos} is not a contract")
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
    arr = np.asarray(strain, dtype=object)
    uniq, inverse = np.unique(arr.astype(str), return_inverse=True)
    codes = np.empty(len(uniq), dtype=np.int64)
    for i, u in enumerate(uniq):  # per distinct strain text
        key = u.strip().upper()
        if key == "":
            codes[i] = -1
        elif key in _STRAIN_ALIASES:
            codes[i] = STRAINS.index(_STRAIN_ALIASES[key])
        else:
            raise BridgestatsError(f"strain: must be one of C, D, H, S, N, NT; got {u!r}")
    return codes[inverse].reshape(arr.shape)


def _int_array(values, name, lo, hi) -> np.ndarray:
    arr = as_finite_array(values, name, allow_empty=True)
    if arr.dtype.kind == "f" and not np.all(arr == np.round(arr)):
        raise BridgestatsError(f"{name}: must be whole numbers {lo}-{hi}")
    arr = arr.astype(np.int64)
    bad = (arr < lo) | (arr > hi)
    if bad.any():
        raise BridgestatsError(f"{name}: must be {lo}-{hi}; got {int(arr[bad].ravel()[0])}")
    return arr


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
    .. [2] Funbridge FAQ, IMP example (seeds/004_c99bdc08e944f32f.txt): 3NT vulnerable
       making 9 tricks +600, 10 tricks +630, 8 tricks −100.

    Examples
    --------
    >>> contract_score(3, "NT", 0, [9, 10, 8], True)
    array([ 600,  630, -100])
    >>> int(contract_score(4, "S", 1, 10, False)), int(contract_score(7, "N", 2, 0, True))
    (590, -7600)
    """
    lvl = _int_array(level, "level", 0, 7)
    code = _strain_codes(strain)
    dbl = _int_array(doubled, "doubled", 0, 2)
    trk = _int_array(tricks, "tricks", 0, 13)
    vul = np.asarray(vulnerable)
    if vul.dtype.kind not in "biu" or not np.all((vul == 0) | (vul == 1)):
        raise BridgestatsError(f"vulnerable: must be True/False (or 1/0); got {vulnerable!r:.60}")
    vul = vul.astype(bool)
    lvl, code, dbl, trk, vul = np.broadcast_arrays(lvl, code, dbl, trk, vul)
    if np.any((code < 0) & (lvl > 0)):
        raise BridgestatsError("strain: must be one of C, D, H, S, N, NT for level 1-7; got ''")

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

    out = np.where(lvl == 0, 0, np.where(over >= 0, made, -penalty)).astype(np.int64)
    return out[()] if out.ndim == 0 else out

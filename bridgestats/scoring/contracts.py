"""Contracts: a contract's text parsed, and declarer's score by the Law 77 table.

Every function is vectorised: scalars or numpy arrays in, the same shape out.

References
----------
.. [1] World Bridge Federation, The Laws of Duplicate Bridge 2017, Law 77 (the scoring
   table).
.. [2] Funbridge, "Frequently asked questions", funbridge.com (scores of the IMP
   example).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd

from .._validate import as_array, check_broadcast, check_whole, fail

__all__ = ["STRAINS", "Contract", "contract_score", "parse_contract", "parse_contracts"]

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

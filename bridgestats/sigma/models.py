"""How big is a match's swing: the standard-deviation models of match margins.

Each function gives σ, the standard deviation of a match margin between equally matched
sides, in the margin's own unit (IMPs, matchpoint %, aggregate points), from the per-board
standard deviation ``k`` and the shape of the event. A Victory Point scale is this σ times
the scale's quantiles (:mod:`bridgestats.vp`). Which model each event form uses, with
its default K, is the catalogue of event forms (:data:`bridgestats.sigma.FORMS`).

All functions are vectorised: ``n_boards`` (and the keyword options) may be arrays and the
result has their broadcast shape (a NumPy scalar for scalar input); arrays whose shapes do
not broadcast raise, naming them. Every input is a number > 0 (``shooting`` >= 0) and at most
:data:`MAX_VALUE` (10¹²); text, NaN and infinity are refused.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3-5,
   §10, §11; the project ships its tables in ``data/seeds/``.
"""

from __future__ import annotations

import numpy as np

from .._validate import (
    check_broadcast,
    check_flag,
    check_int,
    check_positive,
    fail,
)

__all__ = [
    "MAX_VALUE",
    "k_from_sigma",
    "sigma_aggregate",
    "sigma_butler_online",
    "sigma_cross_imps",
    "sigma_swiss_pairs",
    "sigma_swiss_pairs_spread",
    "sigma_teams",
    "sigma_teams_spread",
    "swiss_pairs_carry",
    "swiss_pairs_top_percent",
]

#: Largest value of any input of a σ model (``n_boards``, ``k``, ``n_tables``,
#: ``comparisons``, ``n_results``, ``b``, ``shooting``, ``sigma``): each is a count of an
#: event or a per-board σ, far below 10¹² in any event, and products of a few such values
#: stay finite (``k=1e308`` once overflowed to an infinite σ with only a warning).
MAX_VALUE = 1e12


def _bounded(value, name: str, *, allow_zero: bool = False) -> np.ndarray:
    """``value`` as a float array of numbers > 0 (>= 0 if allowed) and <= :data:`MAX_VALUE`."""
    arr = check_positive(value, name, allow_zero=allow_zero)
    if np.any(arr > MAX_VALUE):
        low = "[0" if allow_zero else "(0"
        raise fail(
            name, f"a number in {low}, {MAX_VALUE:g}]", float(arr[arr > MAX_VALUE].ravel()[0])
        )
    return arr


def _out(x):
    """A 0-d array becomes a NumPy scalar; arrays pass through."""
    x = np.asarray(x, dtype=float)
    return x[()] if x.ndim == 0 else x


def _at_least(value, name: str, low: float) -> np.ndarray:
    """``value`` as a float array, every element >= ``low`` (> 0), by the shared checks."""
    arr = _bounded(value, name)
    if np.any(arr < low):
        bad = arr[arr < low].ravel()[0]
        raise fail(name, f">= {low:g}", int(bad) if float(bad).is_integer() else float(bad))
    return arr


def sigma_teams(n_boards, *, k=6.5):
    """σ of a teams-of-four IMP margin over ``n_boards`` boards: K·√n.

    Parameters
    ----------
    n_boards : float or array_like
        Boards in the match (> 0).
    k : float or array_like, optional
        Standard deviation of a one-board swing in IMPs. Manning's empirical 6.5 by
        default; Probst reports it between 6.0 and 7.0 [1]_.

    Returns
    -------
    float or ndarray
        σ in IMPs.

    Notes
    -----
    .. math:: \\sigma = K \\sqrt{n}

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §3 "How many imps is a VP?".

    Examples
    --------
    Probst's 8-board match ("Std dev=18.38") and the 32-board one whose 20-0, at 1.668 σ,
    is "about 60 imps ... (actually 61 imps)":

    >>> float(sigma_teams(8))
    18.385
    >>> round(1.668 * float(sigma_teams(32)))
    61
    """
    n = _bounded(n_boards, "n_boards")
    k = _bounded(k, "k")
    n, k = check_broadcast(n_boards=n, k=k)
    return _out(k * np.sqrt(n))


def sigma_teams_spread(n_boards, *, k, delta):
    """σ of a teams IMP margin over ``n_boards`` boards between sides of unequal strength.

    Parameters
    ----------
    n_boards : float or array_like
        Boards in the match (> 0).
    k : float or array_like
        Standard deviation of a one-board swing between equal sides, IMPs (> 0).
    delta : float or array_like
        δ, the standard deviation over matches of the per-board edge of one side over the
        other, IMPs per board (>= 0; for strengths of sd τ met at random, δ = τ√2).

    Returns
    -------
    float or ndarray
        σ in IMPs.

    Notes
    -----
    A match of n boards between sides whose per-board edge is e has margin
    nE + X₁ + ... + Xₙ, the X board swings of sd K; with e of sd δ over the matches [1]_

    .. math:: \\sigma(n) = \\sqrt{nK^2 + n^2\\delta^2}

    With δ = 0 it is Probst's σ = K√n (:func:`sigma_teams`) [2]_. The strength term grows
    as n², the luck term as n: the K a σ = K√n scale needs is √(K² + nδ²), growing with n.

    References
    ----------
    .. [1] :func:`bridgestats.fit.fit_strength_spread`, which fits K and δ to match margins
       by maximum likelihood (``bridgestats.studies.k_growth.k_model`` on the shipped
       ``derived/match_margins``).
    .. [2] J. Probst, "On VP Scales" (c. 2006), §3 "How many imps is a VP?".

    Examples
    --------
    Equal sides give Probst's 8-board σ ("Std dev=18.38"); K 6.02 and δ 0.67, the fit of
    the shipped margins to two decimals, give 26.36 IMPs at 16 boards (K√n: 24.08):

    >>> float(sigma_teams_spread(8, k=6.5, delta=0))
    18.385
    >>> round(float(sigma_teams_spread(16, k=6.02, delta=0.67)), 2)
    26.36
    """
    n = _bounded(n_boards, "n_boards")
    k = _bounded(k, "k")
    d = _bounded(delta, "delta", allow_zero=True)
    n, k, d = check_broadcast(n_boards=n, k=k, delta=d)
    return _out(np.sqrt(n * k**2 + n**2 * d**2))


def sigma_cross_imps(n_boards, *, comparisons, n_results, k=6.5):
    """σ of a cross-IMPed match: K·√(n·C·R/2) (Pomfrey's rule).

    Parameters
    ----------
    n_boards : float or array_like
        Boards in the match (> 0).
    comparisons : float or array_like
        C, comparisons per board and result (teams of four: 1; cross-IMPed teams of
        eight: 4).
    n_results : float or array_like
        R, results per board counted in the match (teams of four: 2; teams of eight: 4).
    k : float or array_like, optional
        The teams-of-four per-board σ in IMPs (6.5).

    Returns
    -------
    float or ndarray
        σ in (cross-)IMPs.

    Notes
    -----
    Pomfrey: scales vary as √(C·R); teams of four have C = 1, R = 2, hence [1]_

    .. math:: \\sigma = K \\sqrt{n C R / 2}

    For cross-IMPed teams of eight the ratio to teams of four is √16/√2 = 2√2. Probst
    multiplies the White Book's 8-board 20-0 of 30 IMPs by it: "85 imps is a 20-0 win".
    The Gaussian scale itself puts the 20-0 at 1.668·52 = 86.7 IMPs.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §3 "How many imps is a VP?".

    Examples
    --------
    >>> float(sigma_cross_imps(8, comparisons=1, n_results=2))  # teams of four
    18.385
    >>> float(sigma_cross_imps(8, comparisons=4, n_results=4))  # cross-IMPed teams of eight
    52.0
    >>> round(30 * float(sigma_cross_imps(8, comparisons=4, n_results=4) / sigma_teams(8)))
    85
    """
    n = _bounded(n_boards, "n_boards")
    c = _bounded(comparisons, "comparisons")
    r = _bounded(n_results, "n_results")
    k = _bounded(k, "k")
    n, c, r, k = check_broadcast(n_boards=n, comparisons=c, n_results=r, k=k)
    return _out(k * np.sqrt(n * c * r / 2.0))


def sigma_butler_online(n_boards, *, n_tables, k=7.0, b=1.2, shooting=1.0):
    """σ of an online Butler (barometer) match: B·K·√(n·C/(2R)) + shooting.

    Parameters
    ----------
    n_boards : float or array_like
        Boards in the match (> 0).
    n_tables : float or array_like
        Tables in play (>= 2); every table plays every board, so C = tables − 1
        comparisons and R = tables results per board.
    k : float or array_like, optional
        Per-board σ; Probst takes 7 online ("bigger variance in standard in On-Line
        bridge").
    b : float or array_like, optional
        The Bavin (Butler) factor by which datum IMPs overstate teams IMPs, 6/5.
    shooting : float or array_like, optional
        IMPs added for last-board "shooting" (1; 0 when negative VPs remove the motive).

    Returns
    -------
    float or ndarray
        σ in Butler IMPs.

    Notes
    -----
    .. math:: \\sigma = B K \\sqrt{\\frac{n C}{2R}} + s, \\qquad C = T - 1,\\ R = T

    R is not named in the article; its worked example (15 tables: √(15·14/30)) puts
    2R = 30, so R = T, the results per board (Bavin's "t = c + 1") [1]_.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §5 "How do we create a Butler Imp VP
       scale?".

    Examples
    --------
    Probst's 15-board match with 15 tables: σ = 23.22 and a 20-0 (1.668 σ, his rounded
    σ) of 38.73:

    >>> float(sigma_butler_online(15, n_tables=15))
    23.224
    >>> round(1.668 * round(float(sigma_butler_online(15, n_tables=15)), 2), 2)
    38.73
    """
    n = _bounded(n_boards, "n_boards")
    t = _at_least(n_tables, "n_tables", 2)
    k = _bounded(k, "k")
    b = _bounded(b, "b")
    s = _bounded(shooting, "shooting", allow_zero=True)
    n, t, k, b, s = check_broadcast(n_boards=n, n_tables=t, k=k, b=b, shooting=s)
    return _out(b * k * np.sqrt(n * (t - 1.0) / (2.0 * t)) + s)


def sigma_swiss_pairs(n_boards, *, k=32.95):
    """σ of a Swiss pairs (matchpoint %) margin over ``n_boards`` boards: K/√n.

    A match percentage is the mean of the board percentages, so its σ shrinks as √n.

    Parameters
    ----------
    n_boards : float or array_like
        Boards in the match (> 0).
    k : float or array_like, optional
        σ of a one-board match in %. 32.95 = 11.65·√8, Probst's recommendation from the
        random-draw rounds at Brighton 2005 (Cooke's 11.73 % less the Ascherman effect).
        The EBU's σ = 11 % at 8 boards is k = 31.11.

    Returns
    -------
    float or ndarray
        σ in matchpoint percentage points.

    Notes
    -----
    .. math:: \\sigma = K / \\sqrt{n}

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §11 "Fixing Washington VPs" ("This
       figure needs to be normalised for the one board match and is: 11.65 x sqrt (8) =
       32.95%").

    Examples
    --------
    >>> float(sigma_swiss_pairs(8))
    11.65
    >>> float(k_from_sigma(11.65, 8, percent=True))
    32.95
    """
    n = _bounded(n_boards, "n_boards")
    k = _bounded(k, "k")
    n, k = check_broadcast(n_boards=n, k=k)
    return _out(k / np.sqrt(n))


def sigma_swiss_pairs_spread(n_boards, *, k, strength_sd):
    """σ of a Swiss pairs MP % margin over ``n_boards`` boards between pairs met at random.

    Parameters
    ----------
    n_boards : float or array_like
        Boards in the match (> 0).
    k : float or array_like
        σ of a one-board match between equal pairs, MP % (> 0).
    strength_sd : float or array_like
        τ, the standard deviation of the pairs' true strengths, MP % per match (>= 0).

    Returns
    -------
    float or ndarray
        σ in matchpoint percentage points.

    Notes
    -----
    The match percentage of pair i against pair j is 50 + s_i − s_j + Z, Z the mean of n
    board percentages (sd k/√n) and s of sd τ: between pairs drawn at random [1]_

    .. math:: \\sigma^2(n) = k^2/n + 2\\tau^2

    The luck term shrinks with n, the strength term does not: carrying an 8-board σ to n
    boards by √(8/n) (Probst's "normalised for the one board match", the case τ = 0 of
    :func:`sigma_swiss_pairs`) understates σ for long matches and overstates it for short
    ones. Later rounds of a Swiss, which pair like scores, have a smaller strength term
    (:func:`swiss_pairs_carry` keeps whatever strength term an 8-board σ holds).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §11 (Brighton 2005's random draws); the
       pairs board model of :mod:`bridgestats.sim.events`; k and τ fitted to Brighton by
       ``bridgestats.studies.strength.pairs_strength_spread``.

    Examples
    --------
    τ = 0 is Probst's 11.65 % at 8 boards from k = 32.95; a spread of 4 % keeps σ above
    6 % however long the match:

    >>> float(sigma_swiss_pairs_spread(8, k=32.95, strength_sd=0))
    11.65
    >>> round(float(sigma_swiss_pairs_spread(10_000, k=32.95, strength_sd=4)), 2)
    5.67
    """
    n = _bounded(n_boards, "n_boards")
    k = _bounded(k, "k")
    tau = _bounded(strength_sd, "strength_sd", allow_zero=True)
    n, k, tau = check_broadcast(n_boards=n, k=k, strength_sd=tau)
    return _out(np.sqrt(k**2 / n + 2.0 * tau**2))


def swiss_pairs_carry(sigma, n_boards, *, k, from_boards=8):
    """A Swiss pairs σ measured (or chosen) at ``from_boards`` boards, carried to ``n_boards``.

    Parameters
    ----------
    sigma : float or array_like
        σ (MP %) of a ``from_boards``-board match (> 0), e.g. the EBU's 11 % at 8 boards.
    n_boards : float or array_like
        Boards of the match to carry it to (> 0).
    k : float or array_like
        σ of a one-board match between equal pairs, MP % (> 0).
    from_boards : float or array_like, optional
        Boards of the match ``sigma`` is for (8).

    Returns
    -------
    float or ndarray
        σ in MP % at ``n_boards``.

    Notes
    -----
    Under :func:`sigma_swiss_pairs_spread` a σ is a luck term k²/n and a strength term
    s² that does not depend on n; keeping s² = σ² − k²/n₀,

    .. math:: \\sigma(n) = \\sqrt{\\sigma_{n_0}^2 + k^2 (1/n - 1/n_0)}.

    A σ below the luck term alone (σ < k/√n₀) is not a σ of this model and is refused.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §11-12 (the EBU's σ = 11 % for 8 boards,
       "the new VP scale" played over 18 boards at Bridge Club Live).

    Examples
    --------
    The EBU's 11 % with Brighton's equal-pairs k = 27.24 %, at 18 boards (√(8/18) would
    give 7.33 %):

    >>> round(float(swiss_pairs_carry(11, 18, k=27.24)), 2)
    8.33
    >>> round(float(swiss_pairs_carry(11, 8, k=27.24)), 2)
    11.0
    """
    s = _bounded(sigma, "sigma")
    n = _bounded(n_boards, "n_boards")
    k = _bounded(k, "k")
    n0 = _bounded(from_boards, "from_boards")
    s, n, k, n0 = check_broadcast(sigma=s, n_boards=n, k=k, from_boards=n0)
    strength = s**2 - k**2 / n0
    if np.any(strength < -1e-12 * s**2):
        bad = (k / np.sqrt(n0))[strength < -1e-12 * s**2].ravel()[0]
        raise fail(
            "sigma",
            f">= the luck term k/√from_boards = {bad:.4g} % (a σ of the model)",
            float(s[strength < -1e-12 * s**2].ravel()[0]),
        )
    return _out(np.sqrt(np.maximum(strength, 0.0) + k**2 / n))


def swiss_pairs_top_percent(n_boards, *, n_results=21, ascherman=False, max_vp=20):
    """The percentage at which a Swiss pairs match becomes a 20-0 (the top VP outcome).

    Parameters
    ----------
    n_boards : float or array_like
        Boards in the match (> 0).
    n_results : float or array_like, optional
        Results per board in the field (>= max_vp + 1: the top outcome needs at least one
        result). Ignored with Ascherman scoring, which removes the field-size effect.
    ascherman : bool, optional
        Score each result as (MP + 1)/(2·results), comparing it with itself too.
    max_vp : int, optional
        The VP total of the scale (20).

    Returns
    -------
    float or ndarray
        The winner's percentage for the top outcome.

    Notes
    -----
    Probst's argument [1]_: a one-board match whose score is a "top" is the top outcome;
    with N + 1 equally likely outcomes the top outcome is shared by the m = R/(N + 1)
    best of R results, which tie. Their board score T is, with 2 matchpoints per result
    beaten and 1 per tie,

    .. math:: T = \\frac{2R - m - 1}{2(R - 1)} \\quad\\text{(normal)}, \\qquad
              T = \\frac{2R - m}{2R} = 1 - \\frac{1}{2(N+1)} \\quad\\text{(Ascherman)}

    and, since a match score's spread shrinks as √n, the n-board top outcome starts at

    .. math:: P = 50 + 50\\,T/\\sqrt{n} \\ \\%.

    This reproduces the article's three cases: 21 results, T = 1 ("50+50/sqrt(n)");
    63 results, m = 3 tied tops, T = 122/124 ("50+ (61/124)/sqrt(8)"); Ascherman,
    T = 41/42 ("50 + 41/84 x 1/sqrt(n)"), the limit of the normal case as R → ∞. The
    general field size is this document's generalisation (m need not be a whole number).
    The article prints 67.27 for the Ascherman case at n = 8; the formula gives 67.257.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §4 "How many matchpoints is a VP?" and
       §11 "Fixing Washington VPs" (Adjustments 1 and 2).

    Examples
    --------
    >>> float(swiss_pairs_top_percent(8))
    67.68
    >>> float(swiss_pairs_top_percent(8, n_results=63))
    67.39
    >>> float(swiss_pairs_top_percent(8, ascherman=True))
    67.257
    >>> float(swiss_pairs_top_percent(4))
    75.0
    """
    n = _bounded(n_boards, "n_boards")
    outcomes = _max_vp_outcomes(max_vp)
    if check_flag(ascherman, "ascherman"):
        top = 1.0 - 1.0 / (2.0 * outcomes)
    else:
        r = _at_least(n_results, "n_results", outcomes)
        n, r = check_broadcast(n_boards=n, n_results=r)
        m = r / outcomes
        top = (2.0 * r - m - 1.0) / (2.0 * (r - 1.0))
    return _out(50.0 + 50.0 * top / np.sqrt(n))


def _max_vp_outcomes(max_vp) -> int:
    """The N + 1 outcomes of an N-0 scale; N an even integer >= 2."""
    m = check_int(max_vp, "max_vp", minimum=2)
    if m % 2:
        raise fail("max_vp", "even (an N-0 scale has N/2 steps)", max_vp)
    return m + 1


def sigma_aggregate(n_boards, *, k=365.0):
    """σ of an aggregate (total points) margin over ``n_boards`` boards: K·√n.

    Parameters
    ----------
    n_boards : float or array_like
        Boards in the match (> 0).
    k : float or array_like, optional
        Per-board σ in points. 365 = 1790/√24, measured by Probst from 418 Sheffield
        League matches of 24 boards; "can use this value for matches of any length".

    Returns
    -------
    float or ndarray
        σ in points.

    Notes
    -----
    .. math:: \\sigma = K\\sqrt{n}, \\qquad K = \\sigma_{24}/\\sqrt{24} = 1790/\\sqrt{24}

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §10 "What VP scale for aggregate
       scoring?" and Table 6 (shipped as ``data/seeds/sheffield_aggregate_bands.csv``).

    Examples
    --------
    >>> round(float(k_from_sigma(1790, 24)))
    365
    >>> float(sigma_aggregate(24, k=1790 / 24**0.5))
    1790.0
    """
    n = _bounded(n_boards, "n_boards")
    k = _bounded(k, "k")
    n, k = check_broadcast(n_boards=n, k=k)
    return _out(k * np.sqrt(n))


def k_from_sigma(sigma, n_boards, *, percent=False):
    """The per-board K of a match σ: σ/√n for totals (IMPs, points), σ·√n for percentages.

    Parameters
    ----------
    sigma : float or array_like
        σ of an ``n_boards`` match (> 0).
    n_boards : float or array_like
        Boards in the match (> 0).
    percent : bool, optional
        True when the margin is a match percentage (an average over boards).

    Returns
    -------
    float or ndarray
        K, the σ of a one-board match.

    Notes
    -----
    The inverse of :func:`sigma_teams` / :func:`sigma_aggregate` (σ = K√n) and of
    :func:`sigma_swiss_pairs` (σ = K/√n).

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §10 ("we can compute K as
       1790/sqrt(24) = 365") and §11 ("11.65 x sqrt (8) = 32.95%").

    Examples
    --------
    >>> float(k_from_sigma(1790, 24))
    365.4
    >>> float(k_from_sigma(11.65, 8, percent=True))
    32.95
    """
    s = _bounded(sigma, "sigma")
    n = _bounded(n_boards, "n_boards")
    percent = check_flag(percent, "percent")
    s, n = check_broadcast(sigma=s, n_boards=n)
    return _out(s * np.sqrt(n) if percent else s / np.sqrt(n))

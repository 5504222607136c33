"""The σ of a Swiss pairs match from Brighton 2005 (Probst's Table 7, scored on the 2004 scale).

Swiss pairs (``seeds/brighton_2005_vp_counts``, scored on the 2004 scale of Table 8,
``seeds/swiss_pairs_scales``):

- :func:`brighton_counts`: the table and the thresholds it was scored on;
- :func:`brighton_sigma`: σ of all rounds, the random-draw rounds, each half, each round;
- :func:`brighton_tests`: likelihood-ratio tests of the halves and of the 14 rounds, and
  each round against the rest with Holm-adjusted p-values;
- :func:`swiss_pairs_sigma`: the σ for stated conditions of use (whole event, random-draw
  rounds, late Swiss rounds; optionally corrected for Ascherman scoring).

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3, §10
   and §11; the project ships its tables and printed figures in ``data/seeds/``.
"""

from __future__ import annotations

import numpy as np

from .. import datasets
from .._validate import (
    check_choice,
    check_flag,
    check_int,
)
from ..sigma import swiss_pairs_top_percent
from ..vp import named_scale, scale_from_thresholds
from .estimates import (
    CONDITIONS,
    COUNTS,
    PRINTED,
    SCALES,
    SCORED_ON,
    Estimate,
    printed,
)
from .rounds import RoundCounts, sigma_tests, subset_sigma

__all__ = [
    "brighton_counts",
    "brighton_round_counts",
    "brighton_sigma",
    "brighton_tests",
    "swiss_pairs_sigma",
]


# --------------------------------------------------------------------------- Swiss pairs: σ


def brighton_counts():
    """Probst's Table 7 as rounds × winner's VP, and the thresholds it was scored on.

    Returns
    -------
    table : pandas.DataFrame
        Index ``round`` (1-14), columns ``vp_winner`` (10-20), counts of matches.
    thresholds : numpy.ndarray
        The 2004 scale's thresholds as margins above 50 % (Table 8, ``washington_2004``).

    Examples
    --------
    >>> table, t = brighton_counts()
    >>> int(table.to_numpy().sum()), t[-1].round(2)
    (3598, np.float64(15.99))
    """
    counts = datasets.load(COUNTS)
    table = counts.pivot(index="round", columns="vp_winner", values="count")
    rows = datasets.load(SCALES).query("scale == @SCORED_ON and vp_winner > 10")
    played = scale_from_thresholds(rows.threshold_pct, centre=50, name=SCORED_ON, unit="MP %")
    return table, np.asarray(played.thresholds, dtype=float)


def brighton_round_counts() -> RoundCounts:
    """Brighton 2005 (Probst's Table 7) as a :class:`~bridgestats.studies.rounds.RoundCounts`:
    14 rounds × winner's VP, scored on the 2004 scale (the shipped data of ``washington_sigma``).

    >>> brighton_round_counts().by_round.shape
    (14, 11)
    """
    table, t = brighton_counts()
    played = named_scale(SCORED_ON)
    return RoundCounts(
        by_round=table,
        thresholds=t,
        scale=played,
        scale_id=SCORED_ON,
        binned_on=played,
        binned_id=SCORED_ON,
        form="swiss_pairs",
        unit="MP %",
        n_boards=8,
        name="Brighton 2005 Swiss pairs",
        source=(
            f"{COUNTS} on the {SCORED_ON} thresholds ({SCALES}): ML σ of the binned "
            "normal margin, profile-likelihood interval"
        ),
        read_from=(COUNTS, SCALES, PRINTED),
        printed=printed("cooke_random_draw_sigma"),
    )


def brighton_sigma(
    *, confidence=0.90, first_half_last_round=7, random_draw_rounds=(1, 2), counts=None
):
    """σ (MP % of an 8-board match) of Brighton 2005 by subset: all, halves, each round.

    The same for a committee's own events with ``counts``.

    Parameters
    ----------
    confidence : float, default 0.90
        Level of the profile-likelihood intervals.
    first_half_last_round : int or None, default 7
        Last round of the first half (None: the middle round, 7 of Brighton's 14).
    random_draw_rounds : sequence of int, default (1, 2)
        The random-draw rounds (Cooke's, Probst §11).
    counts : RoundCounts, optional
        A committee's rounds × outcomes (:func:`bridgestats.studies.committee.round_counts`).

    Returns
    -------
    pandas.DataFrame
        Index ``subset`` (``all``, ``random_draw``, ``first_half``, ``second_half``,
        ``round_1`` ... ``round_14``), columns ``rounds`` (text), ``n``, ``sigma``,
        ``ci_low``, ``ci_high``, ``se``, ``loglik``, ``source``.

    Examples
    --------
    >>> s = brighton_sigma()
    >>> print(s.loc[["all", "random_draw", "round_8"], ["n", "sigma"]].round(2).to_string())
                    n  sigma
    subset
    all          3598  10.97
    random_draw   514  11.66
    round_8       257   9.38
    """
    counts = brighton_round_counts() if counts is None else counts
    return subset_sigma(
        counts,
        confidence=confidence,
        random_draw_rounds=random_draw_rounds,
        first_half_last_round=first_half_last_round,
    )


def brighton_tests(*, first_half_last_round=7, confidence=0.90, counts=None):
    """Likelihood-ratio tests of Brighton's σ: the halves, the 14 rounds, each round vs rest.

    The same for a committee's own events with ``counts``.

    Parameters
    ----------
    first_half_last_round : int or None, default 7
        Last round of the first half (None: the middle round).
    confidence : float, default 0.90
        Level of the σ intervals in ``rounds``.
    counts : RoundCounts, optional
        A committee's rounds × outcomes (as :func:`brighton_sigma`).

    Returns
    -------
    tests : pandas.DataFrame
        Index ``test`` (``halves``, ``rounds``): ``statistic`` (G²), ``df``, ``p_value``,
        ``sigma_pooled``, ``source``.
    rounds : pandas.DataFrame
        :func:`bridgestats.fit.sigma_one_vs_rest` of the 14 rounds (index ``round``):
        each round's σ against the other 13 rounds', ``p_value`` and ``p_holm``.

    Examples
    --------
    >>> tests, rounds = brighton_tests()
    >>> print(tests[["statistic", "df", "p_value"]].round(4).to_string())
            statistic  df  p_value
    test
    halves    10.9916   1   0.0009
    rounds    22.3932  13   0.0496
    """
    counts = brighton_round_counts() if counts is None else counts
    return sigma_tests(counts, first_half_last_round=first_half_last_round, confidence=confidence)


def swiss_pairs_sigma(
    conditions="whole_event", *, ascherman=False, n_results=None, confidence=0.90
):
    """The σ of an 8-board Swiss pairs match for stated conditions of use, from Brighton.

    Parameters
    ----------
    conditions : {"whole_event", "random_draw", "swiss_rounds"}
        Which matches the scale is to treat as equally likely to give each outcome
        (:data:`CONDITIONS`): all rounds of a multi-round Swiss (random draws first, then
        pairs of like score), the random-draw rounds only (a one-day event, the first
        rounds), or the late rounds, where the Swiss has sorted the field.
    ascherman : bool, default False
        Correct for Ascherman scoring, which removes the field-size effect: σ times
        (P_A − 50)/(P_R − 50), P_A the Ascherman 20-0 and P_R the normal-scoring 20-0 for
        ``n_results`` results (:func:`bridgestats.sigma.swiss_pairs_top_percent`).
    n_results : int, optional
        Results per board behind Brighton's normal scoring; default the article's 63
        (``seeds/probst_printed_figures``, ``brighton_field_tables``).
    confidence : float, default 0.90

    Returns
    -------
    Estimate
        ``n`` is the number of matches.

    Notes
    -----
    Probst (§11): a scale should "behave 'normally' on a random draw such as we have in
    round 1 & 2, and where 20-0's become progressively tougher as the event progresses";
    so the random-draw σ (Cooke's 11.73, "about 11.65%" after Ascherman) if every round is
    to be hard on mismatches; the whole-event σ if every outcome is to be equally frequent
    over the event the scale is used for; the EBU settled on 11 %.

    Examples
    --------
    >>> e = swiss_pairs_sigma("random_draw", ascherman=True)
    >>> print(f"{e.value:.2f} ({e.ci[0]:.2f}-{e.ci[1]:.2f}) {e.unit}, {e.n} matches")
    11.57 (10.90-12.29) MP %, 514 matches
    """
    check_choice(conditions, "conditions", tuple(CONDITIONS))
    ascherman = check_flag(ascherman, "ascherman")
    subset = {"whole_event": "all", "random_draw": "random_draw", "swiss_rounds": "second_half"}[
        conditions
    ]
    row = brighton_sigma(confidence=confidence).loc[subset]
    ratio, how = 1.0, ""
    if ascherman:
        size = printed("brighton_field_tables").value if n_results is None else n_results
        size = check_int(size, "n_results", minimum=21)
        ratio = float(
            (swiss_pairs_top_percent(8, ascherman=True) - 50)
            / (swiss_pairs_top_percent(8, n_results=size) - 50)
        )
        how = f", × {ratio:.4f} for Ascherman scoring (field of {size})"
    return Estimate(
        name=f"sigma_{conditions}" + ("_ascherman" if ascherman else ""),
        value=float(row.sigma) * ratio,
        ci=(float(row.ci_low) * ratio, float(row.ci_high) * ratio),
        confidence=float(confidence),
        n=int(row.n),
        n_unit="matches",
        unit="MP %",
        source=f"{COUNTS}, rounds {row.rounds} ({CONDITIONS[conditions]}): {row.source}{how}",
    )

"""A committee's (or Brighton's) matches as rounds × VP outcome, and σ fitted on them.

:class:`RoundCounts` holds the counts of Probst's Table 7's shape (rounds × the winner's VP
on the scale the matches were scored on) with what a page says about them;
:func:`subset_sigma` fits σ to all rounds, the random-draw rounds, each half and each round
(:func:`bridgestats.fit.fit_sigma_groups`), :func:`sigma_tests` tests one σ for the
halves and the rounds and each round against the rest (:func:`bridgestats.fit.
sigma_lr_test`, :func:`~bridgestats.fit.sigma_one_vs_rest`), and :func:`random_draw_sigma`
sets the random-draw rounds' σ beside the 20-0 count's alone and, for Brighton, Cooke's
printed figure. The counts come from
:func:`bridgestats.studies.committee.round_counts` (a committee's files) or
:func:`bridgestats.studies.brighton.brighton_round_counts` (Brighton 2005).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .._validate import check_int, fail
from ..derive.committee import ReadStatement
from ..fit import fit_sigma_groups, fit_sigma_tail, sigma_lr_test, sigma_one_vs_rest
from ..names import display_name
from ..vp import NAMED_SCALES, VPScale, named_scale

__all__ = [
    "PUBLISHED",
    "RandomDrawSigma",
    "RoundCounts",
    "random_draw_sigma",
    "sigma_tests",
    "subset_sigma",
]

#: The published scales a form's σ is set beside (washington_sigma): Probst's Table 8 for
#: Swiss pairs, the WBF's discrete scale for teams.
PUBLISHED = {
    "swiss_pairs": (
        "triangular_2003",
        "washington_2004",
        "ascherman_2006",
        "random_draw",
        "ebu_2006",
    ),
    "teams": ("wbf_discrete",),
}


@dataclass(frozen=True)
class RoundCounts:
    """A committee's matches as rounds × VP outcome, for the σ fits of Brighton's shape.

    Attributes
    ----------
    by_round : pandas.DataFrame
        Index ``round``, columns the winner's VP of each outcome on :attr:`binned_on`
        (central first: 10, 11, ..., 20), counts of matches.
    thresholds : numpy.ndarray
        The margins at which :attr:`binned_on` steps up (the ``thresholds`` argument of
        :func:`bridgestats.fit.fit_sigma_binned`).
    scale : VPScale
        The scale the matches were scored on (:func:`scored_on`).
    scale_id : str
        Its id (``"given"`` for a scale given as a VPScale).
    binned_on : VPScale
        The 20-0 scale the outcomes are counted on: :attr:`scale`, or for the WBF
        continuous scale its discrete version (the same curve in whole VPs).
    binned_id : str
        Its id.
    form, unit : str
        ``"teams"`` (IMPs) or ``"swiss_pairs"`` (MP %).
    n_boards : int
        Boards per match (the most common; matches of other lengths are left out).
    name : str
        The events, for a title.
    vp_agree, vp_printed : int
        Matches whose printed VPs the scale gives, and matches that print VPs.
    left_out : dict
        Matches left out, by reason (``"other number of boards"``, ``"no round"``).
    read_statement : ReadStatement or None
        What was read (None for the shipped data).
    source : str
        The data and method, for the report's source line.
    read_from : tuple of str
        The data sets or files read (a report's inputs).
    printed : object or None
        A published σ of the random-draw rounds to set beside (an
        :class:`~bridgestats.studies.estimates.Estimate`: Cooke's for Brighton 2005), or
        None (a committee's events have none).
    """

    by_round: pd.DataFrame
    thresholds: np.ndarray
    scale: VPScale
    scale_id: str
    binned_on: VPScale
    binned_id: str
    form: str
    unit: str
    n_boards: int
    name: str
    vp_agree: int = 0
    vp_printed: int = 0
    left_out: dict = field(default_factory=dict)
    read_statement: ReadStatement | None = None
    source: str = ""
    read_from: tuple[str, ...] = ()
    printed: object = None

    @property
    def scale_name(self) -> str:
        """The scale scored on, as a reader sees it."""
        name = (
            display_name("scale", self.scale_id)
            if self.scale_id in NAMED_SCALES
            else self.scale.name or "the scale given"
        )
        if self.binned_id != self.scale_id:
            name += f" (counted on {display_name('scale', self.binned_id)})"
        return name

    @property
    def margin_unit(self) -> str:
        """The unit after a number in a sentence: ``" %"`` or ``" IMPs"``."""
        return " %" if self.unit == "MP %" else " IMPs"

    @property
    def centre(self) -> float:
        """Where the margins are counted from: 50 for MP %, 0 for IMPs."""
        return 50.0 if self.unit == "MP %" else 0.0

    def published(self, ids=None) -> dict[str, VPScale]:
        """The published scales σ is set beside: ``ids`` when they are of this unit, else
        :data:`PUBLISHED` of the form; the scale scored on is always among them.

        Examples
        --------
        >>> from bridgestats.studies.brighton import brighton_round_counts
        >>> list(brighton_round_counts().published(["ebu_2006", "wbf"]))
        ['ebu_2006', 'washington_2004']
        """
        chosen = [i for i in (ids or ()) if i in NAMED_SCALES and NAMED_SCALES[i].unit == self.unit]
        built = {i: named_scale(i, n_boards=self.n_boards) for i in chosen}
        # a σ is set beside a 20-0 scale of whole VPs (fit_scale_sigma): not the WBF
        # continuous scale's hundredths
        out = {i: s for i, s in built.items() if len(s.thresholds) == 10 and not s.raw}
        if not out:
            out = {i: named_scale(i, n_boards=self.n_boards) for i in PUBLISHED[self.form]}
        if self.binned_id not in out:
            out[self.binned_id] = self.binned_on
        return out


def _subsets(table: pd.DataFrame, first_half_last_round: int, random_draw_rounds) -> dict:
    last = int(table.index.max())
    out = {
        "all": (table.sum(), f"1-{last}"),
        "random_draw": (
            table.loc[list(random_draw_rounds)].sum(),
            ", ".join(str(r) for r in random_draw_rounds),
        ),
        "first_half": (table.loc[:first_half_last_round].sum(), f"1-{first_half_last_round}"),
        "second_half": (
            table.loc[first_half_last_round + 1 :].sum(),
            f"{first_half_last_round + 1}-{last}",
        ),
    }
    for r in table.index:
        out[f"round_{r}"] = (table.loc[r], str(r))
    return out


def _check_rounds(table, first_half_last_round, random_draw_rounds):
    last = int(table.index.max())
    if first_half_last_round is None:  # the middle: Brighton's 7 of 14
        first_half_last_round = max(1, last // 2)
    first_half_last_round = check_int(
        first_half_last_round, "first_half_last_round", minimum=1, maximum=last - 1
    )
    try:
        rounds = [int(r) for r in random_draw_rounds]
    except (TypeError, ValueError):
        raise fail("random_draw_rounds", f"rounds in 1-{last}", random_draw_rounds) from None
    if not rounds or any(r not in table.index for r in rounds):
        raise fail("random_draw_rounds", f"rounds of the table, in 1-{last}", random_draw_rounds)
    return first_half_last_round, rounds


def _counts(counts) -> RoundCounts:
    if not isinstance(counts, RoundCounts):
        raise fail("counts", "a RoundCounts (studies.committee.round_counts)", counts)
    return counts


def subset_sigma(counts, *, confidence=0.90, first_half_last_round=7, random_draw_rounds=(1, 2)):
    """σ by subset of rounds: all, the random-draw rounds, each half, each round.

    Parameters
    ----------
    counts : RoundCounts
        Rounds × VP outcomes (:func:`bridgestats.studies.committee.round_counts`; Brighton
        2005's: :func:`bridgestats.studies.brighton.brighton_round_counts`).
    confidence : float, default 0.90
        Level of the profile-likelihood intervals.
    first_half_last_round : int or None, default 7
        Last round of the first half (None: the middle round, 7 of Brighton's 14).
    random_draw_rounds : sequence of int, default (1, 2)
        The random-draw rounds (Cooke's, Probst §11).

    Returns
    -------
    pandas.DataFrame
        Index ``subset`` (``all``, ``random_draw``, ``first_half``, ``second_half``,
        ``round_1`` ...), columns ``rounds`` (text), ``n``, ``sigma``, ``ci_low``,
        ``ci_high``, ``se``, ``loglik``, ``source`` (:func:`bridgestats.fit.
        fit_sigma_groups` on each subset's counts).

    Examples
    --------
    >>> from bridgestats.studies.brighton import brighton_round_counts
    >>> s = subset_sigma(brighton_round_counts(), first_half_last_round=None)
    >>> int(s.loc["all", "n"]), s.loc["first_half", "rounds"], round(s.loc["all", "sigma"], 2)
    (3598, '1-7', np.float64(10.97))
    """
    c = _counts(counts)
    table, t = c.by_round, np.asarray(c.thresholds, dtype=float)
    first, rounds = _check_rounds(table, first_half_last_round, random_draw_rounds)
    subsets = _subsets(table, first, rounds)
    by_subset = pd.DataFrame({k: v[0] for k, v in subsets.items()}).T
    out = fit_sigma_groups(by_subset, t, confidence=confidence)
    out.insert(0, "rounds", [v[1] for v in subsets.values()])
    out.index.name = "subset"
    out["source"] = c.source
    return out


def sigma_tests(counts, *, first_half_last_round=7, confidence=0.90):
    """Likelihood-ratio tests of one σ: the halves, all rounds, each round against the rest.

    Parameters
    ----------
    counts : RoundCounts
        As :func:`subset_sigma`.
    first_half_last_round : int or None, default 7
        Last round of the first half (None: the middle round).
    confidence : float, default 0.90
        Level of the σ intervals in ``rounds``.

    Returns
    -------
    tests : pandas.DataFrame
        Index ``test`` (``halves``, ``rounds``): ``statistic`` (G²), ``df``, ``p_value``,
        ``sigma_pooled``, ``source`` (:func:`bridgestats.fit.sigma_lr_test`).
    rounds : pandas.DataFrame
        :func:`bridgestats.fit.sigma_one_vs_rest` of the rounds (index ``round``).
    """
    c = _counts(counts)
    table, t = c.by_round, np.asarray(c.thresholds, dtype=float)
    first, _ = _check_rounds(table, first_half_last_round, (int(table.index.min()),))
    halves = pd.DataFrame(
        {"first_half": table.loc[:first].sum(), "second_half": table.loc[first + 1 :].sum()}
    ).T
    src = f"{c.source.split(' (')[0].split(':')[0]}: likelihood-ratio test, χ²(df)"
    rows = {}
    for name, groups in (("halves", halves), ("rounds", table)):
        r = sigma_lr_test(groups, t, confidence=confidence)
        rows[name] = {
            "statistic": r.statistic,
            "df": r.df,
            "p_value": r.p_value,
            "sigma_pooled": r.sigma_pooled,
            "source": src,
        }
    tests = pd.DataFrame(rows).T.astype(
        {"statistic": float, "df": int, "p_value": float, "sigma_pooled": float}
    )
    tests.index.name = "test"
    return tests, sigma_one_vs_rest(table, t, confidence=confidence)


@dataclass(frozen=True)
class RandomDrawSigma:
    """σ of the random-draw rounds, two ways, and what a page says of them.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per estimate: ``estimate`` (its name), ``sigma``, ``low``, ``high``,
        ``level`` (text, "90 %"): the published figure where the counts carry one
        (:attr:`RoundCounts.printed`), the 20-0 proportion alone (Wald,
        :func:`bridgestats.fit.fit_sigma_tail`) and maximum likelihood on every count.
    tail : SigmaFit
        The 20-0 proportion's fit.
    sentence : str
        The finding: the rounds' σ and interval, set beside the published figure where
        there is one, else beside the 20-0 count's own estimate.
    note : str
        Where the published figure comes from, or that there is none for these events.
    """

    table: pd.DataFrame
    tail: object
    sentence: str
    note: str


def random_draw_sigma(counts, fits, *, random_draw_rounds=(1, 2), confidence=0.90):
    """σ of the random-draw rounds from every count and from the 20-0 count alone.

    Parameters
    ----------
    counts : RoundCounts
        As :func:`subset_sigma`.
    fits : pandas.DataFrame
        :func:`subset_sigma` of the same counts and rounds (its ``random_draw`` row).
    random_draw_rounds : sequence of int, default (1, 2)
        The random-draw rounds.
    confidence : float, default 0.90
        Level of the 20-0 proportion's interval.

    Returns
    -------
    RandomDrawSigma

    Notes
    -----
    Cooke's printed interval for Brighton's rounds 1-2 (11.04-12.55, Probst §11) is the
    Wald interval of the 20-0 proportion mapped through σ = t / Φ⁻¹(1 − p/2)
    (:func:`bridgestats.fit.fit_sigma_tail`); his point estimate is not reproduced. The
    sentence compares the two only where the counts carry that figure: a committee's
    events are set beside the 20-0 count's own estimate instead.

    Examples
    --------
    >>> from bridgestats.studies.brighton import brighton_round_counts
    >>> c = brighton_round_counts()
    >>> r = random_draw_sigma(c, subset_sigma(c))
    >>> print(r.sentence[:66])
    Rounds 1 and 2: σ = 11.66 % (10.99-12.39) against Cooke's printed
    >>> list(r.table["estimate"])[0]
    'Cooke, as printed'
    """
    c = _counts(counts)
    table, t = c.by_round, np.asarray(c.thresholds, dtype=float)
    _, rounds = _check_rounds(table, None, random_draw_rounds)
    picked = table.loc[rounds]
    tail = fit_sigma_tail(
        int(picked[picked.columns[-1]].sum()),
        int(picked.to_numpy().sum()),
        t[-1],
        confidence=confidence,
    )
    ml = fits.loc["random_draw"]
    level = f"{confidence:.0%}"
    top = f"{picked.columns[-1]}-{20 - int(picked.columns[-1])}"  # "20-0"
    rows = []
    fig = c.printed
    who = fig.source.split(": ", 1)[-1].split(",")[0].split()[-1] if fig is not None else ""
    if fig is not None:
        rows.append((f"{who}, as printed", fig.value, *fig.ci, f"{fig.confidence:.0%}"))
    rows += [
        (f"the {top} proportion alone (Wald)", tail.sigma, *tail.ci, level),
        (
            f"maximum likelihood on all {table.shape[1]} counts",
            ml.sigma,
            ml.ci_low,
            ml.ci_high,
            level,
        ),
    ]
    out = pd.DataFrame(rows, columns=["estimate", "sigma", "low", "high", "level"])
    named = _and_rounds(rounds)
    width = float(ml.ci_high - ml.ci_low)
    head = f"{named}: σ = {ml.sigma:.2f} % ({ml.ci_low:.2f}-{ml.ci_high:.2f})"
    if fig is not None:
        sentence = (
            f"{head} against {who}'s printed {fig.value:.2f} ({fig.ci[0]:.2f}-{fig.ci[1]:.2f}), "
            f"whose interval is {(fig.ci[1] - fig.ci[0]) / width:.2f} times as wide as the "
            f"profile interval because it comes from the {top} count alone (the {top}-only "
            f"interval is {tail.ci[0]:.2f}-{tail.ci[1]:.2f})."
        )
        note = f"{who}'s figures: {fig.source}."
    else:
        sentence = (
            f"{head} from all {table.shape[1]} counts of their {int(ml.n):,} matches; from "
            f"the {top} count alone {tail.sigma:.2f} % ({tail.ci[0]:.2f}-{tail.ci[1]:.2f}), "
            f"an interval {(tail.ci[1] - tail.ci[0]) / width:.2f} times as wide."
        )
        note = (
            f"{c.name}: no published σ of these rounds to set beside; the {top} count "
            "alone and every count are compared."
        )
    return RandomDrawSigma(table=out, tail=tail, sentence=sentence, note=note)


def _and_rounds(rounds) -> str:
    """``Round 1``, ``Rounds 1 and 2``, ``Rounds 1, 2 and 3``."""
    r = [str(x) for x in rounds]
    if len(r) == 1:
        return f"Round {r[0]}"
    return f"Rounds {', '.join(r[:-1])} and {r[-1]}"

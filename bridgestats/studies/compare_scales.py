"""The committee's tribunal (the ``compare_scales`` report): candidate VP scales and pairing
rules on simulated events, and real round robins re-scored, in one result with the
report's findings as a tidy frame.

:func:`scale_comparison` simulates the three events of :mod:`.scales` under every candidate
scale and pairing rule (strength spreads from :mod:`.sigma_evidence`, the project's one fit
of each), measures breakage and the shooting incentive, and re-scores real round robins
(:mod:`.rescore`): a :class:`ScalesReport` holds it all, with the tables a report shows
(tidy frames, their columns documented), its sections' sentences and
:meth:`ScalesReport.findings`. The figures drawn from it are in :mod:`bridgestats.figures`.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3-5, §8
   and §11.
.. [2] WBF Scoring Panel (M. Bavin, H. Bethe, B. Bramley, P. Buchen), "The New WBF IMP to VP
   Scales: Technical Report of the WBF Scoring Panel", World Bridge Federation, 2013.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..names import plus_minus
from . import committee, rescore, scales, sigma_evidence

__all__ = ["HEADLINE", "SECTIONS", "ScalesReport", "scale_comparison"]

#: The report's sections (its notebook's headings) that hold findings.
SECTIONS = {
    "events": "The events, under every scale and pairing rule",
    "real": "Real championships re-scored",
}

#: The summary keys the index shows first.
HEADLINE = [
    "n_events_simulated",
    "n_events_per_format",
    "team_k",
    "team_delta",
    "pairs_strength_sd",
]

#: The shipped data sets every run reads (a committee's files come after them).
INPUTS = (
    "derived/match_margins",
    "derived/swing_counts",
    "seeds/brighton_2005_vp_counts",
    "seeds/swiss_pairs_scales",
)


@dataclass(frozen=True)
class ScalesReport:
    """Everything the ``compare_scales`` report shows (:func:`scale_comparison`).

    Attributes
    ----------
    spread : KModel
        The teams' K and δ (:func:`.sigma_evidence.teams_model`).
    pairs : object
        The Swiss pairs fit (:func:`.sigma_evidence.swiss_pairs_fit`): τ, σ₀, the curve.
    pairs_mc_se : float
        τ's Monte Carlo standard error.
    events : dict
        Each simulated event's keywords (``n_entrants``, ``n_rounds``, ``n_boards``,
        ``strength_sd``, ``k``), by its name.
    candidates : dict
        Each event's candidate scales (:func:`.scales.candidate_scales`).
    measures : pandas.DataFrame
        :func:`.scales.compare_scales`' measures of every event, scale and pairing rule.
    pairing_rules : pandas.DataFrame
        :func:`.scales.compare_pairings` of the Swiss events.
    overview : dict
        :func:`.scales.headline` of the measures (the summary's figures of the events).
    breakage, shooting_incentive : pandas.DataFrame
        :func:`.scales.scale_breakage` and :func:`.scales.scale_shooting` of every event.
    own : RescoreInput
        The real events (:func:`.committee.rescore_input`).
    rescored : pandas.DataFrame
        :func:`.rescore.rescore_events` of them.
    changes, swaps : pandas.DataFrame
        :func:`.rescore.qualifier_changes` and :func:`.rescore.qualifier_swaps`.
    parameters : dict
        The simulation's sizes (``n_events``, ``n_events_swiss``, ``n_events_other_rules``).

    Examples
    --------
    >>> r = scale_comparison(n_events=20, n_events_swiss=20, n_events_other_rules=20, rng=1,
    ...                      rr_teams=6, swiss_teams=8, swiss_rounds=3, pairs_pairs=8,
    ...                      pairs_rounds=3)
    >>> print(r.teams_sentence())  # doctest: +ELLIPSIS
    K = 6.088 IMPs per board (90%: 6.038-6.135), δ = 0.632 (0.494-0.745) over 2,124 matches in ...
    >>> r.findings()["section"].unique().tolist() == list(SECTIONS.values())
    True
    """

    spread: object
    pairs: object
    pairs_mc_se: float
    events: dict
    candidates: dict
    measures: pd.DataFrame
    pairing_rules: pd.DataFrame
    overview: dict
    breakage: pd.DataFrame
    shooting_incentive: pd.DataFrame
    own: object
    rescored: pd.DataFrame
    changes: pd.DataFrame
    swaps: pd.DataFrame
    parameters: dict

    @property
    def team_strength_sd(self) -> float:
        """τ of the teams: δ/√2 (strengths of sd τ met at random differ by sd τ√2)."""
        return self.spread.delta / np.sqrt(2)

    @property
    def inputs(self) -> list:
        """The files the report read (data set names or paths)."""
        return [*INPUTS, *self.own.read_from, sigma_evidence.PAIRS_CURVE]

    # ------------------------------------------------------------------ the sections' words

    def teams_sentence(self) -> str:
        """The teams' K and δ, and the strength sd they give."""
        s = self.spread
        return (
            f"K = {s.k:.3f} IMPs per board ({s.confidence:.0%}: {s.k_ci[0]:.3f}-"
            f"{s.k_ci[1]:.3f}), δ = {s.delta:.3f} ({s.delta_ci[0]:.3f}-{s.delta_ci[1]:.3f}) "
            f"over {s.n_matches:,} matches in {s.n_clusters} files; team strength sd τ = δ/√2 "
            f"= {self.team_strength_sd:.3f} IMPs per board."
        )

    def pairs_sentence(self) -> str:
        """Brighton's σ of round 1 and rounds 8-14, and the pairs' strength sd τ."""
        p = self.pairs
        return (
            f"Brighton: round 1 σ {p.round1_sigma:.2f} %, rounds 8-14 σ "
            f"{p.second_half_sigma:.2f} % ({p.second_half_ci[0]:.2f}-{p.second_half_ci[1]:.2f}"
            f"); pairs strength sd τ = {p.strength_sd:.2f} % ({p.strength_sd_ci[0]:.2f}-"
            f"{p.strength_sd_ci[1]:.2f}, Monte Carlo SE {self.pairs_mc_se:.2f}), equal-pairs σ "
            f"{p.sigma_equal:.2f} % over 8 boards (per board {p.k:.2f} %)."
        )

    def rescored_sentence(self) -> str:
        """The real events, matches and teams re-scored, and the match-boards not scored."""
        m, r = self.own.matches, self.rescored
        return (
            f"{m['event'].nunique()} events, {len(m):,} matches, "
            f"{r.groupby('event')['team'].nunique().sum():,} teams; match-boards not scored "
            f"{int((m['boards'] - m['boards_scored']).sum())} "
            f"({int(m['missing_tables'].sum())} with one table missing). Every standing: "
            "[rescored_events.csv](rescored_events.csv)."
        )

    # ------------------------------------------------------------------ the tables

    def measures_table(self) -> pd.DataFrame:
        """One row per event, pairing rule and scale: ``event``, ``pairing``, ``scale`` and
        ``p_strongest_wins``, ``p_top_k``, ``kendall_tau``, each as text with its Monte
        Carlo standard error (:func:`bridgestats.names.plus_minus`, 3 decimals)."""
        m = self.measures
        main = m[m["measure"].isin(["p_strongest_wins", "p_top_k", "kendall_tau"])]
        figure = list(map(plus_minus, main["value"], main["se"], [3] * len(main)))
        return (
            main.assign(figure=figure)
            .pivot_table(
                index=["event", "pairing", "scale"],
                columns="measure",
                values="figure",
                aggfunc="first",
                sort=False,
            )
            .reset_index()
        )

    def verdicts_table(self) -> pd.DataFrame:
        """:func:`.scales.scale_verdicts` of the round robin and the Swiss events paired by
        score (each scale against the reference)."""
        v = scales.scale_verdicts(self.measures)
        return v[v["pairing"].isin(["round_robin", "score"])]

    def breakage_table(self) -> pd.DataFrame:
        """Per event and scale: ``largest_value`` (the most one step of margin earns, in VPs
        of a 20-VP match) and ``share_of_steps_worth_nothing``."""
        return (
            self.breakage.groupby(["event", "scale"], sort=False)
            .agg(
                largest_value=("value_vp20", "max"),
                share_of_steps_worth_nothing=("value_vp20", lambda v: float(np.mean(v == 0))),
            )
            .reset_index()
        )

    def standings(self) -> pd.DataFrame:
        """Every re-scored standing with its ``baseline`` (the scale changes are counted
        against): the report's ``rescored_events.csv``."""
        r = self.rescored
        return r.assign(baseline=r["event"].map(lambda e: self.own.baseline(e)[1]))

    def changes_by_scale(self) -> pd.DataFrame:
        """Per scale (the index): ``events_changed`` (events with a qualifier changed, ties
        broken by IMP difference), ``events_changed_low`` and ``events_changed_high`` (the
        fewest and the most over every order of the tied teams), ``events_tied_at_cut``,
        ``qualifiers_changed`` and ``winners_changed``."""
        return self.changes.groupby("scale", sort=False).agg(
            events_changed=("count", lambda c: int((c > 0).sum())),
            events_changed_low=("count_low", lambda c: int((c > 0).sum())),
            events_changed_high=("count_high", lambda c: int((c > 0).sum())),
            events_tied_at_cut=("tied_at_cut", lambda c: int((c > 0).sum())),
            qualifiers_changed=("count", "sum"),
            winners_changed=("winner_changed", "sum"),
        )

    # ------------------------------------------------------------------ the conclusions

    def findings(self) -> pd.DataFrame:
        """The report's conclusions as a tidy frame: ``text`` (one sentence), ``section``
        (of :data:`SECTIONS`), ``key`` (the summary key of its number) and ``headline``
        (which scale makes the strongest side win most often; what the Gaussian scale
        changes in real events).

        The simulated events' sentences are :func:`.scales.conclusions`', the real events'
        :func:`.rescore.conclusions`'; the last says how big the simulation was, the
        largest standard error of P(strongest wins) and how many comparisons with the
        reference are unresolved."""
        simulated = scales.conclusions(
            self.measures, shooting=self.shooting_incentive, pairings=self.pairing_rules
        )
        rows = [
            (s, "events", "p_strongest_wins", "P(strongest wins) is highest" in s)
            for s in simulated
        ]
        rows += [
            (
                f"Real events re-scored: {s}",
                "real",
                "qualifier_changes",
                s.startswith("Gaussian 20-0 changes"),
            )
            for s in rescore.conclusions(self.changes)
        ]
        rows.append((self._size_sentence(), "events", "n_events_simulated", False))
        return pd.DataFrame(
            [{"text": t, "section": SECTIONS[s], "key": k, "headline": h} for t, s, k, h in rows],
            columns=["text", "section", "key", "headline"],
        )

    def _size_sentence(self) -> str:
        p, h = self.parameters, self.overview
        wins = self.measures[self.measures["measure"] == "p_strongest_wins"]
        unresolved = [r for r in h["scale_differences"] if r["verdict"] == "unresolved"]
        return (
            f"At these sizes ({p['n_events']:,} events per scale in the round robin, "
            f"{p['n_events_swiss']:,} in each Swiss paired by score, "
            f"{p['n_events_other_rules']:,} per other pairing rule, "
            f"{h['n_events_simulated']:,} events in all, and {p['n_events_swiss']:,} per rule "
            f"where the rules are compared) the largest SE of P(strongest wins) is "
            f"{float(wins['se'].max()):.3f}, and {len(unresolved)} of the "
            f"{len(h['scale_differences'])} comparisons with the reference are within "
            f"{scales.VERDICT_MARGIN:g} standard errors of their threshold (unresolved in the "
            "table of differences)."
        )

    def summary(self) -> dict:
        """The report's ``summary.json``: :func:`.scales.headline`'s keys, the strength
        spreads, and the real events' qualifier changes and swaps."""
        s, p, by_scale = self.spread, self.pairs, self.changes_by_scale()
        return {
            **self.overview,
            "team_k": s.k,
            "team_k_source": s.source,
            "team_k_ci": s.k_ci,
            "team_delta": s.delta,
            "team_delta_ci": s.delta_ci,
            "team_strength_sd": self.team_strength_sd,
            "pairs_strength_sd": p.strength_sd,
            "pairs_strength_sd_ci": p.strength_sd_ci,
            "pairs_strength_sd_mc_se": self.pairs_mc_se,
            "pairs_k": p.k,
            "pairs_sigma_equal": p.sigma_equal,
            "pairs_round1_sigma": p.round1_sigma,
            "pairs_second_half_sigma": p.second_half_sigma,
            "qualifier_changes_range": {
                scale: [int(row.events_changed_low), int(row.events_changed_high)]
                for scale, row in by_scale.iterrows()
            },
            "qualifier_swaps": self.swaps.drop(columns="event_name").to_dict(orient="records"),
            "qualifier_changes": {
                event: dict(zip(rows["scale"], rows["count"], strict=True))
                for event, rows in self.changes.groupby("event")
            },
        }


def scale_comparison(
    files=None,
    *,
    qualifiers=8,
    files_scale=None,
    rng=None,
    n_events=4000,
    n_events_swiss=20000,
    n_events_other_rules=500,
    rr_teams=22,
    rr_boards=16,
    swiss_teams=60,
    swiss_rounds=8,
    swiss_boards=8,
    pairs_pairs=128,
    pairs_rounds=10,
    pairs_boards=8,
    shooting_boards_left=(1, 2, 4),
) -> ScalesReport:
    """The ``compare_scales`` report's simulations and re-scored events.

    Parameters
    ----------
    files : list of paths, optional
        A committee's result files of round robins to re-score; None: the 51 shipped
        championships.
    qualifiers : int, default 8
        Qualifiers of each real event (the top of its standings).
    files_scale : str, optional
        Id of the scale the files were scored on; None: from their VPs.
    rng : int or numpy.random.Generator, optional
        One seed for every simulation: each event and rule starts from it (common random
        numbers across the scales).
    n_events, n_events_swiss, n_events_other_rules : int
        Events per scale in the round robin, in each Swiss event paired by score (and per
        rule where the rules are compared), and per other pairing rule.
    rr_teams, rr_boards : int
        The round robin's teams and boards per match.
    swiss_teams, swiss_rounds, swiss_boards : int
        The Swiss teams' teams, rounds and boards per match.
    pairs_pairs, pairs_rounds, pairs_boards : int
        The Swiss pairs' pairs, rounds and boards per match.
    shooting_boards_left : sequence of int
        Boards left when the side behind decides to shoot.

    Returns
    -------
    ScalesReport
    """
    spread = sigma_evidence.teams_model()
    pairs = sigma_evidence.swiss_pairs_fit()
    tau = spread.delta / np.sqrt(2)
    events = {
        "round robin": dict(n_entrants=rr_teams, n_boards=rr_boards, strength_sd=tau),
        "Swiss teams": dict(
            n_entrants=swiss_teams, n_rounds=swiss_rounds, n_boards=swiss_boards, strength_sd=tau
        ),
        "Swiss pairs": dict(
            n_entrants=pairs_pairs,
            n_rounds=pairs_rounds,
            n_boards=pairs_boards,
            strength_sd=pairs.strength_sd,
            k=pairs.k,
        ),
    }
    candidates = {
        event: scales.candidate_scales(event, n_boards=spec["n_boards"], spread=spread)
        for event, spec in events.items()
    }
    frames, known = [], {}
    for event, spec in events.items():
        n = n_events if event == "round robin" else n_events_swiss
        frame, known[event] = scales.compare_scales(
            event,
            scales=candidates[event],
            pairings=["score"],
            n_events=n,
            return_outcomes=True,
            rng=rng,
            **spec,
        )
        frames.append(frame)
        if event != "round robin":
            frames.append(
                scales.compare_scales(
                    event,
                    scales=candidates[event],
                    pairings=["random", "seeded", "late"],
                    n_events=n_events_other_rules,
                    rng=rng,
                    **spec,
                )
            )
    measures = pd.concat(frames, ignore_index=True)
    # the pairing rules on the reference scale, the same events under every rule (the
    # reference scale's events paired by score are those just measured: not simulated again)
    pairing_rules = pd.concat(
        [
            scales.compare_pairings(
                event, n_events=n_events_swiss, known=known[event], rng=rng, **spec
            )
            for event, spec in events.items()
            if event != "round robin"
        ],
        ignore_index=True,
    )
    breakage = pd.concat(
        [
            scales.scale_breakage(e, scales=candidates[e], n_boards=events[e]["n_boards"])
            for e in events
        ],
        ignore_index=True,
    )
    shooting = pd.concat(
        [
            scales.scale_shooting(
                e,
                scales=candidates[e],
                n_boards=events[e]["n_boards"],
                boards_left=shooting_boards_left,
            )
            for e in ("round robin", "Swiss teams")
        ],
        ignore_index=True,
    )
    own = committee.rescore_input(files, scale=files_scale)
    rescored = rescore.rescore_events(own.matches, spread=spread, n_qualify=qualifiers)
    return ScalesReport(
        spread=spread,
        pairs=pairs,
        pairs_mc_se=sigma_evidence.swiss_pairs_strength()["strength_sd_mc_se"],
        events=events,
        candidates=candidates,
        measures=measures,
        pairing_rules=pairing_rules,
        overview=scales.headline(measures, pairings=pairing_rules),
        breakage=breakage,
        shooting_incentive=shooting,
        own=own,
        rescored=rescored,
        changes=rescore.qualifier_changes(rescored, baselines=own.baselines),
        swaps=rescore.qualifier_swaps(rescored, baselines=own.baselines),
        parameters={
            "n_events": n_events,
            "n_events_swiss": n_events_swiss,
            "n_events_other_rules": n_events_other_rules,
            "shooting_boards_left": list(shooting_boards_left),
        },
    )

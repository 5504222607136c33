"""Late entry into a Swiss after a knock-out (Probst §12): do the entry scores over- or
under-reward the rounds a late entrant missed?

:func:`late_entry` simulates Bridge Club Live's knock-out with its subsidiary Swiss
(:func:`bridgestats.sim.swiss.simulate_ko_swiss`; the reading of §12 is stated there) with
the late-entry scores of :func:`bridgestats.sim.swiss.entry_scores`, and the same knock-outs
with a counterfactual Swiss in which every pair plays every round from 0. A late entrant's
finish percentile against its own counterfactual finish (same pair, same field) says
whether the entry score over- or under-rewards the rounds missed
(:func:`late_entry_verdict`).

References
----------
.. [1] J. Probst, "On VP Scales", article on Victory Point scales for the English Bridge
   Union (c. 2006; reproduced on bridgeguys.com, "On VP Scales - Bridge Guys"), §12 (late
   round entry).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .._validate import check_choice, check_int, check_number, check_rng, fail
from ..sim.swiss import ENTRY_RULES, carry_factor, rule_scale, simulate_ko_swiss
from ..vp import gaussian_scale

__all__ = ["PROBST_SESSIONS", "late_entry", "late_entry_verdict"]

#: Probst's late-entry case (§12, "assume 6" sessions: entries 14, 29, 45, 62), the headline.
PROBST_SESSIONS = 6


def _scale_for(n_boards: int, sigma_8: float, k: float, strength_sd: float):
    """The Gaussian 20-0 scale of σ₈ at 8 boards carried to n boards by the field's
    σ(n)/σ(8), the rule every carried scale follows (:func:`~bridgestats.sim.swiss.carry_factor`).
    """
    sigma = sigma_8 * carry_factor(n_boards, k=k, strength_sd=strength_sd)
    return gaussian_scale(sigma=sigma, unit="MP %", name=f"Gaussian 20-0, σ {sigma:.2f} %")


def late_entry(
    *,
    n_sessions=(6, 7, 8),
    rules=ENTRY_RULES,
    n_boards=18,
    k=None,
    strength_sd=None,
    scale_sigma_8=None,
    n_events=200,
    rng=None,
):
    """Late entrants' finish in the Swiss after a knock-out, against the counterfactual.

    Parameters
    ----------
    n_sessions : sequence of int, optional
        Event sizes S (2-10): a knock-out of 2^S pairs, a Swiss of S − 1 rounds.
    rules : sequence of str, optional
        Entry rules (:data:`bridgestats.sim.swiss.ENTRY_RULES`).
    n_boards : int, optional
        Boards per match (18 at BCL).
    k, strength_sd : float, optional
        Per-board σ of equal pairs (%) and the pairs' strength sd τ (MP %); None (the
        default): the one Swiss pairs fit every report uses
        (:func:`bridgestats.studies.sigma_evidence.swiss_pairs_strength`, Brighton 2005).
    scale_sigma_8 : float, optional
        None (the default): each rule on the scale it was played on
        (:func:`bridgestats.sim.swiss.rule_scale`): rule 2005 on the 2004 White Book
        table, rule 2006 on the EBU 2006 scale ("the new VP scale" §12 says BCL used, 11 %
        for 8 boards), each carried to n_boards by the field's σ(n)/σ(8), σ²(n) = k²/n +
        2τ² (:func:`bridgestats.sim.swiss.carry_factor`). A number σ₈: every rule on the
        Gaussian 20-0 scale at σ₈·σ(n)/σ(8), carried by the same rule.
    n_events : int, optional
        Events per size and rule (1-100000).
    rng : int or numpy.random.Generator, optional
        One seed for every size and rule: each rule and the counterfactual of one size
        play the same knock-outs.

    Returns
    -------
    by_entry : DataFrame
        One row per size, rule and rounds missed (``missed`` 0..S − 2): ``n_sessions``,
        ``rule``, ``missed``, ``entry_score``, ``pairs`` (per event), ``strength`` (their
        mean strength), ``percentile`` (mean finish percentile, 100 = winner) and its
        ``percentile_se``, ``counterfactual`` (the same pairs' percentile in the Swiss
        everyone plays from 0) and ``counterfactual_se``, ``gap`` (percentile minus
        counterfactual, paired pair by pair) and ``gap_se``, ``table_at_entry`` (mean table
        of the first match), ``p_top_two_tables`` (share starting on table 1 or 2),
        ``p_wins`` (share of events the Swiss is won by a pair that missed that many rounds)
        and ``p_wins_counterfactual``.
    overall : DataFrame
        One row per size and rule: ``n_sessions``, ``rule``, ``scale`` (the Swiss's
        scale, by name), ``n_swiss``, ``entry_scores``
        (a tuple), ``gap`` and ``gap_se`` (over all late entrants, missed >= 1, each event's
        mean), ``p_late_wins`` and ``p_late_wins_counterfactual`` (the Swiss won by a late
        entrant) with their binomial SEs, ``last_table_at_entry`` and
        ``last_p_top_two_tables`` (the last entrants), ``repeats`` (pairings the search
        could not make as asked, late and counterfactual Swiss together: 0 expected),
        ``n_events``.
    finishes : DataFrame
        Every late entrant's finish (missed >= 1): ``n_sessions``, ``rule`` (an entry
        rule, or ``counterfactual`` for the same pair in the Swiss everyone plays from 0),
        ``scale``, ``event``, ``missed``, ``percentile``.

    Notes
    -----
    All SEs are over events (the pairs of one event are not independent): a figure's SE
    is the sd over events of its per-event value / √E. The counterfactual of a rule is
    played on that rule's scale, on the same knock-outs.

    Examples
    --------
    >>> by_entry, overall, _ = late_entry(n_sessions=[4], rules=["2006"], n_events=5, rng=1)
    >>> by_entry[["missed", "entry_score", "pairs"]].values.tolist()
    [[0, 0, 8], [1, 16, 4], [2, 33, 2]]
    """
    sizes = [check_int(s, "n_sessions", minimum=2, maximum=10) for s in np.ravel(n_sessions)]
    rule_list = [rules] if isinstance(rules, str) else list(rules)
    if not sizes:
        raise fail("n_sessions", "one or more event sizes", n_sessions)
    if not rule_list:
        raise fail("rules", "one or more entry rules", rules)
    for rule in rule_list:
        check_choice(rule, "rules", ENTRY_RULES)
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    if k is None or strength_sd is None:
        from .sigma_evidence import swiss_pairs_strength

        fit = swiss_pairs_strength()
        k = fit["k"] if k is None else k
        strength_sd = fit["strength_sd"] if strength_sd is None else strength_sd
    kk = check_number(k, "k", low=0, low_open=True, high=200)
    tau = check_number(strength_sd, "strength_sd", low=0, high=30)
    if scale_sigma_8 is None:
        scales = {rule: rule_scale(rule, nb, k=kk, strength_sd=tau) for rule in rule_list}
    else:
        s8 = check_number(scale_sigma_8, "scale_sigma_8", low=0, low_open=True, high=100)
        scales = dict.fromkeys(rule_list, _scale_for(nb, s8, kk, tau))
    e = check_int(n_events, "n_events", minimum=1, maximum=100_000)
    seed = int(check_rng(rng).integers(2**63))
    common = dict(n_boards=nb, k=kk, strength_sd=tau, n_events=e, rng=seed)
    rows_e, rows_o, fin = [], [], []
    for s in sizes:
        cfs = {}  # the counterfactual on each scale (the same knock-outs: one seed)
        for rule in rule_list:
            name = scales[rule].name
            if name not in cfs:
                cf = simulate_ko_swiss(s, late_entry=False, scale=scales[rule], **common)
                ev, who = np.nonzero(cf.entry_round >= 1)
                fin.append(
                    pd.DataFrame(
                        {
                            "n_sessions": s,
                            "rule": "counterfactual",
                            "scale": name,
                            "event": ev,
                            "missed": cf.entry_round[ev, who],
                            "percentile": cf.percentile[ev, who],
                        }
                    )
                )
                cfs[name] = cf
        for rule in rule_list:
            cf = cfs[scales[rule].name]
            cf_pct = cf.percentile
            cf_winner = cf.entry_round[cf.rank == 1].reshape(e)
            ev, who = np.nonzero(cf.entry_round >= 1)
            r = simulate_ko_swiss(s, entry=rule, scale=scales[rule], **common)
            pct = r.percentile
            winner = r.entry_round[r.rank == 1].reshape(e)
            fin.append(
                pd.DataFrame(
                    {
                        "n_sessions": s,
                        "rule": rule,
                        "scale": scales[rule].name,
                        "event": ev,
                        "missed": r.entry_round[ev, who],
                        "percentile": pct[ev, who],
                    }
                )
            )
            for m in range(s - 1):
                sel = r.entry_round == m
                per = sel.sum(axis=1)[0]
                p_ev = np.nanmean(np.where(sel, pct, np.nan), axis=1)
                c_ev = np.nanmean(np.where(sel, cf_pct, np.nan), axis=1)
                g_ev = p_ev - c_ev
                tab = np.where(sel, r.table_at_entry, 0)
                rows_e.append(
                    {
                        "n_sessions": s,
                        "rule": rule,
                        "missed": m,
                        "entry_score": int(r.entry[m]),
                        "pairs": int(per),
                        "strength": float(r.strength[sel].mean()),
                        "percentile": p_ev.mean(),
                        "percentile_se": _se(p_ev),
                        "counterfactual": c_ev.mean(),
                        "counterfactual_se": _se(c_ev),
                        "gap": g_ev.mean(),
                        "gap_se": _se(g_ev),
                        "table_at_entry": float(tab.sum() / sel.sum()),
                        "p_top_two_tables": float(((tab >= 1) & (tab <= 2)).sum() / sel.sum()),
                        "p_wins": float(np.mean(winner == m)),
                        "p_wins_counterfactual": float(np.mean(cf_winner == m)),
                    }
                )
            late = r.entry_round >= 1
            g_all = np.nanmean(np.where(late, pct - cf_pct, np.nan), axis=1)
            last = r.entry_round == s - 2
            tab_last = np.where(last, r.table_at_entry, 0)
            pw, pwc = float(np.mean(winner >= 1)), float(np.mean(cf_winner >= 1))
            rows_o.append(
                {
                    "n_sessions": s,
                    "rule": rule,
                    "scale": scales[rule].name,
                    "n_swiss": r.n_swiss,
                    "entry_scores": tuple(int(x) for x in r.entry),
                    "gap": g_all.mean(),
                    "gap_se": _se(g_all),
                    "p_late_wins": pw,
                    "p_late_wins_se": math.sqrt(pw * (1 - pw) / e),
                    "p_late_wins_counterfactual": pwc,
                    "p_late_wins_counterfactual_se": math.sqrt(pwc * (1 - pwc) / e),
                    "last_table_at_entry": float(tab_last.sum() / last.sum()),
                    "last_p_top_two_tables": float(
                        ((tab_last >= 1) & (tab_last <= 2)).sum() / last.sum()
                    ),
                    "repeats": int(r.repeats.sum() + cf.repeats.sum()),
                    "n_events": e,
                }
            )
    return pd.DataFrame(rows_e), pd.DataFrame(rows_o), pd.concat(fin, ignore_index=True)


def _se(x: np.ndarray) -> float:
    return float(x.std(ddof=1) / math.sqrt(x.size)) if x.size > 1 else float("nan")


def late_entry_verdict(row):
    """What the entry scores do to late entrants: a row of :func:`late_entry`'s ``overall``.

    Returns
    -------
    str
        ``"<A> the rounds missed on average but <B> them at the top"``, or ``"<A> the
        rounds missed, on average and at the top"`` when the two agree, A and B each
        "over-rewards", "under-rewards" or "neither over- nor under-rewards": A from the
        percentile gap (beyond 2 SE), B from P(a late entrant wins) against the
        counterfactual (beyond 2 SE of the difference). The two can part: late entrants
        lifted on average (most of them) while fewer of them win than would playing every
        round (issue 33: "over-rewards the rounds missed; late entrants win less often"
        read as a contradiction).

    Examples
    --------
    >>> row = {"gap": 1.6, "gap_se": 0.3, "p_late_wins": 0.48, "p_late_wins_se": 0.04,
    ...        "p_late_wins_counterfactual": 0.79, "p_late_wins_counterfactual_se": 0.03}
    >>> late_entry_verdict(row)
    'over-rewards the rounds missed on average but under-rewards them at the top'
    >>> late_entry_verdict({**row, "p_late_wins": 0.95})
    'over-rewards the rounds missed, on average and at the top'
    """
    gap, se = float(row["gap"]), float(row["gap_se"])
    dw = float(row["p_late_wins"] - row["p_late_wins_counterfactual"])
    sw = math.hypot(float(row["p_late_wins_se"]), float(row["p_late_wins_counterfactual_se"]))
    average, top = (
        "over-rewards"
        if x > 2 * e
        else "under-rewards"
        if x < -2 * e
        else "neither over- nor under-rewards"
        for x, e in ((gap, se), (dw, sw))
    )
    if average == top:
        return f"{average} the rounds missed, on average and at the top"
    return f"{average} the rounds missed on average but {top} them at the top"

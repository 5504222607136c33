"""One simulated event written out match by match, as a scoring program exports it.

:func:`bridgestats.sim.events.simulate_events` plays many events in a compiled kernel and
keeps what the measures need (final scores, ranks, outcome counts by round), not every
match. :func:`simulate_match_results` plays one event in plain Python with the same board
model (:mod:`bridgestats.sim.events`: entrant i's edge over j is ``s_i − s_j`` per board, a
normal per-board swing of sd ``k``) and the same pairing rules
(:mod:`bridgestats.sim.pairing`), and returns every match as a row of the match results
CSV (:func:`bridgestats.io.read_match_results`): a committee's file whose σ is known.

With equal sides (``strength_sd=0``) a match margin is normal with σ = k·√n IMPs for teams
and σ = k/√n MP % for Swiss pairs, whatever the pairing: the figure a report fitting σ on
the file must recover.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import check_choice, check_int, check_number, fail
from ..sigma.forms import FORMS
from ..vp import VPScale, named_scale
from .pairing import pair_in_order, round_robin_schedule

__all__ = ["simulate_match_results"]

#: The pairing rules of :func:`simulate_match_results` (a subset of
#: :data:`bridgestats.sim.events.PAIRINGS`): a random draw every round, or a random first
#: round and then by score; and the all-play-all of a round robin.
_PAIRINGS = ("random", "score", "round_robin")
_DEFAULT_SCALE = {"teams": "wbf_discrete", "swiss_pairs": "ebu_2006"}


def _scale(scale, form: str, n_boards: int) -> VPScale:
    if scale is None:
        scale = _DEFAULT_SCALE[form]
    if isinstance(scale, VPScale):
        return scale
    if not isinstance(scale, str):
        raise fail("scale", "a VPScale or the id of a named scale", type(scale).__name__)
    return named_scale(scale, n_boards=n_boards)


def simulate_match_results(
    n_entrants,
    *,
    n_rounds=None,
    n_boards=8,
    form="swiss_pairs",
    pairing="score",
    k=None,
    strength_sd=0.0,
    scale=None,
    event="Simulated event",
    first_date=None,
    rng=None,
):
    """Play one event and return its matches in the shape of the match results CSV.

    Parameters
    ----------
    n_entrants : int
        Pairs or teams (2-1000).
    n_rounds : int, optional
        Rounds; required for a Swiss, ``n_entrants − 1`` (or ``n_entrants`` for an odd
        field) for a round robin.
    n_boards : int, optional
        Boards per match (1-200).
    form : {"swiss_pairs", "teams"}, optional
        Swiss pairs (margins in MP %, files with ``pct_home``, ``pct_visitors``) or team
        matches (IMPs, ``imps_home``, ``imps_visitors``).
    pairing : {"score", "random", "round_robin"}, optional
        A random first round then by score (VPs, then margin), a random draw every round,
        or all-play-all by the circle method; repeat meetings are avoided while possible.
    k : float, optional
        Per-board sd: by default Probst's for the form (:data:`bridgestats.sigma.FORMS`:
        6.5 IMPs, 32.95 %).
    strength_sd : float, optional
        The sd of the entrants' true strengths (per board, in the form's unit); 0: equal.
    scale : VPScale or str, optional
        The scale the VPs are scored on (default: WBF 2013 discrete for teams, the EBU
        2006 Swiss pairs table for pairs).
    event : str, optional
        The event's name in the file.
    first_date : str, optional
        The first round's date (ISO); each later round a week later. None: no dates.
    rng : int or numpy.random.Generator, optional
        All randomness.

    Returns
    -------
    pandas.DataFrame
        One row per match and bye, round by round: ``event``, ``round``, ``home``,
        ``visitors`` (``"bye"`` for a bye, whose scores are empty), ``boards``, then
        ``imps_home``, ``imps_visitors`` (whole IMPs) or ``pct_home``, ``pct_visitors``
        (two decimals, summing to 100), ``vp_home``, ``vp_visitors`` and, with
        ``first_date``, ``date``; ``attrs["strength"]`` the entrants' true strengths and
        ``attrs["sigma"]`` the margin's σ between equal sides.

    Examples
    --------
    >>> m = simulate_match_results(8, n_rounds=3, rng=1, event="Swiss")
    >>> len(m), list(m.columns[:5]), bool((m.pct_home + m.pct_visitors == 100).all())
    (12, ['event', 'round', 'home', 'visitors', 'boards'], True)
    >>> round(m.attrs["sigma"], 3)  # 32.95 / √8
    11.65
    """
    n = check_int(n_entrants, "n_entrants", minimum=2, maximum=1000)
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    check_choice(form, "form", tuple(_DEFAULT_SCALE))
    check_choice(pairing, "pairing", _PAIRINGS)
    board_k = FORMS[form].k if k is None else check_number(k, "k", low=0.0, low_open=True)
    sd = check_number(strength_sd, "strength_sd", low=0.0)
    if pairing == "round_robin":
        schedule = round_robin_schedule(n)
        rounds = (
            len(schedule)
            if n_rounds is None
            else check_int(n_rounds, "n_rounds", minimum=1, maximum=len(schedule))
        )
    else:
        if n_rounds is None:
            raise fail("n_rounds", "the rounds of a Swiss (1-100)", n_rounds)
        rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=100)
    sc = _scale(scale, form, nb)
    gen = np.random.default_rng(rng)
    strength = gen.normal(0.0, sd, n) if sd > 0 else np.zeros(n)
    pairs_form = form == "swiss_pairs"
    match_sd = board_k / np.sqrt(nb) if pairs_form else board_k * np.sqrt(nb)
    edge = 1.0 if pairs_form else float(nb)
    prefix = "Pair" if pairs_form else "Team"
    names = [f"{prefix} {i + 1}" for i in range(n)]
    m = n + n % 2
    met = np.zeros((m, m), dtype=bool)
    vp_total = np.zeros(n)
    margin_total = np.zeros(n)
    rows = []
    for r in range(rounds):
        if pairing == "round_robin":
            opp = schedule[r]
            tables = [(i, int(opp[i])) for i in range(n) if opp[i] < 0 or i < opp[i]]
        else:
            if pairing == "random" or r == 0:
                order = gen.permutation(n)
            else:
                order = np.lexsort((gen.random(n), -margin_total, -vp_total))
            pairs, _ = pair_in_order(order, met=met)
            tables = [(int(a), int(b)) for a, b in pairs]
        for a, b in tables:
            if a < 0:
                a, b = b, a
            date = None
            if first_date is not None:
                date = (pd.Timestamp(first_date) + pd.Timedelta(weeks=r)).strftime("%Y-%m-%d")
            row = {"event": event, "round": r + 1, "home": names[a], "boards": nb}
            if b < 0:  # the bye: the scale's draw and no margin
                if m > n:
                    met[a, n] = met[n, a] = True
                vp_total[a] += sc.draw
                rows.append({**row, "visitors": "bye", "date": date})
                continue
            met[a, b] = met[b, a] = True
            x = edge * (strength[a] - strength[b]) + match_sd * gen.standard_normal()
            if pairs_form:
                pct = float(np.clip(np.round(50.0 + x, 2), 0.0, 100.0))
                margin = pct - 50.0
                scores = {"pct_home": pct, "pct_visitors": round(100.0 - pct, 2)}
            else:
                margin = float(np.round(x))
                common = int(gen.integers(0, 2 * nb + 1))
                scores = {
                    "imps_home": common + max(margin, 0.0),
                    "imps_visitors": common + max(-margin, 0.0),
                }
            vp_a, vp_b = float(sc.vp(margin)), float(sc.vp(-margin))
            vp_total[a] += vp_a
            vp_total[b] += vp_b
            margin_total[a] += margin
            margin_total[b] -= margin
            rows.append(
                {
                    **row,
                    "visitors": names[b],
                    **scores,
                    "vp_home": vp_a,
                    "vp_visitors": vp_b,
                    "date": date,
                }
            )
    score_cols = ["pct_home", "pct_visitors"] if pairs_form else ["imps_home", "imps_visitors"]
    columns = [
        "event",
        "round",
        "home",
        "visitors",
        "boards",
        *score_cols,
        "vp_home",
        "vp_visitors",
        *(["date"] if first_date is not None else []),
    ]
    out = pd.DataFrame(rows).reindex(columns=columns)
    out.attrs["strength"] = strength
    out.attrs["sigma"] = float(match_sd)
    return out

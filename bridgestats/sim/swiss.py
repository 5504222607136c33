"""Swiss pairs pieces the event simulator lacks: margin histograms and late entry.

- :func:`refined_scale`: a :class:`~bridgestats.vp.VPScale` that scores exactly as
  another but splits its outcomes into fine margin bins, so that
  :func:`~bridgestats.sim.events.simulate_events` (which keeps only outcome counts) also
  returns the histogram of the match margins, with the pairings unchanged;
- :func:`entry_scores`: the late-entry scores of Probst §12 (12, 13, ... 17 VPs added per
  round missed);
- :func:`simulate_ko_swiss`: Bridge Club Live's knock-out with its subsidiary Swiss (§12),
  in which each round's knock-out losers join the Swiss on an entry score.

The knock-out with its subsidiary Swiss
---------------------------------------
Probst §12: "BCL! runs a head-to-head 18 board pairs ko where scores of 50%+ stay in the
event for the next round over 6 rounds or so, with a subsidiary Swiss VP Pairs of 18 board
head-to-head for those ko'd." Our reading, stated because the article leaves it open:

- ``n_sessions`` = S sessions and a knock-out of 2^S pairs, one knock-out round a
  session, drawn at random each round (the article says nothing of seeding); the final
  is in session S;
- the Swiss has S − 1 rounds, in sessions 2..S; the losers of session s's knock-out round
  (2^(S−s) pairs) join it in session s + 1, having missed s − 1 Swiss rounds; the two
  finalists never play it. Session 2's entrants start on 0, and every Swiss pair plays
  every Swiss round from its entry on (the field grows to 2^S − 2, always even: no bye);
- a pair entering after m missed rounds starts on the entry score of :func:`entry_scores`
  and a total margin of 0, placed in the standings by that score; in its first round it
  meets a pair already in the Swiss ("New entrants play pairs already in the Swiss",
  §12's rule 3); otherwise the Swiss is paired by score (:mod:`bridgestats.sim.pairing`'s
  top-down rule, no repeat meetings), its first round a random draw;
- the board model is that of Swiss pairs in :mod:`bridgestats.sim.events`: a match
  margin (MP % − 50) is ``s_i − s_j + Z``, Z normal with σ = k/√n_boards; a knock-out
  match is won by the pair whose margin is positive.

``late_entry=False`` plays the *counterfactual* Swiss: the same pairs (same strengths, same
knock-out results, so the same field) all play every Swiss round from 0, as if each had
joined when the Swiss began. Comparing a late entrant's finish with its own finish there
answers "does an entrant of this strength do as well as one who played every round?".

References
----------
.. [1] J. Probst, "On VP Scales", article on Victory Point scales for the English Bridge
   Union (c. 2006; reproduced on bridgeguys.com, "On VP Scales - Bridge Guys"), §11
   (Swiss pairs scales), §12 (late round entry into a VP Swiss pairs).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from bridgestats._validate import (
    as_finite_array,
    check_choice,
    check_flag,
    check_int,
    check_number,
    check_rng,
    fail,
)
from bridgestats.names import display_name
from bridgestats.sigma import sigma_swiss_pairs_spread
from bridgestats.sim.events import as_scale
from bridgestats.sim.pairing import MAX_STEPS, _pair_ordered
from bridgestats.vp import gaussian_scale, named_scale

__all__ = [
    "EBU_2006_SIGMA_8",
    "ENTRY_RULES",
    "RULE_SCALES",
    "KOSwissResults",
    "carry_factor",
    "ebu_2006_scale",
    "entry_scores",
    "refined_scale",
    "rule_scale",
    "simulate_ko_swiss",
]

#: The late-entry rules of Probst §12: "2005" adds 12, 13, 14, ... (the first missed round
#: worth 12); "2006" adds ..., 15, 16, 17 (the last missed round worth 17, "work backwards").
ENTRY_RULES = ("2005", "2006")
#: The Swiss pairs scale each entry rule was played on (§12): the 2005 rule in 2005, on the
#: 2004 White Book scale ("published in 2004 and used inter alia at Brighton 2005", §11);
#: the 2006 rule on "the new VP scale" (the EBU 2006 scale, σ = 11 % for 8 boards).
RULE_SCALES = {"2005": "washington_2004", "2006": "ebu_2006"}
#: Most sessions :func:`simulate_ko_swiss` plays (2^12 = 4096 pairs).
MAX_SESSIONS = 12
#: σ (MP %) of the EBU 2006 Swiss pairs scale for 8 boards (Probst §11, "Max settled on
#: STD = 11%"), "the new VP scale" §12 says BCL used.
EBU_2006_SIGMA_8 = 11.0


def carry_factor(n_boards, *, k, strength_sd, from_boards=8):
    """σ(n)/σ(n₀) of a Swiss pairs field: how a scale for n₀ boards is carried to n.

    Parameters
    ----------
    n_boards : int
        Boards of the match the scale is carried to (1-200).
    k, strength_sd : float
        The field's per-board σ of equal pairs and its strength sd τ (MP %).
    from_boards : int, optional
        Boards the scale was made for (8: the shipped historical scales are for 7-9).

    Returns
    -------
    float
        σ(n)/σ(n₀), σ²(n) = k²/n + 2τ² (:func:`bridgestats.sigma.sigma_swiss_pairs_spread`,
        the one σ(n) of Swiss pairs): the factor on a scale's thresholds that keeps each
        outcome's share between pairs met at random what it was at n₀ boards. τ = 0 gives
        √(n₀/n), Probst's normalisation; with τ > 0 the strength term does not shrink with
        n and the factor stays above it for long matches.

    Notes
    -----
    A scale is carried by one rule, whatever its shape: a published table (the 2004 White
    Book's, whose Gaussian σ of 9.59 % is below the luck term k/√8 of the fitted field, so
    no strength term can be kept) as a Gaussian one (the EBU 2006's 11 %).

    Examples
    --------
    >>> round(carry_factor(18, k=32.95, strength_sd=0), 4)   # √(8/18)
    0.6667
    >>> round(carry_factor(18, k=27.63, strength_sd=4.02), 4)
    0.7649
    """
    n = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    n0 = check_int(from_boards, "from_boards", minimum=1, maximum=200)
    kk = check_number(k, "k", low=0, low_open=True, high=200)
    tau = check_number(strength_sd, "strength_sd", low=0, high=50)
    return float(
        sigma_swiss_pairs_spread(n, k=kk, strength_sd=tau)
        / sigma_swiss_pairs_spread(n0, k=kk, strength_sd=tau)
    )


def ebu_2006_scale(n_boards, *, k, strength_sd):
    """The EBU 2006 Swiss pairs scale carried to ``n_boards``: Gaussian 20-0 at σ(n).

    ``k`` and ``strength_sd`` are the field's per-board σ of equal pairs and strength sd τ
    (MP %): σ(n) = 11 % × :func:`carry_factor` (the one σ(n) of Swiss pairs, σ²(n) = k²/n
    + 2τ², taken relative to 8 boards), so the scale does at n boards what it does at 8.

    Examples
    --------
    >>> s = ebu_2006_scale(18, k=27.63, strength_sd=4.02)
    >>> s.vp([0.4, 14.1, -14.1]).tolist()
    [10, 20, 0]
    >>> s.name
    'EBU 2006 for 18 boards, Gaussian 20-0 at σ 8.41 %'
    """
    n = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    sigma = EBU_2006_SIGMA_8 * carry_factor(n, k=k, strength_sd=strength_sd)
    name = f"EBU 2006 for {n} boards, Gaussian 20-0 at σ {sigma:.2f} %"
    return gaussian_scale(sigma=float(sigma), unit="MP %", name=name)


def rule_scale(rule, n_boards, *, k, strength_sd):
    """The Swiss pairs scale entry rule ``rule`` was played on, carried to ``n_boards``.

    ``"2006"``: :func:`ebu_2006_scale`; ``"2005"``: the 2004 White Book table
    (``seeds/swiss_pairs_scales``, Probst Table 8's W'ton 2004 column, for 7-9 boards) with
    its thresholds multiplied by :func:`carry_factor` of the field (``k``, ``strength_sd``),
    the rule that carries the EBU 2006 scale (:data:`RULE_SCALES`).

    Examples
    --------
    >>> s = rule_scale("2005", 8, k=27.63, strength_sd=4.02)
    >>> [round(t, 2) for t in s.thresholds[:2]], round(s.thresholds[-1], 2)
    ([0.57, 1.73], 15.99)
    >>> round(rule_scale("2005", 18, k=27.63, strength_sd=4.02).thresholds[-1], 3)
    12.231
    """
    check_choice(rule, "rule", ENTRY_RULES)
    n = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    if RULE_SCALES[rule] == "ebu_2006":
        return ebu_2006_scale(n, k=k, strength_sd=strength_sd)
    base = named_scale(RULE_SCALES[rule])
    factor = carry_factor(n, k=k, strength_sd=strength_sd)
    return replace(
        base,
        thresholds=tuple(float(t) * factor for t in base.thresholds),
        name=f"{display_name('scale', RULE_SCALES[rule])} for {n} boards (thresholds × "
        f"{factor:.3f}, σ({n})/σ(8))",
    )


# --- margin histograms --------------------------------------------------------------------


def refined_scale(scale, *, step=0.1, top=50.0):
    """A scale that scores as ``scale`` but counts margins in bins of ``step``.

    Parameters
    ----------
    scale : VPScale or str
        The scale (anything :func:`~bridgestats.sim.events.as_scale` accepts for 8 boards;
        not a raw differential).
    step : float, optional
        Bin width in the margin's unit (> 0).
    top : float, optional
        The last bin edge; margins at or beyond it share one open bin (> ``step``).

    Returns
    -------
    refined : VPScale
        Thresholds: the union of ``scale``'s and ``step, 2·step, ... < top`` (and ``top``);
        each fine outcome scores as the outcome of ``scale`` that contains it, so a
        simulation scored by ``refined`` ranks and pairs exactly as one scored by ``scale``
        (same seed, same events) while its outcome counts are a histogram of |margin|.
    coarse : ndarray of int
        For each fine outcome, its outcome index in ``scale`` (central outcome 0), to fold
        the fine counts back (``np.add.at``).

    Examples
    --------
    >>> fine, coarse = refined_scale("washington_2004", step=1.0, top=20.0)
    >>> fine.thresholds[:3], coarse[:3].tolist(), fine.vp([0.56, 0.57, 17.2]).tolist()
    ((0.57, 1.0, 1.73), [0, 1, 1], [10.0, 11.0, 20.0])
    """
    sc = as_scale(scale, n_boards=8)
    if sc.raw:
        raise fail("scale", "a VP scale (not a raw differential)", sc.name)
    h = check_number(step, "step", low=0, low_open=True)
    t_top = check_number(top, "top", low=h, low_open=True)
    grid = np.arange(1, int(np.floor(t_top / h + 1e-9)) + 1) * h
    base = np.asarray(sc.thresholds, dtype=float)
    grid = np.append(grid[grid < t_top - 1e-9], t_top)
    apart = np.abs(grid[:, None] - base[None, :]).min(axis=1, initial=np.inf) > 1e-6
    edges = np.unique(np.concatenate([base, grid[apart]]))  # no sliver bins at a threshold
    lower = np.concatenate([[0.0], edges])  # each fine outcome's lower edge
    coarse = np.searchsorted(base, np.round(lower, 9), side="right")
    table = tuple((float(sc.vp_winner[j]), float(sc.vp_loser[j])) for j in coarse)
    labels = tuple(f"{lo:g}+ ({sc.labels[j]})" for lo, j in zip(lower, coarse, strict=True))
    edges_t = tuple(float(x) for x in edges)
    refined = replace(
        sc,
        thresholds=edges_t,
        vp_table=table,
        outcome_labels=labels,
        step=None,
        name=f"{sc.name}, margins by {h:g}",
    )
    return refined, coarse.astype(np.int64)


# --- late entry ---------------------------------------------------------------------------


def entry_scores(n_missed, *, rule="2006", first=12, last=17):
    """Probst §12's late-entry scores: the VPs a pair starts on after missing rounds.

    Parameters
    ----------
    n_missed : int
        The most Swiss rounds a late entrant can miss, M (0-50): with S sessions, S − 2.
    rule : {"2006", "2005"}, optional
        ``"2006"``: the m-th missed round adds ``last − M + m`` (so the last entry's final
        step is "add 17", working backwards); ``"2005"``: it adds ``first − 1 + m`` (12, 13,
        14, 15, 16 ... whatever M is).
    first, last : int, optional
        The first step of rule 2005 (12) and the last of rule 2006 (17).

    Returns
    -------
    ndarray of int, shape (M + 1,)
        ``scores[m]``: the entry score after missing m rounds (``scores[0] = 0``).

    Notes
    -----
    §12: "we should make the final round 'add 17' and work backwards from there ... with 6
    total sessions start with 14 in Session 3, 7 sessions with 13, 8 with 12", and for 6
    sessions the entries 14, 29, 45, 62; "12,13,14,15,16,17 additively for a total of 87
    after 6 rounds". In 2005 "we tried 12, 13, 14, 15, 16 additively and it led to people
    entering on too low a score".

    Examples
    --------
    >>> entry_scores(4).tolist()   # 6 sessions: Probst's 14, 29, 45, 62
    [0, 14, 29, 45, 62]
    >>> entry_scores(6).tolist()   # 8 sessions: 12 ... 17, total 87
    [0, 12, 25, 39, 54, 70, 87]
    >>> entry_scores(5, rule="2005").tolist(), entry_scores(5).tolist()
    ([0, 12, 25, 39, 54, 70], [0, 13, 27, 42, 58, 75])
    """
    m = check_int(n_missed, "n_missed", minimum=0, maximum=50)
    check_choice(rule, "rule", ENTRY_RULES)
    a = check_int(first, "first", minimum=0, maximum=1000)
    b = check_int(last, "last", minimum=0, maximum=1000)
    if rule == "2006":
        steps = b - m + np.arange(1, m + 1)
    else:
        steps = a - 1 + np.arange(1, m + 1)
    return np.concatenate([[0], np.cumsum(steps)]).astype(np.int64)


@dataclass(frozen=True)
class KOSwissResults:
    """Simulated knock-outs with their subsidiary Swiss (:func:`simulate_ko_swiss`).

    All arrays have shape (n_events, n_pairs), n_pairs = 2^n_sessions.

    Attributes
    ----------
    strength : ndarray
        True strengths (MP % per match).
    entry_round : ndarray of int
        The Swiss round (0-based) the pair joined, m = the rounds it missed: the
        knock-out round it lost, minus 1; ``-1`` for the two finalists (no Swiss). In the
        counterfactual (``late_entry=False``) the round it *would* have joined.
    entry_score : ndarray of float
        The score it started the Swiss on (0 in the counterfactual; NaN: no Swiss).
    place_at_entry : ndarray of int
        Its place in the standings the round it joined was paired on (1 = top; every
        pair present, itself included; for the first round, a random draw, its place in
        the drawn order); 0: no Swiss.
    table_at_entry : ndarray of int
        The table of its first Swiss match (1 = the top table of the draw); 0: no Swiss.
    score : ndarray of float
        Final Swiss score, entry score included (NaN: no Swiss).
    rank : ndarray of int
        Final place in the Swiss (1 = the winner; by score, then total margin, then a lot
        drawn before the event); 0: no Swiss.
    n_swiss : int
        Pairs in the Swiss (2^n_sessions − 2).
    entry : ndarray of float
        The entry scores used, by rounds missed.
    late_entry : bool
        False for the counterfactual Swiss (everyone from round 1 on 0).
    repeats : ndarray of int, shape (n_events,)
        Pairings the search could not make as asked (a repeat meeting, or new entrants
        drawn together): 0 unless a round's search failed or hit ``max_steps``.
    """

    strength: np.ndarray
    entry_round: np.ndarray
    entry_score: np.ndarray
    place_at_entry: np.ndarray
    table_at_entry: np.ndarray
    score: np.ndarray
    rank: np.ndarray
    n_swiss: int
    entry: np.ndarray
    late_entry: bool
    repeats: np.ndarray

    @property
    def percentile(self) -> np.ndarray:
        """Finish percentile in the Swiss, 100 (n_swiss − rank)/(n_swiss − 1): 100 = the
        winner, 0 = last; NaN for the finalists."""
        out = 100.0 * (self.n_swiss - self.rank) / (self.n_swiss - 1)
        return np.where(self.rank > 0, out, np.nan)


def _knockout(strength, n_sessions, sd, gen):
    """The knock-out, vectorised over events: the round each pair lost (1..S; S + 1 for
    the winner)."""
    e, n = strength.shape
    lost = np.full((e, n), n_sessions + 1, dtype=np.int64)
    alive = np.tile(np.arange(n), (e, 1))
    rows = np.arange(e)[:, None]
    for s in range(1, n_sessions + 1):
        perm = np.argsort(gen.random(alive.shape), axis=1)
        drawn = np.take_along_axis(alive, perm, axis=1)
        a, b = drawn[:, 0::2], drawn[:, 1::2]
        margin = strength[rows, a] - strength[rows, b] + sd * gen.standard_normal(a.shape)
        winner = np.where(margin > 0, a, b)
        loser = np.where(margin > 0, b, a)
        lost[rows, loser] = s
        alive = winner
    return lost


def simulate_ko_swiss(
    n_sessions,
    *,
    n_boards=18,
    k=32.95,
    strength_sd=0.0,
    scale=None,
    entry="2006",
    late_entry=True,
    n_events=1,
    max_steps=MAX_STEPS,
    rng=None,
):
    """Simulate Bridge Club Live's knock-out and its subsidiary Swiss (Probst §12).

    Parameters
    ----------
    n_sessions : int
        Sessions S (2-12): a knock-out of 2^S pairs and a Swiss of S − 1 rounds (see the
        module docstring for the reading of §12).
    n_boards : int, optional
        Boards per match (18 at BCL).
    k : float, optional
        Per-board σ of the MP % (the pairs board model of
        :mod:`bridgestats.sim.events`): a match margin's σ is k/√n_boards.
    strength_sd : float, optional
        Sd of the pairs' true strengths (MP % per match), drawn afresh each event.
    scale : VPScale or str, optional
        The Swiss's scale for n_boards-board matches (margins MP % − 50; not an IMP
        scale): by default :func:`ebu_2006_scale` of ``n_boards``, this ``k`` and
        ``strength_sd``. The
        shipped historical scales (by name) are for 7-9 boards.
    entry : {"2006", "2005"} or array_like, optional
        Entry scores by rounds missed (:func:`entry_scores` of that rule, or S − 1 numbers
        starting with 0).
    late_entry : bool, optional
        False: the counterfactual Swiss, everyone from its first round on 0.
    n_events : int, optional
        Events (>= 1).
    max_steps : int, optional
        Cap on one round's pairing search (:mod:`bridgestats.sim.pairing`).
    rng : int or numpy.random.Generator, optional
        All randomness. The strengths and knock-outs come from one stream and the Swiss
        from another, so that the same seed with ``late_entry`` True and False plays the
        same knock-outs (the same Swiss field).

    Returns
    -------
    KOSwissResults

    Examples
    --------
    Six sessions (64 pairs; Probst's 14, 29, 45, 62): the 62 Swiss pairs, the two losing
    semi-finalists joining the last round on 62:

    >>> r = simulate_ko_swiss(6, strength_sd=4.0, scale="mp", n_events=3, rng=1)
    >>> r.n_swiss, r.entry.tolist(), np.bincount(r.entry_round[0] + 1).tolist()
    (62, [0.0, 14.0, 29.0, 45.0, 62.0], [2, 32, 16, 8, 4, 2])
    """
    s_n = check_int(n_sessions, "n_sessions", minimum=2, maximum=MAX_SESSIONS)
    nb = check_int(n_boards, "n_boards", minimum=1, maximum=200)
    kk = check_number(k, "k", low=0, low_open=True)
    tau = check_number(strength_sd, "strength_sd", low=0)
    if scale is None:
        sc = ebu_2006_scale(nb, k=kk, strength_sd=tau)
    else:
        sc = as_scale(scale, n_boards=nb)
    if sc.unit == "IMPs":
        raise fail("scale", "a scale for MP % margins (Swiss pairs)", sc.name)
    late = check_flag(late_entry, "late_entry")
    e_total = check_int(n_events, "n_events", minimum=1)
    steps = check_int(max_steps, "max_steps", minimum=1)
    n_swiss_rounds = s_n - 1
    if isinstance(entry, str):
        scores = entry_scores(n_swiss_rounds - 1, rule=entry).astype(float)
    else:
        scores = as_finite_array(entry, "entry").ravel()
        if scores.size != n_swiss_rounds or scores[0] != 0:
            raise fail("entry", f"{n_swiss_rounds} entry scores starting with 0", entry)
    n = 2**s_n
    sd = kk / np.sqrt(nb)
    seed = int(check_rng(rng).integers(2**63))
    g_ko, g_swiss = (np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(2))
    strength = tau * g_ko.standard_normal((e_total, n))
    lost = _knockout(strength, s_n, sd, g_ko)
    entry_round = np.where(lost < s_n, lost - 1, -1)
    shape = (e_total, n)
    out = {
        "entry_score": np.full(shape, np.nan),
        "place_at_entry": np.zeros(shape, dtype=np.int64),
        "table_at_entry": np.zeros(shape, dtype=np.int64),
        "score": np.full(shape, np.nan),
        "rank": np.zeros(shape, dtype=np.int64),
        "repeats": np.zeros(e_total, dtype=np.int64),
    }
    for ev in range(e_total):
        _swiss_event(
            ev,
            strength[ev],
            entry_round[ev],
            scores,
            late,
            sd,
            sc,
            steps,
            n_swiss_rounds,
            g_swiss,
            out,
        )
    return KOSwissResults(
        strength=strength,
        entry_round=entry_round,
        n_swiss=n - 2,
        entry=scores,
        late_entry=late,
        **out,
    )


def _swiss_event(ev, strength, entry_round, scores, late, sd, sc, steps, n_rounds, gen, out):
    """One event's Swiss (see :func:`simulate_ko_swiss`), written into ``out[...][ev]``."""
    ids = np.flatnonzero(entry_round >= 0)  # the Swiss pairs, as knock-out indices
    m = ids.size
    s = strength[ids]
    joins = entry_round[ids] if late else np.zeros(m, dtype=np.int64)
    vp = np.where(late, scores[entry_round[ids]], 0.0).astype(float)
    mg = np.zeros(m)
    lot = gen.random(m)
    met = np.zeros((m, m), dtype=np.bool_)
    place = np.zeros(m, dtype=np.int64)
    table = np.zeros(m, dtype=np.int64)
    for r in range(n_rounds):
        active = np.flatnonzero(joins <= r)
        new = active[joins[active] == r]
        if r == 0:
            listed = active[np.argsort(gen.random(active.size))]
        else:  # by score, then margin, then the lot (np.lexsort: last key first)
            listed = active[
                np.lexsort((lot[active], -np.round(mg[active], 6), -np.round(vp[active], 6)))
            ]
        pos = np.empty(m, dtype=np.int64)
        pos[listed] = np.arange(1, listed.size + 1)
        place[new] = pos[new]
        if r > 0 and new.size:
            met[np.ix_(new, new)] = True  # new entrants meet pairs already in the Swiss
        half = listed.size // 2
        pa = np.empty(half, dtype=np.int64)
        pb = np.empty(half, dtype=np.int64)
        out["repeats"][ev] += _pair_ordered(listed.astype(np.int64), met, steps, pa, pb)
        if r > 0 and new.size:
            met[np.ix_(new, new)] = False
        tables = np.arange(1, half + 1)
        is_new = joins == r
        table[pa[is_new[pa]]] = tables[is_new[pa]]
        table[pb[is_new[pb]]] = tables[is_new[pb]]
        margin = s[pa] - s[pb] + sd * gen.standard_normal(half)
        both = sc.vp(np.concatenate((margin, -margin)))  # one call for the two sides
        vp[pa] += both[:half]
        vp[pb] += both[half:]
        mg[pa] += margin
        mg[pb] -= margin
        met[pa, pb] = True
        met[pb, pa] = True
    order = np.lexsort((lot, -np.round(mg, 6), -np.round(vp, 6)))
    rank = np.empty(m, dtype=np.int64)
    rank[order] = np.arange(1, m + 1)
    out["entry_score"][ev, ids] = scores[entry_round[ids]] if late else 0.0
    out["place_at_entry"][ev, ids] = place
    out["table_at_entry"][ev, ids] = table
    out["score"][ev, ids] = vp
    out["rank"][ev, ids] = rank

"""A committee's events re-scored (studies.committee.rescore_input with studies.rescore):
the qualifier changes of one real event recomputed by hand."""

from __future__ import annotations

import numpy as np
import pandas as pd

from bridgestats import datasets
from bridgestats.studies import rescore
from bridgestats.studies.committee import rescore_input
from bridgestats.vp import named_scale


def _standings_by_hand(raw: pd.DataFrame, vp_home, vp_visitors) -> list[str]:
    """Teams by VPs, then IMP difference, then name: a plain loop over the matches."""
    score, diff = {}, {}
    for row, a, b in zip(raw.itertuples(), vp_home, vp_visitors, strict=True):
        margin = row.imps_home - row.imps_visitors
        for team, vp, m in ((row.home, a, margin), (row.visitors, b, -margin)):
            score[team] = score.get(team, 0.0) + vp
            diff[team] = diff.get(team, 0.0) + m
    return sorted(score, key=lambda t: (-round(score[t], 6), -diff[t], t))


def test_the_bermuda_bowl_2013_qualifier_changes_by_hand():
    """The sample's real event: its baseline is the scale its printed VPs were scored on
    (WBF 2013 continuous, all 231 agree); under the WBF discrete scale and win/draw/loss
    the top 8 by hand (printed VPs summed; each scale's VPs from its table) against what
    rescore_events and qualifier_changes count, with the teams put in and out."""
    raw = datasets.load("committee/teams_matches")
    own = rescore_input([datasets.path("committee/teams_matches")])
    event = "Bermuda Bowl 2013, round robin"
    assert own.baseline(event)[0] == "WBF 2013 continuous" and own.baseline(event)[2]
    rescored = rescore.rescore_events(own.matches, n_qualify=8)
    changes = rescore.qualifier_changes(rescored, baselines=own.baselines).set_index("scale")
    swaps = rescore.qualifier_swaps(rescored, baselines=own.baselines).set_index("scale")
    base = set(_standings_by_hand(raw, raw["vp_home"], raw["vp_visitors"])[:8])
    margin = (raw["imps_home"] - raw["imps_visitors"]).to_numpy(float)
    for sid in ("wbf_discrete", "wdl"):
        s = named_scale(sid, n_boards=16)
        top = _standings_by_hand(raw, s.vp(margin), s.vp(-margin))[:8]
        label = rescore.scale_label(s.name)
        assert changes.loc[label, "count"] == len(set(top) - base), label
        if set(top) != base:
            assert set(swaps.loc[label, "teams_in"].split("; ")) == set(top) - base
            assert set(swaps.loc[label, "teams_out"].split("; ")) == base - set(top)
    assert changes.loc["WBF 2013 continuous", "count"] == 0


def test_the_same_event_through_the_shipped_path_changes_the_same_qualifiers():
    """The sample is the shipped 2013-World/Men: re-scored from the committee's CSV it
    changes, scale by scale, what the shipped path changes (both against WBF 2013)."""
    own = rescore_input([datasets.path("committee/teams_matches")])
    mine = rescore.qualifier_changes(
        rescore.rescore_events(own.matches, n_qualify=8), baselines=own.baselines
    )
    shipped = datasets.load("derived/rescored_matches").query("event == '2013-World/Men'")
    theirs = rescore.qualifier_changes(rescore.rescore_events(shipped, n_qualify=8))
    np.testing.assert_array_equal(mine["count"], theirs["count"])
    np.testing.assert_array_equal(mine["scale"], theirs["scale"])


def test_a_swiss_pairs_event_is_re_scored_on_the_pairs_scales():
    own = rescore_input([datasets.path("committee/swiss_pairs_rounds")])
    event = "Simulated club Swiss pairs"
    assert own.baseline(event)[0] == "Swiss pairs EBU (2006)"
    rescored = rescore.rescore_events(own.matches, n_qualify=8)
    assert set(rescored["scale"]) >= {"Swiss pairs EBU (2006)", "Swiss pairs Washington (2004)"}
    changes = rescore.qualifier_changes(rescored, baselines=own.baselines)
    assert changes.loc[changes.scale == "Swiss pairs EBU (2006)", "count"].item() == 0
    # the baseline standings are the simulated event's own: its printed VPs summed
    raw = datasets.load("committee/swiss_pairs_rounds").query("visitors != 'bye'")
    vp = (
        pd.concat(
            [raw.groupby("home")["vp_home"].sum(), raw.groupby("visitors")["vp_visitors"].sum()]
        )
        .groupby(level=0)
        .sum()
    )
    base = rescored[rescored.scale == "Swiss pairs EBU (2006)"].set_index("team")["score"]
    pd.testing.assert_series_equal(base.sort_index(), vp.sort_index(), check_names=False)

"""studies.brief: the committee brief's answers, against outside figures (issue 33).

Outside sources: the WBF Scoring Panel's 2013 tables (20.00 VP from 43 IMPs at 8 boards and
85 at 32), the EBU's 2006 Swiss pairs table (20-0 from 68.35 %, Probst Table 8), scipy's
normal distribution for the 20-0 shares, and a plain-pandas recount of the re-scored
championships for the WBF's "practically nothing".
"""

from __future__ import annotations

import pytest
from scipy import stats

from bridgestats.errors import BridgestatsError
from bridgestats.sigma import form_sigma
from bridgestats.studies import brief, rescore
from bridgestats.vp import event_scale


@pytest.fixture(scope="module")
def table():
    return brief.recommendations(
        [("teams", 8), ("teams", 32), ("swiss_pairs", 8)], n_events=400, rng=7
    )


def test_where_20_0_starts_on_the_published_scales():
    assert brief.top_from(brief.current_scale("teams", 8), "IMPs") == 43  # WBF 2013
    assert brief.top_from(brief.current_scale("teams", 32), "IMPs") == 85
    assert brief.top_from(brief.current_scale("swiss_pairs", 8), "MP %") == pytest.approx(68.35)
    # the recommended scales as the booklet prints them: 30 and 67 IMPs
    assert brief.top_from(event_scale("teams", 8), "IMPs") == 30
    assert brief.top_from(event_scale("teams", 32), "IMPs") == 67
    assert brief.current_scale("aggregate", 24) is None  # no scale in common use


def test_rows_are_the_one_sigma_and_the_shares_are_scipys(table):
    rows = table.set_index(["form", "n_boards"])
    for (form, n), r in rows.iterrows():
        one = form_sigma(form, n)
        assert r["sigma"] == one.sigma and (r["sigma_ci_low"], r["sigma_ci_high"]) == one.sigma_ci
        assert r["thresholds"] == pytest.approx(list(event_scale(form, n).thresholds))
    pairs = rows.loc[("swiss_pairs", 8)]
    s = pairs["sigma"]
    assert pairs["p_20_0_equal"] == pytest.approx(2 / 21, rel=1e-9)  # continuous: the design
    assert pairs["p_20_0_equal_current"] == pytest.approx(2 * stats.norm.sf(18.35 / s), rel=1e-6)
    teams = rows.loc[("teams", 8)]  # whole IMPs: 20-0 from 30 reached by margins above 29.5
    want = 2 * stats.norm.sf(29.5 / teams["sigma"])
    assert teams["p_20_0_equal"] == pytest.approx(want, rel=1e-6)
    assert teams["p_20_0_equal_current"] == pytest.approx(
        2 * stats.norm.sf(42.5 / teams["sigma"]), rel=1e-6
    )


def test_simulated_and_real_answers_carry_their_uncertainty(table):
    for r in table.itertuples():
        assert 0 < r.p_strongest_wins < 1 and 0 < r.p_strongest_wins_se < 0.05
        assert r.strongest_diff_se > 0 and r.n_events == 400
        assert r.verdict in ("differs", "not distinguishable", "unresolved")
    teams = table[table["form"] == "teams"].iloc[0]
    changes = rescore.qualifier_changes(rescore.rescore_events())
    g = changes[changes["scale"] == "Gaussian 20-0"]
    assert teams["qualifier_changes"] == g["count"].sum()
    assert teams["qualifier_changes_low"] <= teams["qualifier_changes"]
    assert teams["qualifier_changes"] <= teams["qualifier_changes_high"]
    assert "WBF 2013 continuous re-applied" in teams["baseline"]


def test_the_verdicts_do_not_flip_between_seeds():
    a = brief.recommendations([("teams", 8), ("swiss_pairs", 8)], n_events=400, rng=1)
    b = brief.recommendations([("teams", 8), ("swiss_pairs", 8)], n_events=400, rng=2)
    assert a["verdict"].tolist() == b["verdict"].tolist()


def test_the_sentence_says_it_in_players_terms(table):
    text = brief.recommendation_sentence(table.iloc[0])
    assert text.startswith("Teams of four, 8 boards: publish the Gaussian 20-0 scale at σ 17.95")
    assert "20-0 from 30 IMPs, against 43 IMPs on WBF 2013 continuous" in text
    assert "percentage points, paired over 400 events" in text and text.endswith(".")
    assert text.count(". ") == 0  # one sentence


def test_wbf_statement_recounted_by_hand():
    r = rescore.rescore_events()
    w = brief.wbf_statement(r).set_index(["scale", "other"])
    row = w.loc[("WBF 2013 continuous", "WBF 2013 discrete")]
    changed = places = leaders = teams = 0
    for _, g in r[r["scale"].isin(["WBF 2013 continuous", "WBF 2013 discrete"])].groupby("event"):
        a = g[g["scale"] == "WBF 2013 continuous"].set_index("team")
        b = g[g["scale"] == "WBF 2013 discrete"].set_index("team").loc[a.index]
        in_out = int((a["qualified"] & ~b["qualified"]).sum())
        changed += in_out > 0
        teams += in_out
        places += int((a["rank"] != b["rank"]).sum())
        leaders += a.index[a["rank"] == 1][0] != b.index[b["rank"] == 1][0]
    assert (
        row["events_qualifiers_changed"],
        row["qualifiers_changed"],
        row["places_changed"],
        row["leaders_changed"],
    ) == (changed, teams, places, leaders)
    assert row["shape"] == "similar" and row["holds"] == (changed / 51 <= 0.05)
    assert (w["shape"] == "different").sum() == len(w) - 1
    sentence = brief.wbf_statement_sentence(w.reset_index())
    assert sentence.count(". ") == 0 and "over 51 real events re-scored" in sentence


def test_bad_input_is_named():
    with pytest.raises(BridgestatsError, match=r"^events: must be one of"):
        brief.recommendations([("rubber", 8)])
    with pytest.raises(BridgestatsError, match=r"^current: must be a scale in MP %"):
        brief.current_scale("swiss_pairs", 8, "wbf")
    with pytest.raises(BridgestatsError, match=r"^events: must be at least one"):
        brief.recommendations([])


def test_the_scale_in_use_may_be_a_scale_csv(tmp_path):
    """A committee's own table, as `bridgestats scale --format csv` writes it: here the
    recommended scale itself, so every figure beside it is the same and the paired
    difference is exactly 0."""
    path = tmp_path / "ours.csv"
    path.write_text(event_scale("teams", 8).to_csv())
    r = brief.recommendations(
        [("teams", 8)], current={"IMPs": str(path)}, n_events=200, rng=3
    ).iloc[0]
    assert r["current_scale"] == "ours.csv" and r["current_20_0_from"] == 30
    assert r["p_20_0_equal_current"] == pytest.approx(r["p_20_0_equal"], rel=1e-12)
    assert r["strongest_diff"] == 0 and r["p_strongest_wins"] == r["p_strongest_wins_current"]
    assert r["p_20_0_equal_ci_low"] < r["p_20_0_equal"] < r["p_20_0_equal_ci_high"]

"""apps.booklet and `bridgestats scale --booklet`: the printable booklet of VP scales."""

from __future__ import annotations

import html
import io
import math

import numpy as np
import pandas as pd
import pytest

from bridgestats import datasets, names
from bridgestats.apps import booklet as bk
from bridgestats.cli import main
from bridgestats.errors import BridgestatsError

PROBST = bk.BookletSources(
    6.5,
    "Probst's K",
    11.0,
    "EBU 2006",
    1.2,
    "Probst's 6/5",
    n_tables=15,
    aggregate_k=1790 / math.sqrt(24),
    aggregate_source="Sheffield",
)


@pytest.fixture(scope="module")
def frame():
    return bk.booklet(PROBST)


def _starts(frame, section, n):
    rows = frame[(frame["section"] == section) & (frame["n_boards"] == n)]
    return rows.set_index("vps")["margin_from"]


def test_every_section_and_board_count(frame):
    assert list(dict.fromkeys(frame["section"])) == list(bk.SECTIONS)  # in print order
    # every form the evidence measures, without and with negative VPs, in catalogue order,
    # then the named scales marked for printing
    assert list(bk.SECTIONS) == [
        "teams",
        "teams_negative",
        "cross_imps",
        "cross_imps_negative",
        "butler",
        "butler_negative",
        "swiss_pairs",
        "swiss_pairs_negative",
        "aggregate",
        "aggregate_negative",
        "wbf",
        "wbf_discrete",
        "ebu_2006",
    ]
    gaussian = [s.id for s in names.booklet_sections() if s.form is not None]
    assert len(gaussian) == 10
    for section in gaussian:
        boards = sorted(set(frame.loc[frame["section"] == section, "n_boards"]))
        assert boards == list(range(4, 33)), section
        n_outcomes = 16 if "negative" in section else 11
        assert (frame[frame["section"] == section].groupby("n_boards").size() == n_outcomes).all()


def test_teams_column_is_probst_table_4(frame):
    # Table 4's computed IMP edges at K = 6.5 (seed data, as printed), each band starting at
    # the first whole IMP that reaches its edge
    cells = datasets.load("seeds/probst_table_cells")
    edges = cells.loc[cells["item"] == "table_4_imps", "printed"].astype(float).to_numpy()
    starts = _starts(frame, "teams", 8).astype(int).to_numpy()[1:]
    np.testing.assert_array_equal(starts, np.ceil(edges).astype(int))


def test_swiss_pairs_column_is_the_ebu_table_at_11(frame):
    # the EBU's 7-9 board table (σ = 11 % for 8 boards) to its printed 2 decimals, within the
    # interpolation error of the z it was built from (0.01 %, see data/seeds/README.md)
    ebu = datasets.load("seeds/ebu_swiss_pairs_7_9")["threshold_pct"].to_numpy()
    ours = _starts(frame, "swiss_pairs", 8).astype(float).to_numpy()[1:]
    np.testing.assert_allclose(ours, ebu, atol=0.0101)
    shipped = _starts(frame, "ebu_2006", 0).astype(float).to_numpy()[1:]
    np.testing.assert_array_equal(shipped, ebu)


def test_butler_and_cross_imps_follow_their_models(frame):
    rows = frame[(frame["section"] == "butler") & (frame["n_boards"] == 15)]
    sigma = 1.2 * 6.5 * math.sqrt(15 * 14 / 30)  # face to face: no shooting IMP
    assert rows["sigma"].iloc[0] == pytest.approx(sigma)
    cross = frame[(frame["section"] == "cross_imps") & (frame["n_boards"] == 8)]
    assert cross["sigma"].iloc[0] == pytest.approx(6.5 * math.sqrt(8 * 16 / 2))  # 52 IMPs
    top = cross.set_index("vps").loc["20-0", "threshold"]
    assert top == pytest.approx(1.6683912 * 52, rel=1e-6)


def test_html_prints_on_a4_and_names_its_sources(frame):
    page = bk.booklet_html(frame, PROBST)
    assert "@page { size: A4" in page and "break-inside: avoid" in page
    assert "Probst&#x27;s K" in page or "Probst's K" in page
    for section in bk.SECTIONS:
        assert f"<h2>{html.escape(names.SECTIONS[section])}</h2>" in page
    assert "<h2>Wbf" not in page and "<h2>Ebu" not in page  # names, not ids capitalised
    assert "Teams, negative vps" not in page and "Cross-imps" not in page
    # 29 board counts in 3 tables of 10, 10 and 9 columns (not 4 with a stub of 5) for the
    # ten Gaussian sections and the two WBF scales, one table for the EBU's 7-9 boards
    assert page.count("<table ") == 12 * 3 + 1
    assert page.count("<caption>EBU (2006), 7-9 boards</caption>") == 1
    assert page.count("<caption>Teams of four (IMPs), 4-13 boards</caption>") == 1
    assert page.count("<caption>Teams of four (IMPs), 24-32 boards</caption>") == 1
    # every placeholder of the templates filled
    assert "$" not in page.replace("$$", "")
    # a header that the browser repeats on every printed page of a long table
    assert page.count("<thead>") == page.count("<table ") and "table-header-group" in page
    # a long table starts a printed page (issue 22: never its header and a row at a page foot;
    # printed and read back in tests/test_browser.py): the WBF continuous scale's three
    assert page.count('<table class="long">') == 3 and '<section class="wbf long">' in page
    assert "section.long, table.long + table.long { break-before: page" in page
    assert "<script" not in page and "<link" not in page and "<img" not in page  # one file


def test_bad_sources_are_refused():
    with pytest.raises(BridgestatsError, match="sources: must be a BookletSources"):
        bk.booklet({"k": 6.5})
    with pytest.raises(BridgestatsError, match=r"sources\.k: must be"):
        bk.booklet(bk.BookletSources(0.0, "", 11.0, "", 1.2, ""))
    with pytest.raises(BridgestatsError, match="boards: must be"):
        bk.booklet(PROBST, boards=[0])
    # the aggregate form's σ needs its K: refused by name, not printed blank
    with pytest.raises(BridgestatsError, match="aggregate_k: must be"):
        bk.booklet(bk.BookletSources(6.5, "", 11.0, "", 1.2, ""), boards=[8])


class _Out:
    def __init__(self, code, out, err):
        self.returncode, self.stdout, self.stderr = code, out, err


@pytest.fixture
def _cli(capsys):
    def run(*args):
        code = main(["scale", *args])
        out, err = capsys.readouterr()
        return _Out(code, out, err)

    return run


def test_cli_writes_the_booklet_from_the_measured_estimates(_cli):
    out = _cli("--booklet", "--format", "csv")
    assert out.returncode == 0, out.stderr
    frame = pd.read_csv(io.StringIO(out.stdout))
    assert set(frame["section"]) == set(bk.SECTIONS)
    src = bk.default_sources()
    teams8 = frame[(frame["section"] == "teams") & (frame["n_boards"] == 8)]
    # the K(n) model, not K√n: σ(8) = √(8K² + 64δ²)
    assert teams8["sigma"].iloc[0] == pytest.approx(math.sqrt(8 * src.k**2 + 64 * src.delta**2))
    page = _cli("--booklet", "--format", "html", "--k", "6.5", "--b", "1.2")
    assert page.returncode == 0
    assert "K = 6.500 IMPs per board, δ = 0.000 (given on the command line, δ = 0)" in page.stdout
    assert "every board of data/derived/swing_counts.csv" not in page.stdout.split("Swiss")[0]


def test_cli_booklet_errors(_cli):
    bad = _cli("--booklet", "--boards", "8", "--format", "html")
    assert bad.returncode == 2 and "--booklet: must be given with only" in bad.stderr
    assert "--format: must be html, csv or pdf with --booklet" in _cli("--booklet").stderr
    assert "--boards: must be given" in _cli("--form", "teams").stderr
    assert "--b: must be given with --booklet" in _cli("--boards", "8", "--b", "1.2").stderr


def test_default_booklet_follows_the_evidence_not_k_root_n():
    """Issue 21: at 32 boards the booklet's teams 20-0 started at 58 IMPs (K√n with the
    per-board K 6.13) where the K(n) model puts it at 67; its Swiss pairs σ was 5.83 %
    (σ₈·√(8/32)) where σ² = k²/n + 2τ² gives about 7.4 %. Both now come from
    bridgestats.sigma.form_sigma, the one σ of a form."""
    from bridgestats.sigma import form_sigma

    frame = bk.booklet(bk.default_sources(), boards=[8, 32])
    assert _starts(frame, "teams", 32)["20-0"] == "67"  # ⌈1.668·39.9⌉; K√n gave 58
    for form in ("teams", "swiss_pairs", "butler", "cross_imps", "aggregate"):
        for n in (8, 32):
            rows = frame[(frame["section"] == form) & (frame["n_boards"] == n)]
            assert rows["sigma"].iloc[0] == pytest.approx(form_sigma(form, n).sigma, rel=1e-12)
    pairs32 = frame[(frame["section"] == "swiss_pairs") & (frame["n_boards"] == 32)]
    assert 7.0 < pairs32["sigma"].iloc[0] < 7.8


def test_board_counts_are_spread_evenly_over_the_tables():
    assert [len(g) for g in bk._groups(list(range(4, 33)), 10)] == [10, 10, 9]
    assert [len(g) for g in bk._groups(list(range(4, 33)), 8)] == [8, 8, 8, 5]
    assert [len(g) for g in bk._groups([0], 10)] == [1]
    assert [n for g in bk._groups(list(range(4, 33)), 16) for n in g] == list(range(4, 33))


def test_values_are_escaped_into_the_template():
    src = bk.BookletSources(6.5, "<b>K</b> & co", 11.0, "σ", 1.2, "B", aggregate_k=365.0)
    page = bk.booklet_html(bk.booklet(src, boards=[8]), src, title="A <title>")
    assert "&lt;b&gt;K&lt;/b&gt; &amp; co" in page and "<b>K</b>" not in page
    assert "<title>A &lt;title&gt;</title>" in page


def test_the_header_names_its_data_sets_not_their_ids():
    # issue 22: the header read "... of derived/match_margins ... seeds/brighton_2005_vp_counts"
    import dataclasses

    src = dataclasses.replace(
        PROBST,
        k_source="2,124 matches of derived/match_margins",
        sigma_source="σ₈ of seeds/brighton_2005_vp_counts",
    )
    page = bk.booklet_html(bk.booklet(src), src)
    meta = page.split('<p class="meta">', 1)[1].split("</p>", 1)[0]
    assert names.DATASETS["derived/match_margins"] in meta
    assert names.DATASETS["seeds/brighton_2005_vp_counts"] in meta
    assert "derived/" not in meta and "seeds/" not in meta


def _patton(n_boards):
    from bridgestats.vp import gaussian_scale

    return gaussian_scale(4, sigma=6.5 * math.sqrt(n_boards), unit="IMPs", step=1)


def test_a_new_form_and_a_new_printed_scale_are_sections(monkeypatch, _cli):
    """Issue 24: a form added to forms.FORMS and a named scale marked for the booklet in
    scales.NAMED_SCALES, each in its one place, are sections of the booklet, its page and
    its CSV, named and introduced from their entries."""
    from sigma.test_forms import wide_teams  # tests/ is on the path

    from bridgestats.sigma import FORMS
    from bridgestats.vp import NAMED_SCALES, BookletPrint, NamedScale

    form = wide_teams()  # the form a newcomer adds in tests/sigma/test_forms.py
    monkeypatch.setitem(FORMS, "wide_teams", form)  # the one place a form goes
    scale = NamedScale(
        "patton_4",
        "IMPs",
        _patton,
        "a 4-0 Gaussian scale (this test)",
        name="Patton 4-0 (this test)",
        booklet=BookletPrint(),
    )
    monkeypatch.setitem(NAMED_SCALES, "patton_4", scale)  # the one place a scale goes

    sections = list(bk.SECTIONS)
    assert sections[-4:] == ["wbf", "wbf_discrete", "ebu_2006", "patton_4"]  # catalogue order
    assert sections.index("wide_teams_negative") == sections.index("wide_teams") + 1
    assert sections.index("wide_teams") < sections.index("wbf")  # forms first
    frame = bk.booklet(PROBST, boards=[2, 8])
    assert list(dict.fromkeys(frame["section"])) == sections
    wide = frame[(frame["section"] == "wide_teams") & (frame["n_boards"] == 8)]
    assert wide["sigma"].iloc[0] == pytest.approx(1.5 * 6.5 * math.sqrt(8), rel=1e-12)
    assert (frame[frame["section"] == "wide_teams_negative"].groupby("n_boards").size() == 16).all()
    # Probst's Table 9 (Patton 4-0, 2 boards, σ = 9.19): 0-2 → 2-2, 3-7 → 3-1, 8+ → 4-0
    assert _starts(frame, "patton_4", 2).to_dict() == {"2-2": "0", "3-1": "3", "4-0": "8"}

    page = bk.booklet_html(frame, PROBST)
    assert "<h2>Wide teams (this test) (IMPs)</h2>" in page
    assert "<h2>Wide teams (this test) (IMPs), with negative VPs</h2>" in page
    assert "1.5·√(nK² + n²δ²), K 6.500, δ 0.000 (sources at the top)" in page  # its formula
    assert "<h2>Patton 4-0 (this test)</h2>" in page
    assert "a 4-0 Gaussian scale (this test)." in page
    assert "<caption>Patton 4-0 (this test), 2-8 boards</caption>" in page

    out = _cli("--booklet", "--format", "csv")
    assert out.returncode == 0, out.stderr
    assert {"wide_teams", "wide_teams_negative", "patton_4"} <= set(
        pd.read_csv(io.StringIO(out.stdout))["section"]
    )


def test_a_form_whose_evidence_names_an_input_the_booklet_lacks_is_refused(monkeypatch):
    import dataclasses

    from bridgestats.sigma import FORMS

    odd = dataclasses.replace(
        FORMS["teams"], id="odd_teams", evidence_source="K {k:.3f}, ρ {rho:.2f}"
    )
    monkeypatch.setitem(FORMS, "odd_teams", odd)
    with pytest.raises(BridgestatsError, match=r"^FORMS\['odd_teams'\].evidence_source: .*'rho'"):
        bk.booklet(PROBST, boards=[8])


def test_a_printed_form_or_scale_without_its_source_text_is_refused(monkeypatch):
    """A section's introduction is its catalogue entry's text (a form's evidence_source,
    a named scale's source); an entry without it is refused by name, not printed bare."""
    import dataclasses

    from bridgestats.sigma import FORMS
    from bridgestats.vp import NAMED_SCALES

    frame = bk.booklet(PROBST, boards=[8])
    monkeypatch.setitem(FORMS, "teams", dataclasses.replace(FORMS["teams"], evidence_source=""))
    with pytest.raises(BridgestatsError, match=r"FORMS\['teams'\].evidence_source: must be"):
        bk.booklet_html(frame, PROBST)
    monkeypatch.undo()
    monkeypatch.setitem(NAMED_SCALES, "wbf", dataclasses.replace(NAMED_SCALES["wbf"], source=" "))
    with pytest.raises(BridgestatsError, match=r"NAMED_SCALES\['wbf'\].source: must be"):
        bk.booklet_html(frame, PROBST)

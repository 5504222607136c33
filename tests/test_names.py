"""The one table of display names covers every shipped data set, form and series."""

import pandas as pd
import pytest

from bridgestats import datasets, names, sigma
from bridgestats.errors import BridgestatsError


def test_every_shipped_data_set_has_a_name():
    assert sorted(names.DATASETS) == sorted(datasets.names())


def test_every_event_form_has_a_name():
    # the names are the catalogue's own (bridgestats.sigma.FORMS): one entry per form
    assert names.FORMS == {f.id: f.name for f in sigma.FORMS.values()}
    assert all(names.display_name("form", i) == f.name for i, f in sigma.FORMS.items())


def test_every_series_of_the_match_margins_has_a_name():
    series = set(pd.read_csv(datasets.path("derived/match_margins"))["series"])
    assert series == set(names.SERIES)


def test_an_unknown_kind_is_refused_by_name():
    with pytest.raises(BridgestatsError, match="kind"):
        names.display_name("colour", "bb")


def test_every_booklet_section_is_named_from_its_catalogue():
    from bridgestats import vp
    from bridgestats.apps import booklet

    assert booklet.SECTIONS is names.SECTIONS  # one table, a view of the catalogues
    for section in names.booklet_sections():
        assert names.display_name("section", section.id) == section.name
        if section.form is not None:
            form = sigma.FORMS[section.form]
            assert form.evidence is not None
            assert section.id == form.id + ("_negative" if section.negative else "")
            assert section.name.lower().startswith(form.name.lower())
        else:
            assert vp.NAMED_SCALES[section.scale].booklet is not None
            assert section.id == section.scale
            assert section.name.startswith(names.SCALES[section.scale])
    assert "Teams, negative vps" not in names.SECTIONS.values()


def test_readable_names_every_data_set_and_scale_id_in_running_text():
    for key, name in names.DATASETS.items():
        assert names.readable(f"Source: {key} (bootstrap).") == f"Source: {name} (bootstrap)."
        # a path or a file name is left alone: it is where the file is, not what it is
        assert names.readable(f"data/{key}.csv") == f"data/{key}.csv"
    assert names.readable("the washington_2004 and wbf_discrete scales") == (
        "the Washington (2004) and WBF 2013 (whole VPs) scales"
    )
    assert names.readable("mp, wdl and imps") == "mp, wdl and imps"  # ids that are words


def test_pages_show_names_not_ids_in_tables_text_and_findings():
    import pandas as pd

    from bridgestats.notebook import finding, table_html

    html = table_html(pd.DataFrame({"data": ["seeds/ebu_swiss_pairs_7_9"], "n": [3]}))
    assert "EBU Swiss pairs, 7-9 boards a match" in html and "seeds/" not in html
    item = finding("K from derived/match_margins is 6.13", section="s")
    assert item["text"] == "K from team-match margins, 1955-2011 (derived) is 6.13"


def test_a_finding_list_shows_scale_names_not_escaped_ids(monkeypatch):
    from bridgestats import notebook

    shown = []
    monkeypatch.setattr(notebook, "show_markdown", shown.append)
    notebook.show_findings(["ascherman_2006 17-3 starts at 59.01", "K is 6.13 (`k_per_board`)"])
    # a code span is shown as written: inside backticks a backslash would show
    assert shown == ["- Ascherman (2006) 17-3 starts at 59.01\n- K is 6.13 (`k_per_board`)"]


def test_every_scoring_method_has_a_name():
    from bridgestats.scoring import METHODS

    assert sorted(names.METHODS) == sorted((*METHODS, "teams"))


def test_every_column_a_scorer_reads_has_a_name():
    # what `bridgestats score` shows in Markdown and HTML: each table of a scored pairs
    # event and a scored team match, every column by a name in names.COLUMNS (an id with
    # no entry would read as itself, "place text")
    import tempfile
    from pathlib import Path

    from apps.test_score_event import MITCHELL_PBN, TEAMS  # tests/ is on the path

    import bridgestats.io as bio
    from bridgestats.apps.score import score_event

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "club.pbn")
        path.write_text(MITCHELL_PBN)
        pbn = bio.read_results(path)
    columns = set()
    for result in (score_event(pbn), score_event(pbn, method="butler"), score_event(TEAMS)):
        for table in (
            result.boards,
            result.ranking,
            result.matches,
            result.agreement,
            result.mismatches,
        ):
            if table is not None:
                columns |= set(table.columns)
    columns -= {"place_text"}  # shown as the place
    assert sorted(columns - set(names.COLUMNS)) == []
    assert not [name for name in names.COLUMNS.values() if "_" in name]


def test_readable_names_the_measures_and_pairing_rules_of_the_comparisons():
    # compare_scales' tables and findings showed "round_robin", "kendall_tau", "p_holm"
    for key, name in names.TERMS.items():
        assert names.readable(f"{key}, {key} (x)") == f"{name}, {name} (x)"
        assert names.readable(f"`x.{key}`") == f"`x.{key}`"  # a dotted name is code
    from bridgestats.notebook import table_html

    html = table_html(pd.DataFrame({"pairing": ["round_robin"], "measure": ["p_top_k"]}))
    assert "round robin" in html and "P(the strongest k qualify)" in html and "_" not in html

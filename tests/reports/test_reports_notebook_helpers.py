"""The notebook side of the reports: ``save_summary``/``save_figure`` and how the index
shows a summary (no kernel: run folders are written by hand here)."""

from __future__ import annotations

import hashlib
import html
import json
import math

import numpy as np
import pytest

from bridgestats.errors import BridgestatsError
from bridgestats.notebook import finding, input_hashes, jsonable, save_figure, save_summary
from bridgestats.reports import write_index
from bridgestats.reports.index import section_anchor


def test_save_summary_writes_json_with_input_hashes_and_headline(tmp_path):
    data = tmp_path / "in.csv"
    data.write_text("a,b\n1,2\n")
    out = tmp_path / "summary.json"
    returned = save_summary(
        {"sigma": np.float64(11.0), "counts": np.array([1, 2]), "bad": math.nan, "ok": np.bool_(1)},
        inputs=[str(data)],
        headline=["sigma", "counts"],
        path=tmp_path / "summary.json",
    )
    assert returned is None  # a cell ending with the call shows no PosixPath(...)
    payload = json.loads(out.read_text())
    assert payload == {
        "sigma": 11.0,
        "counts": [1, 2],
        "bad": None,  # NaN becomes null, never a bare NaN in JSON
        "ok": True,
        "_headline": ["sigma", "counts"],
        "_inputs": {str(data): hashlib.sha256(data.read_bytes()).hexdigest()},
    }


def test_save_summary_rejects_a_headline_key_it_does_not_have(tmp_path):
    with pytest.raises(BridgestatsError, match=r"headline: 'sigmaa' is not a summary key"):
        save_summary({"sigma": 1.0}, headline=["sigmaa"], path=tmp_path / "s.json")
    assert not (tmp_path / "s.json").exists()


def test_save_summary_of_an_unknown_input_names_the_known_data_sets(tmp_path):
    with pytest.raises(
        BridgestatsError,
        match=r"^name: must be one of .*'seeds/brighton_2005_vp_counts'.*; got 'no/such'$",
    ):
        save_summary({}, inputs=["no/such"], path=tmp_path / "s.json")


def test_jsonable_converts_nested_numpy_values():
    value = {"a": (np.int64(1), [np.float32(0.5)]), 2: np.array([[1.0, np.nan]])}
    assert jsonable(value) == {"a": [1, [0.5]], "2": [[1.0, None]]}


def test_save_figure_writes_a_png_under_figures(tmp_path, monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    monkeypatch.chdir(tmp_path)
    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    assert save_figure(fig, "line") is None  # nothing shown by accident
    plt.close(fig)
    assert (tmp_path / "figures" / "line.png").read_bytes()[:4] == b"\x89PNG"
    # the index names the figure by its caption, carried in the PNG (not by its file name)
    from bridgestats.reports.index import png_title

    assert png_title(tmp_path / "figures" / "line.png") == "line"
    fig, ax = plt.subplots()
    ax.set_title("20-0s by round, Brighton 2005")
    save_figure(fig, "brighton_20_0_by_round", caption="σ of each round, with its interval")
    plt.close(fig)
    assert png_title(tmp_path / "figures" / "brighton_20_0_by_round.png") == (
        "σ of each round, with its interval"
    )


def _fake_run(root, name, summary, *, status="ok", ended="2026-01-01T10:00:00.000+00:00"):
    folder = root / (name if status == "ok" else f"{name}.failed")
    folder.mkdir(parents=True)
    (folder / "summary.json").write_text(json.dumps(summary))
    record = {
        "run": name,
        "report": name,
        "status": status,
        "notebook": "nb.ipynb",
        "ended": ended,
        "overrides": {},
        "durations": {"total_s": 1.0},
        "error": None if status == "ok" else "ValueError: boom (cell [3])",
    }
    (folder / "run.json").write_text(json.dumps(record))


def test_index_shows_the_chosen_headline_in_order_else_the_first_numbers(tmp_path):
    _fake_run(tmp_path, "chosen", {"a": 1, "b": 2.5, "c": 3, "_headline": ["c", "a"]})
    many = {f"x{i}": i for i in range(10)} | {"series": [1, 2], "table": {"k": 1}}
    _fake_run(tmp_path, "plain", many)
    page = write_index(tmp_path).read_text()
    chosen = page[page.index("<strong>chosen</strong>") : page.index("<strong>plain</strong>")]
    assert "<dt>c</dt><dd>3</dd><dt>a</dt><dd>1</dd></dl>" in chosen
    assert "<dt>b</dt>" not in chosen and "and 1 more in summary.json" in chosen
    plain = page[page.index("<strong>plain</strong>") :]
    assert "<dt>x7</dt>" in plain and "<dt>x8</dt>" not in plain  # the first 8 scalars
    assert "and 4 more in summary.json" in plain


def test_index_status_follows_the_latest_attempt(tmp_path):
    _fake_run(tmp_path, "r", {"v": 1}, ended="2026-01-01T10:00:00.000+00:00")
    _fake_run(tmp_path, "r", {}, status="failed", ended="2026-01-02T10:00:00.000+00:00")
    page = write_index(tmp_path).read_text()
    assert 'class="status failed"' in page and "ValueError: boom (cell [3])" in page
    assert 'href="r.failed/run.json"' in page
    # a later good run (the runner also deletes r.failed then) wins
    _fake_run(tmp_path, "s", {"v": 2}, ended="2026-01-03T10:00:00.000+00:00")
    _fake_run(tmp_path, "s", {}, status="failed", ended="2026-01-01T10:00:00.000+00:00")
    page = write_index(tmp_path).read_text()
    row = page[page.index("<strong>s</strong>") :]
    assert 'class="status ok"' in row.split("</tr>")[0]


def test_input_hashes_of_a_folder_cover_every_file_below_it(tmp_path):
    # the io readers take folders (rederive_k's files parameter passes them through)
    folder = tmp_path / "pbn"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.pbn").write_text('[Board "1"]\n')
    (folder / "sub" / "b.pbn").write_text('[Board "2"]\n')
    listing = "".join(
        f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {name}\n"
        for name, p in (("a.pbn", folder / "a.pbn"), ("sub/b.pbn", folder / "sub" / "b.pbn"))
    )
    before = input_hashes([folder])[str(folder)]
    assert before == hashlib.sha256(listing.encode()).hexdigest()
    (folder / "sub" / "b.pbn").write_text('[Board "3"]\n')
    assert input_hashes([folder])[str(folder)] != before


def test_index_escapes_what_it_shows(tmp_path):
    # the page is rendered from templates/index.html.j2 with autoescaping: an error message,
    # a summary key or a parameter value is text, never markup
    _fake_run(tmp_path, "r", {}, status="failed")
    record = json.loads((tmp_path / "r.failed" / "run.json").read_text())
    record["error"] = "ValueError: <script>alert('x')</script> & more"
    record["overrides"] = {"label": "<b>bold</b>"}
    (tmp_path / "r.failed" / "run.json").write_text(json.dumps(record))
    (tmp_path / "r.failed" / "summary.json").write_text(json.dumps({"a<b": "c&d"}))
    page = write_index(tmp_path).read_text()
    assert "<script>" not in page and "<b>bold</b>" not in page
    assert "ValueError: &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more" in page
    assert "label = &lt;b&gt;bold&lt;/b&gt;" in page
    assert "<dt>a&lt;b</dt><dd>c&amp;d</dd>" in page
    assert "{{" not in page and "{%" not in page


# --- findings in words ----------------------------------------------------------------------


def test_finding_and_save_summary_check_what_they_store(tmp_path):
    item = finding("K per board: 6.13 IMPs", section="The fit", key="k", headline=True)
    save_summary({"k": 6.13}, findings=[item], path=tmp_path / "s.json")
    assert json.loads((tmp_path / "s.json").read_text())["_findings"] == [
        {"text": "K per board: 6.13 IMPs", "section": "The fit", "key": "k", "headline": True}
    ]
    with pytest.raises(BridgestatsError, match="text: must be a non-empty string; got ' '"):
        finding(" ", section="The fit")
    with pytest.raises(BridgestatsError, match="section: must be a non-empty string"):
        finding("x", section=None)
    with pytest.raises(BridgestatsError, match="headline: must be"):
        finding("x", section="s", headline="yes")
    with pytest.raises(BridgestatsError, match="findings\\[0\\]: key 'sigma' is not a summary"):
        save_summary(
            {"k": 1}, findings=[finding("x", section="s", key="sigma")], path=tmp_path / "t.json"
        )
    with pytest.raises(BridgestatsError, match="findings\\[0\\]: must be a finding"):
        save_summary({"k": 1}, findings=["K is 6"], path=tmp_path / "u.json")


def test_section_anchor_is_the_id_nbconvert_gives_the_heading():
    # the independent check: nbconvert's own HTML export of a notebook with these headings
    import nbformat
    from nbconvert import HTMLExporter

    headings = [
        "One bad session: how fast does it fade?",
        "The page's claims",
        "K(n) by match length, 90 % intervals",
        "σ ≥ 9.59 & the 2004 scale",
        "Probst's equal-pairs σ against real Butler totals",  # the anchor once broken
        "Probst's examples and Pomfrey's cross-IMP rule",
        "The `K` of *Probst's* model, **measured**",  # Markdown in a heading
        "A [linked](https://example.org) heading < 3",
    ]
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell(f"## {h}") for h in headings]
    )
    page, _ = HTMLExporter().from_notebook_node(nb)
    page = html.unescape(page)  # attribute values are escaped in the page
    for heading in headings:
        assert f'id="{section_anchor(heading)}"' in page, heading


def test_index_and_findings_name_a_report_by_its_title_not_its_id(tmp_path):
    _fake_run(tmp_path, "rederive_k", {"k": 6.13})
    record = json.loads((tmp_path / "rederive_k" / "run.json").read_text())
    record["title"] = "K re-derived from team matches"
    (tmp_path / "rederive_k" / "run.json").write_text(json.dumps(record))
    page = write_index(tmp_path).read_text()
    assert "<strong>K re-derived from team matches</strong>" in page
    assert "<strong>rederive_k</strong>" not in page  # the id only in small print under it
    findings = (tmp_path / "findings.html").read_text()
    assert '<h2 id="rederive_k">K re-derived from team matches</h2>' in findings


def test_index_shows_findings_in_words_and_findings_page_links_sections(tmp_path):
    items = [
        finding("K per board: 6.13 IMPs (90 %: 6.09-6.17)", section="The fit", headline=True),
        finding("Round 8's σ is 9.38 %", section="By round"),
    ]
    _fake_run(tmp_path, "k", {"k": 6.13, "_findings": items})
    (tmp_path / "k" / "nb.html").write_text("<h2 id='The-fit'>The fit</h2>")
    _fake_run(tmp_path, "plain", {"x": 1})
    page = write_index(tmp_path).read_text()
    row = page[page.index("<strong>k</strong>") : page.index("<strong>plain</strong>")]
    # the headline finding, as a sentence linked to its section, instead of the raw keys
    assert '<a href="k/nb.html#The-fit">K per board: 6.13 IMPs (90 %: 6.09-6.17)</a>' in row
    assert "<dt>k</dt>" not in row and "Round 8" not in row
    assert "<dt>x</dt><dd>1</dd>" in page  # a report without findings keeps its keys
    assert '<a href="findings.html">All 2 findings, in words</a>' in page
    findings = (tmp_path / "findings.html").read_text()
    assert '<li><a href="k/nb.html#By-round">Round 8&#39;s σ is 9.38 %</a>' in findings
    assert '<li class="headline"><a href="k/nb.html#The-fit">K per board' in findings
    assert "This report states no findings in words" in findings  # the plain run
    # a failed run's findings have no page to link to: shown as text
    _fake_run(tmp_path, "bad", {"_findings": items}, status="failed")
    write_index(tmp_path)
    findings = (tmp_path / "findings.html").read_text()
    bad = findings[findings.index('<h2 id="bad">') :]
    assert '<li class="headline">K per board: 6.13 IMPs (90 %: 6.09-6.17)</li>' in bad


# --- tables as the page shows them ----------------------------------------------------------


def test_table_html_reads_as_a_table_for_a_committee():
    import pandas as pd

    from bridgestats.notebook import table_html

    long = "face-to-face Butler, measured (15 boards, 15 tables and more words than pandas keeps)"
    frame = pd.DataFrame(
        {
            "what": [long, "teams"],
            "ci_low_8": [6.123456, np.nan],
            "n": pd.array([37099, None], dtype="Int64"),
            "fits": [np.True_, np.False_],
        },
        index=[5, 9],
    )
    html = table_html(
        frame,
        columns={"what": "what", "ci_low_8": "lower 90 % limit", "n": "boards", "fits": "fits"},
        digits=2,
    )
    assert (
        '<thead><tr><th>what</th><th class="num">lower 90 % limit</th><th class="num whole">'
        "boards</th><th>fits</th>"  # a number's header stands over it, on the right
    ) in html
    assert long in html and "…" not in html  # nothing cut short
    for raw in ("NaN", "<NA>", "None", "True", "False", ">5<", ">9<"):
        assert raw not in html, raw  # no missing-value marker, no index, no repr
    assert '<td class="num">6.12</td>' in html and "37,099" in html
    assert html.count('<td class="num">–</td>') == 2 and "–: not available" in html
    with pytest.raises(BridgestatsError, match="columns: 'sigma' is not a column"):
        table_html(frame, columns={"sigma": "σ"})


# --- findings: one sentence each, a headline ------------------------------------------------


def test_findings_problems_finds_a_second_sentence_and_a_missing_headline(tmp_path):
    from bridgestats.notebook import findings_problems

    good = [
        finding(
            "K per board: 6.13 IMPs (90 %: 6.09-6.17) vs. Elo, e.g. the PPI",
            section="s",
            headline=True,
        ),
        finding("Round 8's σ is 9.38 % (Probst, p. 3)", section="s"),
    ]
    assert findings_problems(good) == []
    two = finding("B is 1.19. Probst's range holds", section="s", headline=True)
    assert findings_problems([two]) == [
        "finding 1 runs to 2 sentences: B is 1.19. | Probst's range holds"
    ]
    assert findings_problems([finding("B is 1.19", section="s")]) == [
        "no finding is marked headline (finding(..., headline=True))"
    ]
    save_summary({}, findings=[two], path=tmp_path / "s.json")
    stored = json.loads((tmp_path / "s.json").read_text())
    assert stored["_findings_problems"] == findings_problems([two])
    save_summary({}, findings=good, path=tmp_path / "g.json")
    assert "_findings_problems" not in json.loads((tmp_path / "g.json").read_text())


def test_the_runner_reads_back_what_is_wrong_with_a_runs_findings(tmp_path):
    from bridgestats.reports import findings_problems

    two = finding("B is 1.19. Probst's range holds", section="s")
    save_summary({}, findings=[two], path=tmp_path / "s.json")
    assert findings_problems(tmp_path / "s.json") == [
        "finding 1 runs to 2 sentences: B is 1.19. | Probst's range holds",
        "no finding is marked headline (finding(..., headline=True))",
    ]
    save_summary({"x": 1}, path=tmp_path / "none.json")  # no findings: nothing to say
    assert findings_problems(tmp_path / "none.json") == []


def test_table_html_writes_numbers_as_a_reader_does_and_aligns_them():
    # issue 22: "4.996e-05" in vp_frequencies' p-values; "0.592 ± 0.002" wrapped and
    # aligned as text in compare_scales
    import pandas as pd

    from bridgestats.notebook import finding, table_html

    html = table_html(
        pd.DataFrame({"p": [4.996e-05, 0.5], "v": ["0.592 ± 0.002", "45.1 %"], "what": ["a", "b"]})
    )
    assert "e-05" not in html and "4.996 × 10⁻⁵" in html
    assert '<td class="num">0.592 ± 0.002</td>' in html and "<td>a</td>" in html
    assert "p = 4.5 × 10⁻³¹" in finding("p = 4.5e-31", section="s")["text"]

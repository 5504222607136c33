"""The readers' table (io/results.READERS) and the public finishing step (io.finish).

A new format is one reader ending in ``finish`` and one ``Reader`` entry: checked here by
doing it, with a small tab-separated format read through ``read_results`` alone.
"""

from __future__ import annotations

import pytest

from bridgestats import io as bio
from bridgestats.errors import BridgestatsError
from bridgestats.io import results

_TSV = "board\tcontract\tby\ttricks\tvul\n1\t4S\tN\t10\tNone\n1\t3NT\tE\t8\tNone\n2\t7C\tS\t\tNS\n"


def _read_tsv(paths, *, strict=False):
    """A reader as CONTRIBUTING.md describes one: raw columns as printed, then finish."""
    raw = {
        k: []
        for k in ("source", "record", "board", "contract_text", "declarer", "tricks", "vulnerable")
    }
    files = bio._records._expand(paths, ("*.tsv",))
    for f in files:
        lines = f.path.read_text().splitlines()
        for number, line in enumerate(lines[1:], start=2):
            board, contract, by, tricks, vul = line.split("\t")
            for key, value in zip(list(raw)[2:], (board, contract, by, tricks, vul), strict=True):
                raw[key].append(value)
            raw["source"].append(f.name)
            raw["record"].append(number)
    return bio.finish(raw, files=len(files), strict=strict)


def test_every_reader_is_one_entry_and_the_names_are_distinct():
    names = [r.name for r in results.READERS]
    assert names == ["pbn", "lin", "valet", "acbl", "usebio", "bws"]
    patterns = [p for r in results.READERS for p in r.patterns]
    assert len(patterns) == len(set(patterns))


@pytest.mark.parametrize(
    ("name", "reader"),
    [
        ("R1.PBN", "pbn"),
        ("x.pbn.gz", "pbn"),
        ("m.Lin", "lin"),
        ("SCORES2.TXT", "valet"),
        ("scores.txt.gz", "valet"),
        ("club.csv", "acbl"),
    ],
)
def test_reader_for_picks_by_name_whatever_the_case(name, reader):
    assert results.reader_for(name).name == reader


def test_reader_for_names_every_allowed_format_and_the_sniffed_reason(tmp_path):
    wanted = r"^path: must be files whose name .*USEBIO> or a Bridgemate \*\.bws \(an Access"
    with pytest.raises(BridgestatsError, match=wanted):
        results.reader_for("a.xls")
    notes = tmp_path / "notes.xml"
    notes.write_text("<PBN/>")
    with pytest.raises(BridgestatsError, match=r"<USEBIO>; got 'notes\.xml \(root <PBN>\)'$"):
        results.reader_for(notes)
    fake = tmp_path / "session.bws"
    fake.write_text("not a database")
    with pytest.raises(BridgestatsError, match=r"got .session\.bws \(not an Access database"):
        results.reader_for(fake)


def test_a_new_reader_is_one_entry_and_read_results_reads_it(tmp_path, monkeypatch):
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "s1.tsv").write_text(_TSV)
    with pytest.raises(BridgestatsError, match="a folder holding"):  # not known yet
        bio.read_results(tmp_path / "club")
    tsv = results.Reader("tsv", ("*.tsv",), _read_tsv, wanted="a club *.tsv")
    monkeypatch.setattr(results, "READERS", (*results.READERS, tsv))
    df = bio.read_results(tmp_path / "club")
    # 4S by N making 10, None vul: +420; 3NT by E making 8: one off, +50 to NS; 7C no result
    assert df["score_ns"].tolist()[:2] == [420.0, 50.0]
    assert df["skip_reason"].tolist()[2] == "no result"
    s = bio.summary_of(df)
    assert (s.files, s.records, s.scorable, s.skipped) == (1, 3, 2, {"no result": 1})
    with pytest.raises(BridgestatsError, match=r"a club \*\.tsv; got 'x\.doc'"):
        results.reader_for("x.doc", results.READERS)


def test_finish_under_strict_refuses_the_first_unscorable_record():
    raw = {
        "source": ["a"],
        "record": [7],
        "board": [1],
        "contract_text": ["4S"],
        "declarer": ["N"],
        "tricks": [""],
        "vulnerable": ["All"],
    }
    with pytest.raises(bio.ParseError, match=r"a, line 7: no result"):
        bio.finish(raw, files=1, strict=True)
    assert bio.finish(raw, files=1, strict=False)["skip_reason"].iat[0] == "no result"

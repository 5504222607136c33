"""An event's pairs ranked over all its segments and directions (``event_ranking``,
``score_event(rank_over="event")``, ``bridgestats score FOLDER --ranking event``).

The outside source: VALET's own per-pair output for the 2005 Bermuda Bowl round robin
(S. Hein, github.com/valet-bridge/valet, ``data/2005-World/Men/datum.txt`` and
``iaf.txt``; reduced to ``data/derived/valet_per_pair.csv`` by
``scripts/derive_valet_per_pair.py``), computed by VALET from the same 9,240 table
results the archive holds (``../shared/data/valet-fullfield/2005-World/Men``). VALET
prints each pair's boards and IMPs per board to two decimals, Butler against the datum
and across the field; the ranking agrees when the boards are equal and the IMPs per board
are within half a unit of the second decimal (0.005), the precision printed.
"""

from __future__ import annotations

import importlib.util
import io

import numpy as np
import pandas as pd
import pytest

from bridgestats import datasets
from bridgestats.apps.score import board_scores, event_ranking, score_event, score_files
from bridgestats.cli import main
from bridgestats.errors import BridgestatsError
from bridgestats.paths import project_root

#: Half a unit of VALET's second printed decimal.
PRINTED = 0.005 + 1e-9


def _key(pair: str) -> frozenset:
    """A pair as the set of its two players (VALET prints them in seat order, the
    ranking alphabetically)."""
    return frozenset(name.strip() for name in pair.split(" - "))


@pytest.fixture(scope="module")
def bermuda_bowl():
    from bridgestats.io import read_results
    from bridgestats.paths import shared_data_dir

    folder = shared_data_dir() / "valet-fullfield" / "2005-World" / "Men"
    if not folder.is_dir():
        pytest.skip("../shared/data/valet-fullfield is absent: the real-results tests need it")
    return folder, read_results(folder)


@pytest.fixture(scope="module")
def valet():
    printed = datasets.load("derived/valet_per_pair")
    return printed.assign(key=printed["pair"].map(_key))


def _against(ranking: pd.DataFrame, printed: pd.DataFrame, column: str) -> pd.DataFrame:
    ours = ranking.assign(key=ranking["pair"].map(_key))
    both = printed.merge(ours, on="key", how="left", suffixes=("_printed", ""))
    both["boards_agree"] = both["n_boards_printed"] == both["n_boards"]
    both["agree"] = (both["per_board"] - both[column]).abs() <= PRINTED
    return both


def test_valet_s_butler_of_every_pair_of_the_2005_bermuda_bowl(bermuda_bowl, valet):
    _, frame = bermuda_bowl
    (result,) = score_files(frame, conventions="valet", rank_over="event")
    assert result.method == "butler"
    both = _against(result.ranking, valet, "butler")
    assert len(result.ranking) == len(valet) == 69
    assert both["boards_agree"].sum() == 69
    assert both["agree"].sum() == 69
    # the boards add up to 2 sides x 9,240 table results
    assert result.ranking["n_boards"].sum() == 2 * 9240
    # Butler IMPs are zero-sum only up to the datum's rounding; the field's mean is ~0
    assert abs(result.ranking["total"].sum()) / 18480 < 0.05


def test_the_datum_rule_matters_and_the_check_can_tell(bermuda_bowl, valet):
    # the package's default datum (a tenth trimmed at each end, rounded to 10) and the
    # plain mean do not reproduce VALET's: its mean is cut to whole points
    _, frame = bermuda_bowl
    (trimmed,) = score_files(frame, rank_over="event")
    assert _against(trimmed.ranking, valet, "butler")["agree"].sum() == 4
    (mean,) = score_files(frame, conventions="valet", datum="mean", rank_over="event")
    assert _against(mean.ranking, valet, "butler")["agree"].sum() == 43


def test_valet_s_imps_across_the_field_are_cross_imps_per_board(bermuda_bowl, valet):
    _, frame = bermuda_bowl
    (result,) = score_files(frame, method="cross_imps", rank_over="event")
    both = _against(result.ranking, valet, "cross_imps")
    assert both["boards_agree"].sum() == 69 and both["agree"].sum() == 69
    # cross-IMPs are zero-sum on every board: the event's total is 0
    assert result.ranking["total"].sum() == pytest.approx(0, abs=1e-9)


def test_the_command_ranks_the_event_by_names_in_csv(bermuda_bowl, valet, capsys):
    folder, _ = bermuda_bowl
    code = main(
        [
            "score",
            str(folder),
            "--ranking",
            "event",
            "--conventions",
            "valet",
            "--table",
            "ranking",
            "--format",
            "csv",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0
    ranking = pd.read_csv(io.StringIO(out))
    assert ["pair", "n_boards", "total", "per_board"] == [
        c for c in ranking.columns if c in ("pair", "n_boards", "total", "per_board")
    ]
    top = ranking.iloc[1]  # the first pair of VALET's main list
    assert top["pair"] == "GRECO Eric - HAMPSON Geoff"
    assert (top["n_boards"], top["total"]) == (340, 228.0)
    assert np.isclose(top["per_board"], 228 / 340)
    assert "ranking: the event's 69 pairs over its 21 segments and both directions" in err
    code = main(["score", str(folder), "--ranking", "event", "--method", "mp"])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.strip().endswith(
        "--ranking: must be event with --method butler or cross-imps; got 'mp'"
    )


# --------------------------------------------------------------------------- small frames


def _mitchell() -> pd.DataFrame:
    """Two rounds of a two-table Mitchell, numbered by direction, no players named."""
    return pd.DataFrame(
        {
            "source": "m",
            "event": "E",
            "segment": ["1", "1", "2", "2"],
            "board": 1,
            "pair_ns": ["1", "2", "1", "2"],
            "pair_ew": ["1", "2", "2", "1"],
            "score_ns": [620.0, 170.0, 100.0, -100.0],
        }
    )


def test_pairs_without_names_are_ranked_by_number_and_direction():
    # round 1: 620 and 170 around 395: NS 1 +225 (6 IMPs), NS 2 -6; EW the reverse;
    # round 2: +100 and -100 around 0, 3 IMPs each way
    r = event_ranking(board_scores(_mitchell(), method="butler", datum="mean"))
    got = dict(zip(r["pair"], r["total"], strict=True))
    assert got == {"NS 1": 9.0, "EW 2": 3.0, "EW 1": -3.0, "NS 2": -9.0}
    assert r["n_boards"].tolist() == [2, 2, 2, 2]
    assert r.attrs["summary"]["results by pair number"] == 8


def test_an_event_ranking_takes_imps_only():
    scores = board_scores(_mitchell(), method="mp")
    with pytest.raises(BridgestatsError, match=r"^scores: must be a frame from board_scores"):
        event_ranking(scores)
    with pytest.raises(BridgestatsError, match=r"^method: must be butler or cross_imps"):
        score_event(_mitchell(), method="mp", rank_over="event")
    with pytest.raises(BridgestatsError, match=r"^rank_over: must be one of"):
        score_event(_mitchell(), rank_over="session")
    # a file that declares no IMP method is ranked by Butler, and says so
    e = score_event(_mitchell(), rank_over="event")
    assert e.method == "butler"
    assert e.method_source == "an event ranking counts IMPs a board: Butler by default"
    assert e.ranking_agreement is None


def test_the_script_reads_valet_s_printed_layout():
    path = project_root() / "scripts" / "derive_valet_per_pair.py"
    spec = importlib.util.spec_from_file_location("derive_valet_per_pair", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    text = (
        "                      |             |              |\n"
        "Players               |  No. Butler |   Bid   Play |\n"
        "GRECO Eric - HAMPSON Geoff        |  340   0.67 |  0.45   0.22 |\n"
        "ZLOTOV Dmitri - KHOLOMEEV Vadim   |  280  -0.00 | -0.06   0.06 |\n"
        "\n"
        "Players               |  No. Butler |   Bid   Play |\n"
        "SHEN Chih-Kuo - SHIH Juei-Yu      |   80   1.14 |  1.04   0.09 |\n"
    )
    got = script.parse(text)
    assert got["pair"].tolist() == [
        "GRECO Eric - HAMPSON Geoff",
        "ZLOTOV Dmitri - KHOLOMEEV Vadim",
        "SHEN Chih-Kuo - SHIH Juei-Yu",
    ]
    assert got["n_boards"].tolist() == [340, 280, 80]
    assert got["value"].tolist() == [0.67, -0.0, 1.14]
    assert got["block"].tolist() == [1, 1, 2]
    shipped = datasets.load("derived/valet_per_pair")
    assert shipped.groupby("block").size().to_dict() == {1: 65, 2: 4}

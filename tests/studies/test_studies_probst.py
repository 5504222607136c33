"""studies.probst_items: Probst's printed figures against the package's, with statuses."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from bridgestats import datasets, studies


@pytest.fixture(scope="module")
def items():
    return studies.probst_items(rng=1).set_index("item")


def test_every_seed_row_is_an_item_with_a_known_status(items):
    figures = datasets.load("seeds/probst_figures")
    assert items.index.tolist() == figures["item"].tolist()  # the article's order, all rows
    assert items.index.is_unique
    assert set(items["status"]) <= set(studies.probst.STATUSES)
    # every table 1-12 of the article is checked by at least one item
    tables = {t for cell in items["table"] if cell for t in cell.split("-")}
    assert {str(t) for t in range(1, 13)} - {"9-11"} <= tables | {"10"}
    # each table item's cells are all in the cells file
    cells = datasets.load("seeds/probst_table_cells")
    assert set(cells["item"]) <= set(items.index)


def _half_up(x, decimals):
    return math.floor(x * 10**decimals + 0.5) / 10**decimals


def test_figures_against_independent_arithmetic(items):
    # the printed figures recomputed here with the standard library only
    z20 = 1.6683911939  # Φ⁻¹(1 − 1/21): the 20-0 band holds the top 1/21, both signs
    assert 0.5 * math.erfc(-z20 / math.sqrt(2)) == pytest.approx(1 - 1 / 21, abs=1e-9)
    expected = {
        "top_63_results": 50 + 100 * (61 / 124) / math.sqrt(8),  # 67.3925
        "top_ascherman": 50 + 100 * (41 / 84) / math.sqrt(8),  # 67.2568
        "swiss_pairs_20_0_21": 50 + 50 / math.sqrt(8),
        "butler_online_sigma": 1.2 * 7 * math.sqrt(15 * 14 / 30) + 1,
        "sheffield_k": 1790 / math.sqrt(24),
        "k_swiss_pairs": 11.65 * math.sqrt(8),
        "flight_average": (86 + 83 + 91 + 76 + 74 + 85 + 87) / 7,
    }
    for item, value in expected.items():
        assert items.loc[item, "computed"] == pytest.approx(value, rel=1e-8), item
        assert items.loc[item, "exact"] == items.loc[item, "computed"], item
    # the statements that compute from the article's rounded printed figures: computed by
    # their own arithmetic, and the same figure from unrounded inputs beside it
    from_printed = {
        "teams_of_8_20_0": (30 * 2 * math.sqrt(2), z20 * 6.5 * math.sqrt(8 * 4 * 4 / 2)),
        "butler_online_20_0": (1.668 * 23.22, z20 * (1.2 * 7 * math.sqrt(15 * 14 / 30) + 1)),
        "swiss_pairs_sigma_8": (50 / (1.668 * math.sqrt(8)), 50 / (z20 * math.sqrt(8))),
        "ascherman_sigma": (
            11.73 * 17.27 / 17.39,
            11.73 * (100 * (41 / 84) / math.sqrt(8)) / (100 * (61 / 124) / math.sqrt(8)),
        ),
    }
    for item, (computed, exact) in from_printed.items():
        assert items.loc[item, "computed"] == pytest.approx(computed, rel=1e-8), item
        assert items.loc[item, "exact"] == pytest.approx(exact, rel=1e-8), item
    others = items.index.difference(list(from_printed))
    assert (items.loc[others, "exact"] == items.loc[others, "computed"]).all()


#: every item that is not reproduced, with its status (a finding each, explained in
#: data/seeds/probst_figures.csv's note); every other item is reproduced
NOT_REPRODUCED = {
    "table_3_cum": "error in the article",  # Pomfrey's equal split misprinted
    "table_5_labels": "error in the article",  # a row reads "29 -3"
    "top_ascherman": "rounding slip",  # 67.257 rounds to 67.26, printed 67.27
    "table_8_starts": "error in the article",  # two band starts at odds with the previous end
    "fifteen_5_2003": "not reproducible",  # the article does not say at which σ
    "cooke_sigma": "not reproducible",  # point 11.79 under the method giving the interval
}


def test_every_item_has_the_status_found(items):
    # the whole ledger, item by item: a status that moves is a finding that moves
    expected = {item: NOT_REPRODUCED.get(item, "reproduced") for item in items.index}
    assert items["status"].to_dict() == expected
    counts = items["status"].value_counts().to_dict()
    assert counts == {
        "reproduced": 60,
        "error in the article": 3,
        "not reproducible": 2,
        "rounding slip": 1,
    }


def test_the_statuses_found(items):
    # what the article gets right and wrong (these are findings: each one is explained in
    # data/seeds/probst_figures.csv's note)
    status = items["status"]
    assert status["top_63_results"] == "reproduced"  # 67.39
    assert status["top_ascherman"] == "rounding slip"  # 67.257 rounds to 67.26, not 67.27
    # 85 = the White Book's 30 × 2√2, the procedure stated; the formula gives 86.8
    assert status["teams_of_8_20_0"] == "reproduced"
    assert round(items.loc["teams_of_8_20_0", "exact"], 1) == 86.8
    # 1.668 × 23.22 = 38.73 from the printed z and σ; unrounded, 38.75
    assert status["butler_online_20_0"] == "reproduced"
    assert round(items.loc["butler_online_20_0", "exact"], 2) == 38.75
    # "about 11.65" from the printed 67.27 and 67.39: 11.649; from the computed ones 11.638
    assert status["ascherman_sigma"] == "reproduced"
    assert round(items.loc["ascherman_sigma", "exact"], 3) == 11.638
    assert status["butler_20_0_39"] == "reproduced"
    # Cooke's method is inferred: under it the interval is his to the decimals and the point
    # is 11.79, not 11.73; point and interval disagree, so the 11.73 is not reproducible
    assert status["cooke_sigma"] == "not reproducible"
    assert round(items.loc["cooke_sigma", "computed"], 2) == 11.79
    assert status["cooke_low"] == status["cooke_high"] == "reproduced"
    assert status["table_3_cum"] == "error in the article"
    assert items.loc["table_3_cum", "computed"] == 2  # 47.6190 and 49.0476 of five agree
    assert "printed 48.1952, computed 48.0952" in items.loc["table_3_cum", "cells_off"]
    assert status["table_5_labels"] == "error in the article"  # "29 -3"
    assert status["table_8_starts"] == "error in the article"
    assert "ascherman_2006 17-3 starts 59.01" in items.loc["table_8_starts", "cells_off"]
    assert status["fifteen_5_2003"] == "not reproducible"
    assert status["table_1"] == "reproduced" and items.loc["table_1", "computed"] == 110
    assert status["predicted_20_0"] == "reproduced"  # 449.86 truncated to 449
    assert status["butler_factor"] == "reproduced"  # 1.189 on the shipped full fields


def test_a_misprinted_figure_would_be_caught(monkeypatch):
    # the check can fail: change printed figures and their status follows
    real = datasets.load

    def load(name, **kwargs):
        frame = real(name, **kwargs)
        if name == "seeds/probst_figures":
            frame.loc[frame["item"] == "top_63_results", "printed"] = "67.41"
            frame.loc[frame["item"] == "predicted_20_0", "printed"] = "451"
            frame.loc[frame["item"] == "sheffield_k", "printed"] = "366"  # 365.38: a slip
            frame.loc[frame["item"] == "flight_loss", "printed"] = "2.3"  # 2.25 truncated: 2.2
        if name == "seeds/probst_table_cells":
            frame.loc[(frame["item"] == "table_1") & (frame["cell"] == "z=0.50"), "printed"] = (
                "0.30863"
            )
        return frame

    monkeypatch.setattr(datasets, "load", load)
    items = studies.probst_items(rng=1).set_index("item")
    assert items.loc["top_63_results", "status"] == "refuted"
    assert items.loc["predicted_20_0", "status"] == "refuted"
    assert items.loc["sheffield_k", "status"] == "rounding slip"
    assert items.loc["flight_loss", "status"] == "rounding slip"
    assert items.loc["table_1", "status"] == "error in the article"
    assert items.loc["table_1", "computed"] == 109
    assert "z=0.50: printed 0.30863" in items.loc["table_1", "cells_off"]


def test_table_1_cells_are_the_normal_upper_tail():
    # an independent check of the transcription: 1 − Φ(z) from math.erfc
    cells = datasets.load("seeds/probst_table_cells", dtype={"printed": str})
    t1 = cells[cells["item"] == "table_1"]
    z = t1["cell"].str.removeprefix("z=").astype(float)
    tail = z.map(lambda v: 0.5 * math.erfc(v / math.sqrt(2)))
    assert (abs(tail - t1["printed"].astype(float)) < 1e-5).all()
    assert isinstance(t1, pd.DataFrame) and len(t1) == 110


def test_the_two_seed_files_print_the_shared_figures_alike():
    # probst_printed_figures.csv (the figures the estimates use) and probst_figures.csv (this
    # ledger) both transcribe some figures: they must agree, value for value
    ledger = datasets.load("seeds/probst_figures", dtype={"printed": str}).set_index("item")
    inputs = datasets.load("seeds/probst_printed_figures").set_index("figure")
    shared = {
        "cooke_random_draw_sigma": ("value", "cooke_sigma"),
        "random_draw_sigma_ascherman": ("value", "ascherman_sigma"),
        "washington_2004_sigma": ("value", "sigma_2004"),
        "k_white_book_fit": ("value", "k_white_book"),
        "sheffield_n_matches": ("value", "table_6_observed"),
        "ebu_2006_sigma": ("value", "sigma_ebu_2006"),
    }
    for figure, (column, item) in shared.items():
        assert float(inputs.loc[figure, column]) == float(ledger.loc[item, "printed"]), figure
    assert float(inputs.loc["cooke_random_draw_sigma", "range_low"]) == float(
        ledger.loc["cooke_low", "printed"]
    )
    assert float(inputs.loc["cooke_random_draw_sigma", "range_high"]) == float(
        ledger.loc["cooke_high", "printed"]
    )

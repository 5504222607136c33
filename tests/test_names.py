"""The one table of display names covers every shipped data set, form and series."""

import pandas as pd
import pytest

from bridgestats import datasets, names, sigma
from bridgestats.errors import BridgestatsError


def test_every_shipped_data_set_has_a_name():
    assert sorted(names.DATASETS) == sorted(datasets.names())


def test_every_event_form_has_a_name():
    assert sorted(names.FORMS) == sorted(sigma.FORMS)


def test_every_series_of_the_match_margins_has_a_name():
    series = set(pd.read_csv(datasets.path("derived/match_margins"))["series"])
    assert series == set(names.SERIES)


def test_an_unknown_kind_is_refused_by_name():
    with pytest.raises(BridgestatsError, match="kind"):
        names.display_name("colour", "bb")


def test_every_booklet_section_has_a_name():
    from bridgestats.apps import booklet

    assert sorted(names.SECTIONS) == sorted(booklet.SECTIONS)

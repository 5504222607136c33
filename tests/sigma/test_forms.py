"""The catalogue of event forms (bridgestats/sigma/sigma.py) and the one σ of a form.

Every entry is consistent (unit, printing, Probst's model at his default K), the tables
other modules keep of the forms are views of the catalogue, and a new form is ONE entry:
checked here by adding one and following it to ``event_scale``, the display names, the
evidence's σ, the designer and the command line (as tests/vp/test_catalogue.py does for a
VP scale). Probst's printed figures for each model are walked in tests/sigma/test_sigma.py.
"""

from __future__ import annotations

import math

import pytest

from bridgestats import names, sigma
from bridgestats.errors import BridgestatsError
from bridgestats.sigma import FORMS, EventForm, form_sigma, sigma_teams, sigma_teams_spread

_STEP = {"IMPs": 1, "points": 10, "MP %": None}  # how each unit is printed


@pytest.mark.parametrize("form", list(FORMS))
def test_every_entry_is_consistent(form):
    f = FORMS[form]
    assert f.id == form and f.id == f.id.lower() and "-" not in f.id
    assert f.name and f.source and f.k > 0
    assert f.step == _STEP[f.unit] and f.centre == (50.0 if f.unit == "MP %" else 0.0)
    options = {name: 15 for name, default in f.options.items() if default is None}
    assert form_sigma(form, 8, source="probst", **options).sigma > 0  # Probst, his default K
    if f.evidence is not None:  # the evidence's inputs name what its σ uses
        assert set(f.evidence_corners) <= set(f.evidence_inputs)
        assert f.evidence_source.strip()  # the booklet introduces the form's sections by it
        assert form_sigma(form, 8).sigma > 0


def test_the_tables_of_the_forms_are_views_of_the_catalogue():
    assert names.FORMS == {i: f.name for i, f in FORMS.items()}
    assert sigma.EVIDENCE_FORMS == {
        "teams": "IMPs",
        "cross_imps": "IMPs",
        "butler": "IMPs",
        "swiss_pairs": "MP %",
        "aggregate": "points",
    }
    assert "butler_online" not in sigma.EVIDENCE_FORMS  # Probst's model only


def test_bad_form_and_options_are_named():
    with pytest.raises(BridgestatsError, match=r"^form: must be one of"):
        form_sigma("rubber", 8)
    with pytest.raises(BridgestatsError, match=r"^comparisons: must be None unless form is "):
        form_sigma("teams", 8, source="probst", comparisons=2)
    with pytest.raises(BridgestatsError, match=r"^form: must be one of teams, "):
        form_sigma("butler_online", 8)
    with pytest.raises(BridgestatsError, match=r"^k: must be None unless source is 'probst'"):
        form_sigma("teams", 8, k=6.5)
    with pytest.raises(BridgestatsError, match=r"^source: must be one of 'evidence', 'probst'"):
        form_sigma("teams", 8, source="manning")
    with pytest.raises(BridgestatsError, match=r"^inputs: must be keys among "):
        form_sigma("teams", 8, inputs={"kay": 6.0})


def _evidence(n_boards, *, k, delta=0.0, **_):
    """A test form's σ on the evidence's K and δ: 1.5 times the teams σ(n)."""
    return 1.5 * float(sigma_teams_spread(n_boards, k=k, delta=delta))


def wide_teams() -> EventForm:
    """The form a newcomer adds in these tests (and the booklet's, tests/apps)."""
    return EventForm(
        "wide_teams",
        "IMPs",
        "wide teams (this test)",
        7.0,
        sigma_teams,
        "σ = K√n with K = 7 (this test)",
        step=1,
        evidence=_evidence,
        evidence_inputs=("k", "delta"),
        evidence_corners=("k", "delta"),
        evidence_source="1.5·√(nK² + n²δ²), K {k:.3f}, δ {delta:.3f}: {k_source}",
    )


def test_a_new_form_is_one_entry_and_reaches_every_user(monkeypatch, capsys):
    from bridgestats.cli import main
    from bridgestats.studies import designer
    from bridgestats.vp import event_scale

    entry = wide_teams()
    monkeypatch.setitem(FORMS, "wide_teams", entry)  # the one place a form goes

    # event_scale: the evidence's σ by default, Probst's route at the entry's default K
    ev = sigma.evidence_inputs()
    want = 1.5 * math.sqrt(8 * ev["k"] ** 2 + 64 * ev["delta"] ** 2)
    assert event_scale("wide_teams", 8).sigma == pytest.approx(want, rel=1e-12)
    scale = event_scale("wide_teams", 8, source="probst")
    assert scale.sigma == pytest.approx(7 * math.sqrt(8), rel=1e-12)
    assert (scale.unit, scale.step, scale.centre) == ("IMPs", 1, 0.0)
    assert scale.name.startswith("Wide teams (this test), 8 boards")
    # the names, the evidence's forms, the designer
    assert names.display_name("form", "wide_teams") == "wide teams (this test)"
    assert sigma.EVIDENCE_FORMS["wide_teams"] == "IMPs"
    src = form_sigma("wide_teams", 8)
    assert src.sigma == pytest.approx(want, rel=1e-12) and src.sigma_ci[0] < want < src.sigma_ci[1]
    assert designer.designer_scale("wide_teams", 8, src.sigma).sigma == src.sigma
    assert sigma.event_form("wide_teams") is entry

    # the command line offers it, spelled with a hyphen: the evidence's scale by default,
    # Probst's model with --model probst
    assert main(["scale", "--form", "wide-teams", "--boards", "8"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"σ = {want:.2f} IMPs (90% interval ")
    assert f"**Wide teams (this test), 8 boards, σ = {want:.2f} IMPs**" in out
    assert main(["scale", "--form", "wide-teams", "--boards", "8", "--model", "probst"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("σ = 19.80 IMPs over 8 boards, Probst's model, K = 7 (his default)")
    with pytest.raises(SystemExit):  # the help lists the form among the choices
        main(["scale", "--help"])
    assert "wide-teams" in capsys.readouterr().out

"""σ of a match: Probst's models, the event forms, the evidence's inputs and one σ per form.

The room of everything a committee means by "the standard deviation of a match":

- :mod:`~bridgestats.sigma.models`: Probst's σ models of match results (teams K√n,
  cross-IMPs, Butler, Swiss pairs, aggregate; the K(n) model with a strength term; the
  Swiss pairs 20-0 of a field; K from σ);
- :mod:`~bridgestats.sigma.forms`: the catalogue of event forms (:data:`FORMS`), one
  :class:`EventForm` per form with its unit, display name, Probst's model and default K, and
  the evidence's σ(n) with its inputs;
- :mod:`~bridgestats.sigma.evidence`: the one reader of the evidence's shipped inputs
  (:func:`evidence_inputs`: K, δ, τ, σ₈, B, the aggregate K, with their intervals);
- :mod:`~bridgestats.sigma.match`: :func:`form_sigma`, σ of an n-board match of a form
  from the evidence or from Probst's model, with its interval and source: the one function
  every report, the booklet, the designer, the committee brief and ``bridgestats scale``
  take a form's σ from.

Nothing here loads pandas or scipy (``bridgestats scale`` prints in a fraction of a second).
"""

from .evidence import (
    BUTLER_FIT,
    CONFIDENCE,
    EVIDENCE_FORMS,
    INPUT_NAMES,
    INPUTS,
    PAIRS_CURVE,
    PAIRS_FIT,
    PAIRS_FIT_INPUT,
    TEAMS_FIT,
    evidence_inputs,
    input_rows,
)
from .forms import FORMS, EventForm, FormTable, event_form
from .match import SOURCES, SigmaSource, form_sigma, form_sigmas
from .models import (
    MAX_VALUE,
    k_from_sigma,
    sigma_aggregate,
    sigma_butler_online,
    sigma_cross_imps,
    sigma_swiss_pairs,
    sigma_swiss_pairs_spread,
    sigma_teams,
    sigma_teams_spread,
    swiss_pairs_carry,
    swiss_pairs_top_percent,
)

__all__ = [
    "BUTLER_FIT",
    "CONFIDENCE",
    "EVIDENCE_FORMS",
    "FORMS",
    "INPUTS",
    "INPUT_NAMES",
    "MAX_VALUE",
    "PAIRS_CURVE",
    "PAIRS_FIT",
    "PAIRS_FIT_INPUT",
    "SOURCES",
    "TEAMS_FIT",
    "EventForm",
    "FormTable",
    "SigmaSource",
    "event_form",
    "evidence_inputs",
    "form_sigma",
    "form_sigmas",
    "input_rows",
    "k_from_sigma",
    "sigma_aggregate",
    "sigma_butler_online",
    "sigma_cross_imps",
    "sigma_swiss_pairs",
    "sigma_swiss_pairs_spread",
    "sigma_teams",
    "sigma_teams_spread",
    "swiss_pairs_carry",
    "swiss_pairs_top_percent",
]

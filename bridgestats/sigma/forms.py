"""Event forms: one catalogue, one entry per form.

An event form is the kind of match whose margin a VP scale turns into VPs (teams of four,
cross-IMPed teams of eight, face-to-face and online Butler pairs, Swiss pairs, aggregate
scoring). Everything the package knows about a form is its :class:`EventForm` in
:data:`FORMS`: the margin's unit and how it is printed (``centre``, ``step``), its display
name, Probst's σ model with his default per-board K, and, where the project's evidence
measures the form, the σ(n) of the evidence (:mod:`bridgestats.sigma`) with the inputs
it uses and the sentence that says where its σ comes from. Adding a form is one entry here:
:func:`form_sigma`, :func:`bridgestats.vp.event_scale`, the display names
(:data:`bridgestats.names.FORMS`), the evidence's forms
(:data:`bridgestats.sigma.EVIDENCE_FORMS`), the designer and ``bridgestats scale
--form`` take it from this table (``tests/test_forms.py`` adds one and follows it).

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3-5,
   §10, §11.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .._validate import check_choice, fail
from .models import (
    sigma_aggregate,
    sigma_butler_online,
    sigma_cross_imps,
    sigma_swiss_pairs,
    sigma_teams,
    sigma_teams_spread,
    swiss_pairs_carry,
)

__all__ = ["FORMS", "EventForm", "FormTable", "event_form"]


@dataclass(frozen=True)
class EventForm:
    """One event form: its unit, its name, its σ models.

    Attributes
    ----------
    id : str
        The form's id (snake_case; the command line spells it with hyphens).
    unit : str
        The margin's unit: ``"IMPs"``, ``"MP %"`` or ``"points"``.
    name : str
        What a reader sees (:func:`bridgestats.names.display_name` ``("form", id)``).
    k : float
        Probst's default per-board σ K for :attr:`model` [1]_.
    model : callable
        Probst's σ model, ``model(n_boards, *, k, **options)`` in ``unit`` (a function of
        :mod:`bridgestats.sigma`).
    source : str
        Where :attr:`model` and :attr:`k` come from.
    options : dict
        The model's other keywords and their defaults (None: the caller must give it, as
        the tables of a Butler event).
    centre : float
        The printed score of a zero margin (50 for a match percentage).
    step : float or None
        The printing step of a margin (1 IMP, 10 points; None: MP % to two decimals).
    evidence : callable or None
        The σ(n) of the project's evidence, ``evidence(n_boards, **inputs)`` on the inputs
        of :func:`bridgestats.sigma.evidence_inputs` (``k``, ``delta``,
        ``sigma_pairs_8``, ``pairs_k``, ``b``, ``n_tables``, ``aggregate_k``); None: the
        evidence does not measure this form.
    evidence_inputs : tuple of str
        The inputs :attr:`evidence` uses (a report lists them beside σ).
    evidence_corners : tuple of str
        The inputs whose intervals make σ's interval (each at its interval's ends).
    evidence_source : str
        Where the evidence's σ comes from: a :meth:`str.format` template over the inputs,
        their ``*_source`` texts and ``n_tables``.
    """

    id: str
    unit: str
    name: str
    k: float
    model: Callable
    source: str
    options: dict = field(default_factory=dict)
    centre: float = 0.0
    step: float | None = None
    evidence: Callable | None = None
    evidence_inputs: tuple = ()
    evidence_corners: tuple = ()
    evidence_source: str = ""


# --- the evidence's σ(n) per form: the K(n) model and the Swiss pairs strength model ---------


def _need(value, name: str, what: str):
    if value is None:
        raise fail(name, what, value)
    return value


def _teams_evidence(n_boards, *, k, delta=0.0, **_):
    return float(sigma_teams_spread(n_boards, k=k, delta=delta))


def _k_n(n_boards, k, delta) -> float:
    """K(n) = √(K² + nδ²), the per-board K a σ = K√n model needs at n boards."""
    return _teams_evidence(n_boards, k=k, delta=delta) / math.sqrt(n_boards)


def _cross_imps_evidence(n_boards, *, k, delta=0.0, **_):
    return float(sigma_cross_imps(n_boards, comparisons=4, n_results=4, k=_k_n(n_boards, k, delta)))


def _butler_evidence(n_boards, *, k, delta=0.0, b=None, n_tables=15, **_):
    b = _need(b, "b", "the Butler factor for form 'butler'")
    k_n = _k_n(n_boards, k, delta)
    return float(sigma_butler_online(n_boards, n_tables=n_tables, k=k_n, b=b, shooting=0.0))


def _swiss_pairs_evidence(n_boards, *, sigma_pairs_8=None, pairs_k=None, **_):
    s8 = _need(sigma_pairs_8, "sigma_pairs_8", "the σ of an 8-board Swiss pairs match")
    kp = s8 * math.sqrt(8) if pairs_k is None else pairs_k
    return float(swiss_pairs_carry(s8, n_boards, k=kp))


def _aggregate_evidence(n_boards, *, aggregate_k=None, **_):
    k = _need(aggregate_k, "aggregate_k", "the per-board σ of aggregate scoring")
    return float(sigma_aggregate(n_boards, k=k))


def _butler_face_to_face(n_boards, *, k, n_tables):
    return sigma_butler_online(n_boards, n_tables=n_tables, k=k)


_PROBST = 'J. Probst, "On VP Scales" (c. 2006)'
_K_N = "K(n) = √(K² + nδ²), K {k:.3f}, δ {delta:.3f}: {k_source}"

#: The event forms, by id: the one place a form is described (see :class:`EventForm`).
FORMS = {
    form.id: form
    for form in (
        EventForm(
            "teams",
            "IMPs",
            "teams of four",
            6.5,
            sigma_teams,
            f"σ = K√n, Manning's K = 6.5 ({_PROBST}, §3)",
            step=1,
            evidence=_teams_evidence,
            evidence_inputs=("k", "delta"),
            evidence_corners=("k", "delta"),
            evidence_source="σ(n) = √(nK² + n²δ²), K {k:.3f}, δ {delta:.3f}: {k_source}",
        ),
        EventForm(
            "cross_imps",
            "IMPs",
            "cross-IMPed teams of eight",
            6.5,
            sigma_cross_imps,
            f"σ = K√(n·C·R/2), Pomfrey's rule, K = 6.5 ({_PROBST}, §3)",
            options={"comparisons": 4, "n_results": 4},
            step=1,
            evidence=_cross_imps_evidence,
            evidence_inputs=("k", "delta"),
            evidence_corners=("k", "delta"),
            evidence_source="σ = K(n)·√(n·4·4/2) (Pomfrey's rule on the K(n) model), " + _K_N,
        ),
        EventForm(
            "butler",
            "IMPs",
            "face-to-face Butler pairs",
            6.5,
            _butler_face_to_face,
            f"σ = B·K·√(n(T−1)/(2T)) + 1, B = 6/5, with the face-to-face K = 6.5 ({_PROBST}, "
            "§5, who takes K = 7 online for the bigger variance in standard)",
            options={"n_tables": None},
            step=1,
            evidence=_butler_evidence,
            evidence_inputs=("k", "delta", "b", "n_tables"),
            evidence_corners=("k", "delta", "b"),
            evidence_source="σ = B·K(n)·√(n(T−1)/(2T)), T = {n_tables}, B {b:.3f} "
            "({b_source}); " + _K_N,
        ),
        EventForm(
            "butler_online",
            "IMPs",
            "online Butler pairs",
            7.0,
            sigma_butler_online,
            f"σ = B·K·√(n(T−1)/(2T)) + 1, B = 6/5, K = 7 ({_PROBST}, §5)",
            options={"n_tables": None},
            step=1,
        ),
        EventForm(
            "swiss_pairs",
            "MP %",
            "Swiss pairs",
            32.95,
            sigma_swiss_pairs,
            f"σ = K/√n, K = 11.65·√8 = 32.95 % from Brighton 2005's random draws ({_PROBST}, §11)",
            centre=50.0,
            evidence=_swiss_pairs_evidence,
            evidence_inputs=("sigma_pairs_8", "pairs_k", "strength_sd"),
            evidence_corners=("sigma_pairs_8", "strength_sd"),
            evidence_source="σ(n) = √(k²/n + 2τ²), k {pairs_k:.2f} %, τ {strength_sd:.2f} %: "
            "{pairs_source}",
        ),
        EventForm(
            "aggregate",
            "points",
            "aggregate scoring",
            365.0,
            sigma_aggregate,
            f"σ = K√n, K = 1790/√24 = 365 points from the Sheffield league ({_PROBST}, §10)",
            step=10,
            evidence=_aggregate_evidence,
            evidence_inputs=("aggregate_k",),
            evidence_source="σ = K√n, K {aggregate_k:.1f} points: {aggregate_source}",
        ),
    )
}


class FormTable(Mapping):
    """One field of every form, by id, read from :data:`FORMS` at each use.

    The tables other modules keep of the forms (display names, units, the forms the
    evidence measures) are these views, so a form added to :data:`FORMS` is in all of them.

    Parameters
    ----------
    field : str
        An attribute of :class:`EventForm` (``"name"``, ``"unit"``).
    evidence : bool
        Only the forms the evidence measures (an ``evidence`` σ).

    Examples
    --------
    >>> FormTable("unit")["swiss_pairs"], "butler_online" in FormTable("unit", evidence=True)
    ('MP %', False)
    """

    def __init__(self, field: str, *, evidence: bool = False):
        self._field, self._evidence = field, evidence

    def _ids(self) -> list:
        return [i for i, f in FORMS.items() if not self._evidence or f.evidence is not None]

    def __getitem__(self, key):
        form = FORMS[key]
        if self._evidence and form.evidence is None:
            raise KeyError(key)
        return getattr(form, self._field)

    def __iter__(self):
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())

    def __repr__(self) -> str:
        return repr(dict(self))


def event_form(form) -> EventForm:
    """The catalogue's entry for ``form`` (an unknown id raises, listing the known ones).

    >>> f = event_form("swiss_pairs")
    >>> f.unit, f.centre, f.step, f.k
    ('MP %', 50.0, None, 32.95)
    """
    check_choice(form, "form", tuple(FORMS))
    return FORMS[form]

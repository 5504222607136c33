"""σ of an n-board match of an event form: the one function every page, table and command uses.

:func:`form_sigma` is the σ of a match of a form with its interval and where it comes from,
by the form's entry in :data:`bridgestats.sigma.FORMS`:

- ``source="evidence"`` (the default): the form's evidence model on the evidence's inputs
  (:func:`bridgestats.sigma.evidence_inputs`: K and δ of the K(n) model, the Swiss pairs
  σ₈, k and τ, the Butler factor B, the aggregate K), with the interval of the inputs'
  corners. This is the σ the booklet, ``bridgestats scale``, the VP scale designer, the
  committee brief and every report's recommended scale print.
- ``source="probst"``: Probst's model of the form with his default K, or the ``k`` given
  (his tables are reproduced this way, and a user's ``-p k=`` / ``--k`` takes it).

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3-5, §10,
   §11; the project ships its tables and printed figures in ``data/seeds/``.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from .._validate import check_choice, check_int, check_number, fail
from .evidence import INPUT_NAMES, evidence_inputs
from .forms import FORMS, event_form

__all__ = ["SOURCES", "SigmaSource", "form_sigma", "form_sigmas"]

#: Where a form's σ can come from (:func:`form_sigma`'s ``source``).
SOURCES = ("evidence", "probst")
#: The longest match σ is given for (the VP scales' :data:`bridgestats.vp.MAX_BOARDS`).
_MAX_BOARDS = 500


@dataclass(frozen=True)
class SigmaSource:
    """σ of an n-board match of one form, with its interval and where it came from.

    Attributes
    ----------
    form : str
        An id of :data:`bridgestats.sigma.FORMS`.
    n_boards : float
    sigma : float
        σ of the match margin, in ``unit``.
    sigma_ci : tuple of float or None
        Interval at ``confidence`` (None for Probst's models, which carry none).
    confidence : float or None
    unit : str
    source : str
        The formula and the fits behind it, for a report to print.
    parameters : dict
        The model's inputs (``k``, ``delta``, ``strength_sd``, ``b``, ``n_tables`` ...).
    kind : str
        ``"evidence"`` or ``"probst"`` (:data:`SOURCES`).
    """

    form: str
    n_boards: float
    sigma: float
    sigma_ci: tuple[float, float] | None
    confidence: float | None
    unit: str
    source: str
    parameters: dict
    kind: str = "evidence"


def form_sigma(
    form, n_boards, *, source="evidence", k=None, n_tables=None, inputs=None, **options
) -> SigmaSource:
    """σ of an n-board match of ``form``, with its interval and source.

    Parameters
    ----------
    form : str
        An id of :data:`bridgestats.sigma.FORMS`.
    n_boards : int or float
        Boards in the match (a whole number from 1 to 500 for the evidence; any number in
        (0, 500] for Probst's models).
    source : {"evidence", "probst"}
        The evidence's σ(n) of the form (its ``evidence`` model) or Probst's model.
    k : float, optional
        ``source="probst"`` only: the per-board σ K (default the model's, the form's
        :attr:`~bridgestats.sigma.EventForm.k`).
    n_tables : int, optional
        Tables in play, for the Butler forms (the evidence takes 15 when None; Probst's
        models need it).
    inputs : dict, optional
        ``source="evidence"`` only: inputs that replace the shipped ones (any of ``k``,
        ``delta``, ``sigma_pairs_8``, ``pairs_k``, ``strength_sd``, ``b``, ``aggregate_k``,
        each optionally with its ``*_ci``, and the ``*_source`` texts): the booklet of
        another K, the Swiss pairs σ₈ of stated conditions of use.
    **options
        ``source="probst"`` only: the model's other keywords
        (:attr:`~bridgestats.sigma.EventForm.options`: ``comparisons`` and ``n_results``
        for ``"cross_imps"``). A keyword the form's model does not take raises.

    Returns
    -------
    SigmaSource
        For the evidence, the interval is that of the inputs' corners (each input of the
        form's ``evidence_corners`` at its interval's ends; the largest and smallest σ):
        conservative, since the inputs' intervals are taken as independent and at their
        extremes together. Swiss pairs' k follows σ₈ and τ at each corner (k = √(σ₈² −
        2τ²)·√8) unless ``inputs`` gives k.

    Notes
    -----
    The evidence's σ(n) per form (:data:`bridgestats.sigma.FORMS`): teams √(nK² + n²δ²);
    cross-IMPed teams of eight K(n)·√(n·4·4/2) (Pomfrey's rule); face-to-face Butler
    B·K(n)·√(n(T−1)/(2T)), with K(n) = √(K² + nδ²); Swiss pairs √(σ₈² + k²(1/n − 1/8));
    aggregate K√n. Probst's: σ = K√n (teams), K√(n·C·R/2) (cross-IMPs),
    B·K·√(n(T−1)/(2T)) + 1 (Butler), K/√n (Swiss pairs), K√n (aggregate) [1]_.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §3-5, §10, §11.

    Examples
    --------
    >>> s = form_sigma("teams", 8)
    >>> print(f"{s.sigma:.2f} ({s.sigma_ci[0]:.2f}-{s.sigma_ci[1]:.2f}) {s.unit}")
    17.95 (17.53-18.35) IMPs
    >>> round(form_sigma("butler_online", 15, source="probst", n_tables=15).sigma, 2)
    23.22
    >>> round(form_sigma("swiss_pairs", 8, source="probst", k=31.11).sigma, 2)
    11.0
    """
    entry = event_form(form)
    check_choice(source, "source", SOURCES)
    if source == "probst":
        if inputs is not None:
            raise fail("inputs", "None unless source is 'evidence'", inputs)
        return _probst(entry, n_boards, k=k, n_tables=n_tables, options=options)
    for name, value in {"k": k, **options}.items():
        if value is not None:
            raise fail(
                name,
                "None unless source is 'probst' (the evidence's inputs are replaced by inputs=)",
                value,
            )
    return _evidence(entry, n_boards, n_tables=n_tables, inputs=inputs)


def form_sigmas(form, n_boards, **options):
    """:func:`form_sigma`'s σ for each of many match lengths, as an array of their shape.

    Each distinct length is computed once (a match archive holds thousands of matches of a
    few lengths); ``options`` are :func:`form_sigma`'s.

    Examples
    --------
    >>> form_sigmas("teams", [8, 32, 8]).round(2).tolist()
    [17.95, 39.93, 17.95]
    """
    lengths = np.asarray(n_boards)
    unique, where = np.unique(lengths, return_inverse=True)
    values = np.array([form_sigma(form, n.item(), **options).sigma for n in unique], dtype=float)
    return values[where].reshape(lengths.shape)


def _evidence(entry, n_boards, *, n_tables, inputs) -> SigmaSource:
    if entry.evidence is None:
        measured = ", ".join(f for f, e in FORMS.items() if e.evidence is not None)
        raise fail(
            "form",
            f"one of {measured} for source 'evidence' (the evidence measures "
            f"no σ for {entry.name}; its σ is Probst's model, source='probst')",
            entry.id,
        )
    n = check_int(n_boards, "n_boards", minimum=1, maximum=_MAX_BOARDS)
    n_tables = check_int(15 if n_tables is None else n_tables, "n_tables", minimum=2, maximum=1000)
    ev = evidence_inputs()
    if inputs is not None:
        unknown = sorted(set(inputs) - set(ev))
        if unknown:
            raise fail("inputs", f"keys among {', '.join(sorted(ev))}", unknown)
        for name in INPUT_NAMES:  # a value replaced without its interval has none
            if name in inputs and f"{name}_ci" not in inputs:
                ev.pop(f"{name}_ci", None)
        ev.update(inputs)
    kw = {name: ev[name] for name in INPUT_NAMES if name in ev}
    kw["n_tables"] = n_tables
    sigma = entry.evidence(n, **kw)
    follow_k = "strength_sd" in entry.evidence_corners and "pairs_k" not in (inputs or {})
    corners = []
    ends = [ev.get(f"{name}_ci") for name in entry.evidence_corners]
    if ends and all(ends):  # an input without an interval leaves σ without one
        for pick in itertools.product(*ends):
            alt = {**kw, **dict(zip(entry.evidence_corners, pick, strict=True))}
            if follow_k:  # k follows σ₈ and τ
                tau2 = 2 * alt["strength_sd"] ** 2
                alt["pairs_k"] = math.sqrt(max(alt["sigma_pairs_8"] ** 2 - tau2, 1e-9) * 8)
            corners.append(entry.evidence(n, **alt))
    ci = (min(corners), max(corners)) if corners else None
    try:
        text = entry.evidence_source.format(**ev, n_tables=n_tables)
    except KeyError as missing:  # a template naming an input the evidence does not carry
        raise fail(
            f"FORMS[{entry.id!r}].evidence_source",
            f"a template over the evidence's inputs ({', '.join(sorted(ev))})",
            missing.args[0],
        ) from None
    params = {name: kw[name] for name in entry.evidence_inputs}
    return SigmaSource(entry.id, n, sigma, ci, ev["confidence"], entry.unit, text, params)


def _probst(entry, n_boards, *, k, n_tables, options) -> SigmaSource:
    n = check_number(n_boards, "n_boards", low=0, high=_MAX_BOARDS, low_open=True)
    if k is not None:
        k = check_number(k, "k", low=0, low_open=True)
    kwargs = dict(entry.options)
    given = {**options, **({"n_tables": n_tables} if n_tables is not None else {})}
    for name, value in given.items():
        if name not in entry.options:
            raise fail(name, f"None unless form is {_taking(name)}", value)
        if value is not None:
            kwargs[name] = value
    for name, value in kwargs.items():
        if value is None:
            raise fail(name, f"a number of {name.removeprefix('n_')} for form {entry.id!r}", value)
    k = entry.k if k is None else k
    sigma = float(entry.model(n, k=k, **kwargs))
    return SigmaSource(
        entry.id, n, sigma, None, None, entry.unit, entry.source, {"k": k, **kwargs}, kind="probst"
    )


def _taking(option: str) -> str:
    """The forms whose model takes ``option``, as an error message lists them.

    >>> _taking("n_tables")
    "'butler' or 'butler_online'"
    """
    ids = [repr(f.id) for f in FORMS.values() if option in f.options] or ["(none)"]
    return " or ".join([", ".join(ids[:-1]), ids[-1]] if len(ids) > 1 else ids)

"""The Gaussian scale for an event of a form: which σ, then the scale.

:func:`scale_sigma` decides which σ an event's scale is built on, in one place (the command
line, the designer, the booklet and :func:`event_scale` ask it): a σ given, Probst's Swiss
pairs field model, Probst's model of the form, or the evidence's σ of the form
(:func:`bridgestats.sigma.form_sigma`), the default wherever the evidence measures the form.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys"), §3-5, §10,
   §11.
"""

from __future__ import annotations

from .._validate import check_choice, check_flag, check_int, check_number, fail
from ..sigma import SOURCES, SigmaSource, event_form, form_sigma, swiss_pairs_top_percent
from .gaussian import gaussian_scale, sigma_from_top
from .scale import MAX_BOARDS, MAX_SIGMA, _negative, _one

__all__ = ["event_scale", "scale_sigma"]


def scale_sigma(
    form,
    n_boards,
    *,
    source=None,
    k=None,
    sigma=None,
    n_tables=None,
    comparisons=None,
    n_results=None,
    ascherman=False,
    max_vp=20,
) -> SigmaSource:
    """The σ an event's scale is built on, with its interval and where it comes from.

    Parameters
    ----------
    form : str
        An event form id of :data:`bridgestats.sigma.FORMS`.
    n_boards : int or float
        Boards per match, > 0 and at most :data:`~bridgestats.vp.MAX_BOARDS` (500).
    source : {None, "evidence", "probst"}
        Where σ comes from (:func:`bridgestats.sigma.form_sigma`). None: the evidence for
        every form it measures, unless one of Probst's options (``k``, ``comparisons``,
        ``n_results``, ``ascherman``) is given; Probst's model otherwise.
    k : float, optional
        Probst's per-board K (his model's default when None).
    sigma : float, optional
        The match σ itself (no model; ``source`` must then be None).
    n_tables : int, optional
        Tables in play, for the Butler forms (the evidence takes 15 when None).
    comparisons, n_results : float, optional
        C and R of Probst's ``cross_imps`` model (4 and 4). For ``swiss_pairs``,
        ``n_results`` is the field size: σ then comes from Probst's normal-scoring 20-0 of
        :func:`bridgestats.sigma.swiss_pairs_top_percent` (§4, §11).
    ascherman : bool
        ``swiss_pairs`` only: σ from the Ascherman 20-0 (§11), field size irrelevant.
    max_vp : int
        The scale's total (the Swiss pairs field model places its top outcome).

    Returns
    -------
    SigmaSource
        ``kind`` ``"evidence"``, ``"probst"`` or ``"given"``.

    Examples
    --------
    >>> round(scale_sigma("teams", 8).sigma, 2), round(scale_sigma("teams", 8, k=6.5).sigma, 2)
    (17.95, 18.38)
    >>> scale_sigma("butler_online", 15, n_tables=15).kind  # the evidence does not measure it
    'probst'
    """
    entry = event_form(form)
    if source is not None:
        check_choice(source, "source", SOURCES)
    for name, value in {
        "k": k,
        "sigma": sigma,
        "n_tables": n_tables,
        "comparisons": comparisons,
        "n_results": n_results,
    }.items():
        if value is not None:
            check_number(_one(value), name)
    ascherman = check_flag(ascherman, "ascherman")
    if ascherman and form != "swiss_pairs":
        raise fail("ascherman", "False unless form is 'swiss_pairs'", ascherman)
    if n_results is not None and form != "swiss_pairs" and "n_results" not in entry.options:
        raise fail(
            "n_results",
            "None unless form is 'cross_imps' (R) or 'swiss_pairs' (the field size)",
            n_results,
        )
    if sigma is not None and k is not None:
        raise fail("sigma", "None when k is given (give one of them, not both)", sigma)
    swiss_top = form == "swiss_pairs" and (n_results is not None or ascherman)
    if swiss_top and (k is not None or sigma is not None):
        name = "k" if k is not None else "sigma"
        raise fail(
            name,
            "None with results/ascherman (the Swiss pairs field model replaces k/sigma)",
            k if k is not None else sigma,
        )
    options = {"comparisons": comparisons, **({} if swiss_top else {"n_results": n_results})}
    options = {name: value for name, value in options.items() if value is not None}
    probst_given = k is not None or bool(options) or swiss_top
    if (
        sigma is None
        and (source or ("probst" if probst_given or entry.evidence is None else "evidence"))
        == "evidence"
    ):
        n_boards = check_int(_one(n_boards), "n_boards", minimum=1, maximum=MAX_BOARDS)
    n_boards = check_number(_one(n_boards), "n_boards", low=0, high=MAX_BOARDS, low_open=True)
    if sigma is not None:
        if source is not None:
            raise fail(
                "source", "None when sigma is given (the match σ replaces the model)", source
            )
        for name, value in {**options, "n_tables": n_tables}.items():
            if value is not None and name not in entry.options:
                form_sigma(form, n_boards, source="probst", **{name: value})  # raises, naming it
        s = check_number(_one(sigma), "sigma", low=0, high=MAX_SIGMA, low_open=True)
        return SigmaSource(form, n_boards, s, None, None, entry.unit, "given", {}, kind="given")
    if source == "evidence" and probst_given:
        given = [
            n
            for n, on in (
                ("k", k is not None),
                ("n_results", n_results is not None),
                ("comparisons", comparisons is not None),
                ("ascherman", ascherman),
            )
            if on
        ]
        raise fail("source", "'probst' or None with " + ", ".join(given), source)
    if source is None:
        source = "probst" if probst_given or entry.evidence is None else "evidence"
    if swiss_top:
        top = swiss_pairs_top_percent(
            n_boards,
            n_results=21 if n_results is None else n_results,
            ascherman=ascherman,
            max_vp=max_vp,
        )
        s = float(sigma_from_top(top, max_vp=max_vp, centre=50.0))
        what = (
            "the Ascherman 20-0"
            if ascherman
            else f"the 20-0 of normal scoring with {n_results:g} results a board"
        )
        text = f"Probst's Swiss pairs field model (§11): {what}"
        params = {"n_results": n_results, "ascherman": ascherman}
        return SigmaSource(form, n_boards, s, None, None, entry.unit, text, params, kind="probst")
    if source == "evidence":
        if n_tables is not None and "n_tables" not in entry.options:
            form_sigma(form, n_boards, source="probst", n_tables=n_tables)  # raises, naming it
        return form_sigma(
            form, int(n_boards) if float(n_boards).is_integer() else n_boards, n_tables=n_tables
        )
    return form_sigma(form, n_boards, source="probst", k=k, n_tables=n_tables, **options)


def event_scale(
    form,
    n_boards,
    *,
    source=None,
    k=None,
    sigma=None,
    max_vp=20,
    negative=0,
    n_tables=None,
    comparisons=None,
    n_results=None,
    ascherman=False,
):
    """The Gaussian scale for an event: σ by :func:`scale_sigma`, then the scale.

    Parameters
    ----------
    form : str
        An event form id of :data:`bridgestats.sigma.FORMS` (``"teams"``, ``"cross_imps"``,
        ``"butler"``, ``"butler_online"``, ``"swiss_pairs"``, ``"aggregate"``).
    n_boards : int
        Boards per match, > 0 and at most :data:`~bridgestats.vp.MAX_BOARDS` (500).
    source, k, sigma, n_tables, comparisons, n_results, ascherman
        Which σ (:func:`scale_sigma`): by default the evidence's for every form it measures.
    max_vp, negative : int, optional
        The scale's total and negative steps (see :func:`~bridgestats.vp.gaussian_scale`
        for their ranges).

    Returns
    -------
    VPScale
        With the form's ``unit``, ``centre`` (50 for Swiss pairs) and ``step`` (1 IMP, 10
        points; None for percentages) from its :class:`~bridgestats.sigma.EventForm`.

    References
    ----------
    .. [1] J. Probst, "On VP Scales" (c. 2006), §3-5, §10, §11.

    Examples
    --------
    >>> event_scale("swiss_pairs", 8, sigma=11).to_frame()["score_from"].round(2).tolist()[:3]
    [50.0, 50.66, 51.98]
    >>> round(event_scale("swiss_pairs", 8, n_results=63).thresholds[-1] + 50, 2)  # §11
    67.39
    >>> int(event_scale("teams", 32).integer_ranges()["margin_from"].iloc[-1])  # the evidence
    67
    """
    entry = event_form(form)
    negative = _negative(negative)
    src = scale_sigma(
        form,
        n_boards,
        source=source,
        k=k,
        sigma=sigma,
        n_tables=n_tables,
        comparisons=comparisons,
        n_results=n_results,
        ascherman=ascherman,
        max_vp=max_vp,
    )
    s = check_number(_one(src.sigma), "sigma", low=0, high=MAX_SIGMA, low_open=True)
    title = entry.name[:1].upper() + entry.name[1:]  # the form's display name
    name = f"{title}, {_num(src.n_boards)} boards, σ {s:.4g} {entry.unit}"
    if negative:
        name += f", {negative} negative VPs"
    return gaussian_scale(
        max_vp,
        sigma=s,
        negative=negative,
        centre=entry.centre,
        unit=entry.unit,
        step=entry.step,
        name=name,
    )


def _num(x) -> str:
    x = float(x)
    return str(int(x)) if x.is_integer() else f"{x:g}"

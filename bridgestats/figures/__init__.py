"""Figures: what makes any figure of a report readable, and the figures the reports draw
from the studies' frames (matplotlib: the notebooks extra).

Every figure a report saves (:func:`bridgestats.notebook.save_figure`) goes through the
helpers here first:

- :func:`tell_apart`: the entries of a legend that differ only by colour get a dash
  pattern, a marker or a hatch of their own, so that the figure reads in black and white;
- :func:`figure_names`: ids in the figure's texts read as names (``round_robin`` as
  "round robin");
- :func:`place_legends`: every legend is moved off the plotted data (the legend's window
  extent against every line, marker, collection and patch, in display coordinates), or a
  :class:`~bridgestats.errors.BridgestatsError` names the figure and the axes;
- :func:`count_axis`: a count axis gets whole-number ticks; :func:`figure_caption`: the
  figure's titles, its alt text.

The studies return tidy frames and never import matplotlib (it is in the ``notebooks``
extra, not a core dependency); the figures built from those frames
(:func:`outcome_figure`, :func:`sensitivity_figure`) sit here, at the top with the
notebooks' helpers (:mod:`bridgestats.notebook`), so the package below works without it. A
report's own figures are in a module by what they show: :mod:`~bridgestats.figures.k` (K of a
board's swing), :mod:`~bridgestats.figures.scales` (VP scales compared),
:mod:`~bridgestats.figures.sigma` (σ round by round), :mod:`~bridgestats.figures.ratings`
(ratings and the PPI); each takes a study's result (those modules import the helpers here,
never the other way round).
"""

from __future__ import annotations

import numpy as np

from .._validate import fail
from ..errors import BridgestatsError
from ..names import display_name, readable

__all__ = [
    "count_axis",
    "figure_caption",
    "figure_names",
    "half_residuals_figure",
    "outcome_figure",
    "place_legends",
    "sensitivity_figure",
    "team_frequencies_figure",
    "tell_apart",
    "top_by_round_figure",
]


def figure_names(fig) -> None:
    """Give every text of ``fig`` a reader sees (titles, axis labels, tick labels, legend
    entries and titles) the names of :func:`bridgestats.names.readable` in place of ids: a
    legend of pairing rules reads "round robin", not ``round_robin``.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> from matplotlib import pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = ax.bar(["round_robin", "score"], [1, 2], label="kendall_tau")
    >>> _ = ax.legend(title="p_holm"); figure_names(fig)
    >>> [t.get_text() for t in ax.get_xticklabels()], ax.get_legend().get_texts()[0].get_text()
    (['round robin', 'score'], "Kendall's τ")
    >>> plt.close(fig)
    """
    texts = [
        getattr(fig, "_suptitle", None),
        getattr(fig, "_supxlabel", None),
        getattr(fig, "_supylabel", None),
    ]
    for ax in fig.axes:
        texts += [ax.title, ax._left_title, ax._right_title, ax.xaxis.label, ax.yaxis.label]
        for axis in (ax.xaxis, ax.yaxis):
            # get_ticklabels places the ticks as a draw would; no draw is needed
            labels = [t.get_text() for t in axis.get_ticklabels()]
            shown = [readable(t) for t in labels]
            if shown != labels:
                axis.set_ticks(axis.get_ticklocs(), shown)
    for legend in [*(ax.get_legend() for ax in fig.axes), *fig.legends]:
        if legend is not None:
            texts += [*legend.get_texts(), legend.get_title()]
    for text in texts:
        if text is not None and text.get_text():
            text.set_text(readable(text.get_text()))


#: What :func:`tell_apart` gives a line that shares its look (bar its colour) with another
#: entry of its legend: a dash pattern, then a marker as well.
LINE_STYLES = ("-", "--", ":", "-.", (0, (5, 1, 1, 1, 1, 1)), (0, (1, 3)))
MARKERS = ("o", "s", "^", "D", "v", "x", "+", "*")
#: ... and a bar or a filled area: a hatch.
HATCHES = ("", "//", "..", "xx", "\\\\", "++", "oo", "--", "||", "**")


def tell_apart(fig) -> int:
    """Give the entries of each legend of ``fig`` that differ only by colour a line style,
    a marker or a hatch of their own, so that the figure reads in black and white (printed,
    or by a reader who does not see the colours); return how many entries were restyled.

    A line's look is its dash pattern, marker and weight (thick from 1.75 pt); a bar's or a
    filled area's, its hatch. Among entries of one look the first keeps it; each other
    takes the first style no entry of the legend has yet: another dash pattern with its own
    marker, then another marker, then both (a bar, a hatch). The plotted artists and their
    legend keys change together; a key that stands for series drawn otherwise (an empty
    proxy line, a handle not plotted) is left alone, and its figure must tell its series
    apart itself.

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> from matplotlib import pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> for k in (6.0, 6.5, 7.0):
    ...     _ = ax.axvline(k, linestyle="--", label=f"K = {k}")
    >>> _ = ax.legend(); tell_apart(fig)
    2
    >>> [_dashes(line) for line in ax.lines]  # dashed, solid, dotted
    [(3.7, 1.6), '-', (1.0, 1.65)]
    >>> tell_apart(fig)  # already told apart
    0
    >>> plt.close(fig)
    """
    legends = [(leg, [ax]) for ax in fig.axes if (leg := ax.get_legend()) is not None]
    legends += [(leg, list(fig.axes)) for leg in fig.legends]
    restyled = 0
    for legend, axes in legends:
        originals = {}
        for ax in axes:
            for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
                originals.setdefault(label, []).append(handle)
        keys = getattr(legend, "legend_handles", None) or getattr(legend, "legendHandles", [])
        entries = []
        for key, text in zip(keys, legend.get_texts(), strict=False):
            found = originals.get(text.get_text()) or [None]
            entries.append((key, found.pop(0) if len(found) > 1 else found[0]))
        looks = []
        for key, original in entries:  # the plotted series decide (another legend may
            drawn = _artists(original)  # have restyled them): its key follows
            look = _look(drawn[0]) if drawn else _look(key)
            if look is not None and _look(key) != look:
                _restyle(key, look)
            looks.append(look)
        used, seen = set(looks), set()
        for (key, original), look in zip(entries, looks, strict=True):
            if look is None or look not in seen:
                seen.add(look)
                continue
            if not _draws(original):  # a key standing for series drawn otherwise (a proxy
                continue  # of boxes): restyling the key alone would misname them
            new = next((c for c in _candidates(look) if c not in used), None)
            if new is None:
                continue  # more entries than styles: left as they are
            used.add(new)
            seen.add(new)
            for artist in (key, *_artists(original)):
                _restyle(artist, new)
            restyled += 1
    return restyled


def _look(artist):
    """What tells an entry apart other than its colour, or None for an entry not drawn as
    a line or an area (a legend key of its own kind)."""
    from matplotlib.collections import Collection, LineCollection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if isinstance(artist, Line2D):
        marker = artist.get_marker()
        marker = None if marker in (None, "None", "none", "", " ") else marker
        return ("line", _dashes(artist), marker, artist.get_linewidth() >= 1.75)
    if isinstance(artist, LineCollection):  # error bars, vlines: segments, not an area
        return ("segments",)
    if isinstance(artist, (Patch, Collection)):
        return ("area", artist.get_hatch() or "")
    return None


def _dashes(line_or_style):
    """A line's dash pattern at a weight of 1 pt ("-" solid, None no line): "--",
    "dashed" and ``(0, (3.7, 1.6))`` are one pattern (matplotlib keeps the pattern a line
    is drawn with, scaled by its weight, only in ``_dash_pattern``)."""
    from matplotlib.lines import Line2D

    line = line_or_style
    if not isinstance(line, Line2D):
        line = Line2D([], [], linewidth=1, linestyle=line_or_style)
    if line.get_linestyle() in ("None", "none", "", " "):
        return None
    _offset, sequence = getattr(line, "_dash_pattern", (0, line.get_linestyle()))
    if sequence is None:
        return "-"
    if isinstance(sequence, str):
        return sequence
    width = line.get_linewidth() if _scales_dashes() else 1.0
    return tuple(round(x / (width or 1.0), 2) for x in sequence)


def _scales_dashes() -> bool:
    from matplotlib import rcParams

    return bool(rcParams["lines.scale_dashes"])


def _candidates(look):
    """The styles an entry of ``look`` may take, nearest first."""
    if look[0] == "area":
        return [("area", h) for h in HATCHES]
    if look[0] == "segments":
        return []
    _, dashes, marker, thick = look
    if dashes is None:  # markers only: another marker
        return [("line", None, m, thick) for m in MARKERS]
    styles = [_dashes(d) for d in LINE_STYLES]
    same_marker = [("line", d, marker, thick) for d in styles]
    other = [("line", d, m, thick) for m in MARKERS for d in styles]
    return same_marker + other


def _draws(original) -> bool:
    """Whether a legend entry's artist is the series it names: not absent, and not an empty
    proxy line (``ax.plot([], [], label=...)`` for boxes drawn elsewhere)."""
    from matplotlib.lines import Line2D

    drawn = _artists(original)
    return bool(drawn) and not all(isinstance(a, Line2D) and len(a.get_xdata()) == 0 for a in drawn)


def _artists(original):
    """The plotted artists behind a legend entry (a container's bars or lines)."""
    from matplotlib.container import BarContainer, Container, ErrorbarContainer

    if original is None:
        return ()
    if isinstance(original, BarContainer):
        return tuple(original.patches)
    if isinstance(original, ErrorbarContainer):  # its data line, not the caps or bars
        return tuple(original.lines[:1]) if original.lines[0] is not None else ()
    if isinstance(original, Container):
        return tuple(a for a in original.get_children() if _look(a) is not None)
    return (original,)


def _restyle(artist, look) -> None:
    from matplotlib.lines import Line2D

    if look[0] != "line":
        if look[0] == "area" and not isinstance(artist, Line2D):
            artist.set_hatch(look[1] or None)
        return
    if isinstance(artist, Line2D):
        _, dashes, marker, _thick = look
        if dashes is not None and artist.get_linestyle() not in ("None", "none", "", " "):
            artist.set_linestyle("-" if dashes == "-" else (0, dashes))
        artist.set_marker(marker if marker is not None else "None")


#: Where :func:`place_legends` tries a legend that covers data: the corners and sides of
#: its axes, then outside them: right of, below and above the axes with their labels.
LEGEND_PLACES = (
    ("upper right", None),
    ("upper left", None),
    ("lower right", None),
    ("lower left", None),
    ("center right", None),
    ("center left", None),
    ("upper center", None),
    ("lower center", None),
    ("upper left", "right"),
    ("upper center", "below"),
    ("lower center", "above"),
)


def place_legends(fig, *, name: str = "figure", pad: float = 2.0) -> int:
    """Move every legend of ``fig`` off the plotted data; return how many were moved.

    Each legend's window extent (display coordinates, widened by ``pad`` pixels) is checked
    against the data of every axes of the figure: line segments and markers, scatter
    offsets, the paths of collections (error bars, filled areas) and the extents of patches
    (bars, histograms); an axes' legend must also stay off the other axes (their area,
    labels and titles), where it would be hidden. A legend that fails is tried in each of
    :data:`LEGEND_PLACES` in turn and checked again; when none clears, a
    :class:`~bridgestats.errors.BridgestatsError` names the figure and the axes.
    """
    legends = [(ax, ax.get_legend()) for ax in fig.axes if ax.get_legend() is not None]
    legends += [(None, leg) for leg in fig.legends]
    if not legends:
        return 0
    renderer = _renderer(fig)
    extents = {}  # each axes' tight extent under this renderer: kept until a legend moves
    moved = 0
    for ax, legend in legends:
        if not _blocked(fig, ax, legend, renderer, pad, extents):
            continue
        for loc, side in LEGEND_PLACES:
            legend.set_loc(loc)
            anchor = _outside(fig, ax, legend, side, renderer, pad)
            legend.set_bbox_to_anchor(*(anchor or (None,)))
            renderer, extents = _renderer(fig), {}
            if not _blocked(fig, ax, legend, renderer, pad, extents):
                moved += 1
                break
        else:
            where = f"axes {_axes_name(fig, ax)}" if ax is not None else "the figure legend"
            raise BridgestatsError(
                f"figure {name!r}: the legend of {where} covers plotted data wherever it"
                f" goes (tried {len(LEGEND_PLACES)} places); make room or move it by hand"
            )
    return moved


def _outside(fig, ax, legend, side, renderer, pad):
    """The anchor (in the axes' or the figure's fraction, so that it holds at any dpi) of a
    place outside the axes and their labels, or None for a place inside."""
    if side is None:
        return None
    legend.set_visible(False)  # the axes' extent without the legend itself
    try:
        box = (ax if ax is not None else fig).get_tightbbox(renderer)
    finally:
        legend.set_visible(True)
    frame = ax.bbox if ax is not None else fig.bbox
    gap = 2 * pad
    point = {
        "right": (box.x1 + gap, frame.y1),
        "below": ((frame.x0 + frame.x1) / 2, box.y0 - gap),
        "above": ((frame.x0 + frame.x1) / 2, box.y1 + gap),
    }[side]
    transform = ax.transAxes if ax is not None else fig.transFigure
    x, y = transform.inverted().transform(point)
    return (float(x), float(y), 0.0, 0.0), transform


def _blocked(fig, ax, legend, renderer, pad: float, extents: dict) -> bool:
    """Whether the legend covers data, or (an axes' legend) another axes (their tight
    extents under ``renderer``, computed once into ``extents``)."""
    from matplotlib.transforms import Bbox

    box = legend.get_window_extent(renderer)
    box = Bbox.from_extents(box.x0 - pad, box.y0 - pad, box.x1 + pad, box.y1 + pad)
    if ax is not None:
        others = [other for other in fig.axes if other is not ax and other.get_visible()]
        for other in others:
            if other not in extents:
                extents[other] = other.get_tightbbox(renderer)
            if extents[other].overlaps(box):
                return True
    return _covers_box(fig, box, renderer)


def _renderer(fig):
    fig.draw_without_rendering()
    return fig.canvas.get_renderer() if hasattr(fig.canvas, "get_renderer") else fig._get_renderer()


def _axes_name(fig, ax) -> str:
    index = fig.axes.index(ax) + 1
    title = ax.get_title() or ax.get_ylabel() or ""
    return f"{index} ({title!r})" if title else str(index)


def _covers_data(fig, legend, renderer, pad: float) -> bool:
    """Whether the legend's window extent (widened by ``pad`` px) meets any plotted data."""
    from matplotlib.transforms import Bbox

    box = legend.get_window_extent(renderer)
    box = Bbox.from_extents(box.x0 - pad, box.y0 - pad, box.x1 + pad, box.y1 + pad)
    return _covers_box(fig, box, renderer)


def _covers_box(fig, box, renderer) -> bool:
    return any(_artist_meets(artist, box, renderer) for ax in fig.axes for artist in _data(ax))


def _data(ax):
    yield from ax.lines
    yield from ax.collections
    yield from ax.patches


def _artist_meets(artist, box, renderer) -> bool:
    from matplotlib.collections import PathCollection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.path import Path as MplPath

    if not artist.get_visible():
        return False
    if isinstance(artist, Line2D):
        xy = artist.get_transform().transform(np.asarray(artist.get_xydata(), dtype=float))
        xy = xy[np.isfinite(xy).all(axis=1)]
        if not len(xy):
            return False
        radius = artist.get_markersize() / 2 * renderer.points_to_pixels(1.0)
        marked = artist.get_marker() not in (None, "None", "none", "", " ")
        if marked and _points_in(xy, box, radius):
            return True
        if artist.get_linestyle() in ("None", "none", "", " ") or len(xy) < 2:
            return False
        return MplPath(xy).intersects_bbox(box, filled=False)
    if isinstance(artist, PathCollection) and len(artist.get_offsets()):
        xy = artist.get_offset_transform().transform(np.asarray(artist.get_offsets(), dtype=float))
        xy = xy[np.isfinite(xy).all(axis=1)]
        sizes = artist.get_sizes()
        radius = np.sqrt(sizes.max()) / 2 * renderer.points_to_pixels(1.0) if len(sizes) else 0
        return _points_in(xy, box, radius)
    if isinstance(artist, Patch):
        extent = artist.get_window_extent(renderer)
        return bool(np.isfinite(extent.extents).all()) and extent.overlaps(box)
    paths = getattr(artist, "get_paths", lambda: [])()
    transform = artist.get_transform()
    filled = artist.get_facecolor() is not None and len(np.atleast_2d(artist.get_facecolor())) > 0
    filled = filled and np.atleast_2d(artist.get_facecolor())[:, -1].max() > 0
    for path in paths:
        path = transform.transform_path(path)
        if len(path.vertices) and path.intersects_bbox(box, filled=bool(filled)):
            return True
    return False


def _points_in(xy, box, radius: float) -> bool:
    inside = (
        (xy[:, 0] >= box.x0 - radius)
        & (xy[:, 0] <= box.x1 + radius)
        & (xy[:, 1] >= box.y0 - radius)
        & (xy[:, 1] <= box.y1 + radius)
    )
    return bool(inside.any())


def count_axis(ax, which: str = "y") -> None:
    """Declare an axis of ``ax`` a count ("x", "y" or "xy"): its ticks are whole numbers.

    An axis with its own ticks (``set_xticks``) keeps them, and must hold whole numbers.
    """
    from matplotlib.ticker import FixedLocator, MaxNLocator

    if which not in ("x", "y", "xy"):
        raise fail("which", '"x", "y" or "xy"', which)
    for letter in which:
        axis = ax.xaxis if letter == "x" else ax.yaxis
        locator = axis.get_major_locator()
        if isinstance(locator, FixedLocator):
            ticks = np.asarray(locator.locs, dtype=float)
            if not np.allclose(ticks, np.round(ticks)):
                raise BridgestatsError(
                    f"count_axis: the {letter} axis is a count but its ticks are not whole"
                    f" numbers: {', '.join(f'{t:g}' for t in ticks)}"
                )
            continue
        axis.set_major_locator(MaxNLocator(integer=True))


def figure_caption(fig) -> str:
    """The figure's titles (suptitle, then each axes' title) joined, "" when it has none.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from matplotlib import pyplot as plt
    >>> fig, ax = plt.subplots(); _ = ax.set_title("K by series"); figure_caption(fig)
    'K by series'
    """
    titles = []
    if getattr(fig, "_suptitle", None) is not None and fig._suptitle.get_text():
        titles.append(fig._suptitle.get_text())
    titles += [ax.get_title() for ax in fig.axes if ax.get_title()]
    return "; ".join(titles)


def _legend_outside(ax) -> None:
    """The legend beside the axes (right), where it cannot cover any data."""
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)


def outcome_figure(by_outcome, *, max_vp=20, title=""):
    """Bars of each scale's outcome shares (%), the equal-probability design dashed.

    Parameters
    ----------
    by_outcome : pandas.DataFrame
        Outcomes down (the labels of the recommended scale, 10-10 first), one column per
        scale, shares in 0-1.

    Returns
    -------
    matplotlib.figure.Figure
        The legend sits to the right of the axes, clear of the bars.
    """
    import matplotlib.pyplot as plt

    x = np.arange(len(by_outcome))
    width = 0.8 / by_outcome.shape[1]
    fig, ax = plt.subplots(figsize=(10, 4))
    for i, name in enumerate(by_outcome.columns):
        ax.bar(
            x + (i - (by_outcome.shape[1] - 1) / 2) * width,
            100 * by_outcome[name],
            width=width,
            label=name,
        )
    share = 100 * np.r_[1, np.full(max_vp // 2, 2)] / (max_vp + 1)
    ax.step(
        np.r_[x - 0.5, x[-1] + 0.5],
        np.r_[share, share[-1]],
        where="post",
        color="black",
        ls="--",
        label="equal probability (the design)",
    )
    ax.set_xticks(x, list(by_outcome.index))
    ax.set_xlabel("result (winner-loser VPs)")
    ax.set_ylabel("% of matches between equal sides")
    ax.set_title(title)
    _legend_outside(ax)
    fig.tight_layout()
    return fig


def sensitivity_figure(sens, *, sigma, unit, max_vp=20):
    """Each scale's 20-0 share (%) against σ.

    ``sens`` is :func:`bridgestats.studies.outcomes.sensitivity`'s frame."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4))
    for name, g in sens.groupby("scale", sort=False):
        ax.plot(g["sigma"], 100 * g["p_top"], "o-", label=name)
    ax.axhline(
        100 * 2 / (max_vp + 1), color="black", ls="--", label=f"equal share (2/{max_vp + 1})"
    )
    ax.axvline(sigma, color="grey", lw=0.8, label="σ of the recommendation")
    ax.set_xlabel(f"σ of the match margin ({unit})")
    ax.set_ylabel(f"% of matches that are {max_vp}-0")
    ax.set_title(f"{max_vp}-0 share against σ")
    _legend_outside(ax)
    fig.tight_layout()
    return fig


def half_residuals_figure(rounds):
    """Adjusted residual of each VP result in each half of an event, against its model.

    ``rounds`` is :func:`bridgestats.studies.outcomes.round_frequencies`' result."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4))
    width = 0.4
    vps = np.asarray(rounds.pooled_counts.index)
    for shift, (name, test) in zip((-width / 2, width / 2), rounds.half_tests.items(), strict=True):
        ax.bar(vps + shift, test.residuals, width=width, label=rounds.half_names[name])
    ax.axhline(0, color="black", lw=0.8)
    for y in (-2, 2):
        ax.axhline(y, color="grey", ls=":", lw=0.8)
    ax.set_xticks(vps, [f"{v}-{20 - v}" for v in vps])
    ax.set_xlabel("VP result (winner's VPs first)")
    ax.set_ylabel("adjusted residual")
    unit = rounds.counts.margin_unit
    ax.set_title(f"{rounds.counts.name} against {rounds.model} (σ = {rounds.sigma:.2f}{unit})")
    ax.legend()
    return fig


def top_by_round_figure(rounds):
    """Observed and expected 20-0s in each round of an event (as
    :func:`half_residuals_figure`)."""
    import matplotlib.pyplot as plt

    by_round = rounds.by_round
    fig, ax = plt.subplots(figsize=(8, 3.5))
    ax.bar(by_round.index, by_round.observed_20_0, color="tab:blue", label="observed 20-0")
    ax.plot(
        by_round.index,
        by_round.expected_20_0,
        "k_",
        ms=25,
        mew=2,
        label=f"expected ({rounds.model})",
    )
    ax.set_xticks(by_round.index)
    ax.set_xlabel("round")
    ax.set_ylabel("20-0 matches")
    ax.set_title(f"20-0s by round: {rounds.counts.name}")
    ax.legend()
    count_axis(ax, "xy")
    return fig


def team_frequencies_figure(teams):
    """Team matches' VP results on a Gaussian scale and the WBF discrete scale, against
    equal probability, with adjusted residuals.

    ``teams`` is :func:`bridgestats.studies.outcomes.team_frequencies`' result."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 2, figsize=(10, 6.5), sharex=True, sharey="row")
    panels = [
        ("Gaussian scale", teams.gaussian_observed, teams.tests["gaussian_vs_equal"]),
        (display_name("scale", "wbf_discrete"), teams.wbf_observed, teams.tests["wbf_vs_equal"]),
    ]
    for col, (name, obs, test) in enumerate(panels):
        axes[0, col].bar(range(10, 21), obs, color="tab:blue", label="observed")
        axes[0, col].step(
            np.arange(9.5, 21.5),
            np.r_[teams.equal, teams.equal[-1]],
            where="post",
            color="black",
            label="equal probability",
        )
        axes[0, col].set_title(name)
        axes[1, col].bar(range(10, 21), test.residuals, color="tab:orange")
        for y in (-2, 0, 2):
            axes[1, col].axhline(y, color="grey", ls=":" if y else "-", lw=0.8)
        axes[1, col].set_xlabel("winner's VPs")
    axes[0, 0].set_ylabel("matches")
    axes[1, 0].set_ylabel("adjusted residual vs equal")
    fig.legend(
        *axes[0, 0].get_legend_handles_labels(),
        loc="lower center",
        ncols=2,
        bbox_to_anchor=(0.5, 1.0),
    )
    fig.tight_layout()
    count_axis(axes[0, 0], "xy")
    count_axis(axes[1, 0], "x")
    return fig

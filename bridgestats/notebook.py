"""What a notebook calls to leave its machine-readable results next to its report.

The batch runner (:mod:`bridgestats.reports`) executes each notebook with the run's folder
as the working directory, so these helpers write there: ``summary.json`` (headline
figures, read by the runner into ``reports/index.html`` and by the tests) and
``figures/<name>.png``.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from pathlib import Path

import numpy as np

from . import datasets
from ._output import without_bidi
from ._validate import check_flag, fail
from .errors import BridgestatsError
from .names import and_list, counted, readable

__all__ = [
    "and_list",
    "count_axis",
    "counted",
    "figure_caption",
    "figure_names",
    "finding",
    "findings_problems",
    "inert_markdown",
    "input_hashes",
    "jsonable",
    "place_legends",
    "plain_numbers",
    "run_sweep",
    "save_figure",
    "save_summary",
    "show_findings",
    "show_markdown",
    "show_read",
    "show_table",
    "table_html",
    "tell_apart",
]

#: What a table shows in place of a missing value (and the note that says so).
MISSING = "–"


def jsonable(value):
    """Convert numpy scalars/arrays, tuples and dataclass-like results to JSON types.

    >>> jsonable({"k": np.float64(6.5), "ci": (6.1, np.float32(7.0)), "n": np.int64(3)})
    {'k': 6.5, 'ci': [6.1, 7.0], 'n': 3}
    """
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist())
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, (np.floating, float)):
        f = float(value)
        return None if math.isnan(f) else f
    return value


def input_hashes(inputs) -> dict[str, str]:
    """SHA-256 of each input: a shipped data set name (``"seeds/brighton_2005"``) or a path.

    A folder (the readers of :mod:`bridgestats.io` take folders) is hashed as the SHA-256
    of its listing: one line ``<SHA-256 of the file>  <path below the folder>`` per file,
    sorted by path, so that any change to any file below it changes the hash.
    """
    hashes = {}
    for item in inputs:
        file = Path(item)
        if file.is_dir():
            hashes[str(item)] = _folder_hash(file)
            continue
        if not file.is_file():
            file = datasets.path(str(item))
        hashes[str(item)] = hashlib.sha256(file.read_bytes()).hexdigest()
    return hashes


def _folder_hash(folder: Path) -> str:
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    listing = "".join(
        f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(folder).as_posix()}\n"
        for p in files
    )
    return hashlib.sha256(listing.encode()).hexdigest()


def finding(text: str, *, section: str, key: str | None = None, headline: bool = False) -> dict:
    """One finding of a report: a sentence with its number, and the section that shows it.

    Parameters
    ----------
    text : str
        The finding in one sentence, with its number, unit and interval, as a committee
        member should read it ("K per board: 6.13 IMPs (90 %: 6.09-6.17) from 37,099
        boards"); data set and scale ids in it read as their names
        (:func:`bridgestats.names.readable`).
    section : str
        The notebook's markdown heading (its text, without the ``#``) of the section that
        shows it: ``reports/findings.html`` links to it.
    key : str, optional
        The summary key holding the number (checked by :func:`save_summary`).
    headline : bool
        Shown in ``reports/index.html`` in place of the headline keys.

    Examples
    --------
    >>> finding("sigma: 11.0 %", section="The fit", key="sigma", headline=True)
    {'text': 'sigma: 11.0 %', 'section': 'The fit', 'key': 'sigma', 'headline': True}
    """
    for name, value in (("text", text), ("section", section)):
        if not isinstance(value, str) or not value.strip():
            raise fail(name, "a non-empty string", value)
    if key is not None and not isinstance(key, str):
        raise fail("key", "a summary key (str) or None", key)
    headline = check_flag(headline, "headline")
    return {
        "text": plain_numbers(readable(without_bidi(text.strip()))),
        "section": section.strip(),
        "key": key,
        "headline": headline,
    }


#: A sentence ends at ".", "!" or "?" (perhaps closing a bracket or quote) followed by a
#: space and a capital letter, unless the word before is an abbreviation: "90 %:
#: 6.09-6.17", "e.g. the", "vs. Elo", "p. 12" and "Probst et al. Table 3" end none.
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][)\"'’”]))\s+(?=[\"'‘“(]?[A-Z])")
_ABBREVIATIONS = re.compile(
    r"(?:\b(?:vs|e\.g|i\.e|cf|pp?|no|nos|fig|al|st|dr|mr|ms|approx)|\b[A-Z])\.$", re.I
)


def _sentences(text: str) -> list[str]:
    """``text`` split into sentences (see ``_SENTENCE_END``).

    >>> _sentences("Elo beats the PPI vs. Glicko (p. 3). It holds")
    ['Elo beats the PPI vs. Glicko (p. 3).', 'It holds']
    """
    out: list[str] = []
    for part in _SENTENCE_END.split(text.strip()):
        if out and _ABBREVIATIONS.search(out[-1]):
            out[-1] = f"{out[-1]} {part}"
        elif part.strip():
            out.append(part)
    return out


def findings_problems(findings) -> list[str]:
    """What is wrong with a report's findings, as sentences (empty when nothing): each
    finding is one sentence, and at least one is marked headline.

    >>> findings_problems([finding("K is 6.13 IMPs. It holds for 8 boards", section="s")])
    ['finding 1 runs to 2 sentences: K is 6.13 IMPs. | It holds for 8 boards', \
'no finding is marked headline (finding(..., headline=True))']
    >>> findings_problems([finding("K is 6.13 IMPs (90 %: 6.09-6.17)", section="s", headline=True)])
    []
    """
    problems = []
    for i, item in enumerate(findings, 1):
        text = item["text"] if isinstance(item, dict) else str(item)
        parts = _sentences(text)
        if len(parts) > 1 or "\n" in text.strip():
            n = max(len(parts), 2)
            problems.append(f"finding {i} runs to {n} sentences: " + " | ".join(parts))
    if findings and not any(isinstance(f, dict) and f.get("headline") for f in findings):
        problems.append("no finding is marked headline (finding(..., headline=True))")
    return problems


def save_summary(
    summary: dict,
    *,
    inputs=(),
    headline=(),
    findings=(),
    path: str | Path = "summary.json",
) -> None:
    """Write the notebook's headline figures as JSON (NaN becomes null) to ``path``.

    Returns None, so that a cell ending with the call shows nothing on the page.

    ``inputs`` names the files the notebook read (data set names or paths); their SHA-256
    are stored under the key ``"_inputs"`` so that every report records what it used.
    ``headline`` optionally names the keys that ``reports/index.html`` shows first, in that
    order (stored under ``"_headline"``); without it the index shows the first few numbers.
    ``findings`` are the report's findings in words (:func:`finding`, or a study's findings
    frame with columns ``text``, ``section``, ``key``, ``headline``), stored under
    ``"_findings"``: ``reports/findings.html`` lists them with links to their sections, and
    the index shows those marked ``headline`` in place of the headline keys. What
    :func:`findings_problems` finds wrong with them (a finding of more than one sentence,
    none marked headline) is stored under ``"_findings_problems"``, and ``bridgestats
    reports`` warns of it.

    >>> import json, tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     save_summary({"sigma": 11.0, "n": 8}, headline=["sigma"], path=f"{tmp}/s.json")
    ...     json.loads(Path(f"{tmp}/s.json").read_text())
    {'_headline': ['sigma'], '_inputs': {}, 'n': 8, 'sigma': 11.0}
    """
    payload = dict(jsonable(summary))
    headline = [headline] if isinstance(headline, str) else list(headline)
    unknown = [key for key in headline if key not in payload]
    if unknown:
        known = ", ".join(sorted(payload))
        raise BridgestatsError(f"headline: {unknown[0]!r} is not a summary key; keys: {known}")
    if headline:
        payload["_headline"] = headline
    if hasattr(findings, "to_dict"):  # a study's findings frame: each row a finding(...)
        findings = [finding(**row) for row in findings.to_dict(orient="records")]
    findings = list(findings)
    for i, item in enumerate(findings):
        if not isinstance(item, dict) or set(item) != {"text", "section", "key", "headline"}:
            raise fail(f"findings[{i}]", "a finding(...)", item)
        if item["key"] is not None and item["key"] not in payload:
            known = ", ".join(sorted(payload))
            raise BridgestatsError(
                f"findings[{i}]: key {item['key']!r} is not a summary key; keys: {known}"
            )
    if findings:
        payload["_findings"] = findings
        problems = findings_problems(findings)
        if problems:  # the runner warns; tests/test_browser.py lists the reports not yet clean
            payload["_findings_problems"] = problems
    payload["_inputs"] = input_hashes(inputs)
    path = Path(path)
    path.write_text(json.dumps(payload, indent=2, sort_keys=True) + "\n")


def save_figure(
    fig,
    name: str,
    *,
    caption: str | None = None,
    folder: str | Path = "figures",
    dpi: int = 110,
    show: bool = True,
    counts: dict | None = None,
) -> None:
    """Save a matplotlib figure as ``<folder>/<name>.png`` and show it once on the page.

    Before saving, the series of each legend are told apart by more than colour
    (:func:`tell_apart`), ids in its texts read as names (:func:`figure_names`), every legend is
    moved off the plotted data (:func:`place_legends`,
    which raises when none can be), and ``counts`` declares count axes: ``{axes: "x" |
    "y" | "xy"}`` (or ``"y"`` for every axes) get whole-number ticks (:func:`count_axis`).

    The page's image carries ``caption`` as its alt text (by default the figure's label,
    which the figures of :mod:`bridgestats.figures` set to their caption, else its titles,
    else its name), and the PNG file carries it as its ``Title`` (the index's link to the
    figure reads it: :func:`bridgestats.reports.index.png_title`). With ``show`` (in a
    notebook) the figure is displayed here and closed,
    so the inline backend does not show it a second time without its alt text. Returns
    None, so that a cell ending with the call shows nothing else.
    """
    if counts is not None:
        if isinstance(counts, str):
            counts = dict.fromkeys(fig.axes, counts)
        if not isinstance(counts, dict):
            raise fail("counts", 'a dict {axes: "x" | "y" | "xy"} or one of those', counts)
        for ax, which in counts.items():
            count_axis(ax, which)
    tell_apart(fig)
    figure_names(fig)
    place_legends(fig, name=name)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    alt = caption or fig.get_label() or figure_caption(fig) or name.replace("_", " ")
    # the caption goes into the PNG too ("Title"), so the index names the figure by it
    fig.savefig(path, dpi=dpi, bbox_inches="tight", metadata={"Title": alt})
    if show and _in_notebook():
        import base64

        from IPython.display import display
        from matplotlib import pyplot as plt

        data = base64.b64encode(path.read_bytes()).decode()
        display(
            {"image/png": data, "text/plain": alt}, raw=True, metadata={"image/png": {"alt": alt}}
        )
        plt.close(fig)


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
    fig.canvas.draw()  # the tick labels exist once drawn
    texts = [getattr(fig, "_suptitle", None), getattr(fig, "_supxlabel", None),
             getattr(fig, "_supylabel", None)]  # fmt: skip
    for ax in fig.axes:
        texts += [ax.title, ax._left_title, ax._right_title, ax.xaxis.label, ax.yaxis.label]
        for axis in (ax.xaxis, ax.yaxis):
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
    moved = 0
    for ax, legend in legends:
        if not _blocked(fig, ax, legend, renderer, pad):
            continue
        for loc, side in LEGEND_PLACES:
            legend.set_loc(loc)
            anchor = _outside(fig, ax, legend, side, renderer, pad)
            legend.set_bbox_to_anchor(*(anchor or (None,)))
            renderer = _renderer(fig)
            if not _blocked(fig, ax, legend, renderer, pad):
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


def _blocked(fig, ax, legend, renderer, pad: float) -> bool:
    """Whether the legend covers data, or (an axes' legend) another axes."""
    from matplotlib.transforms import Bbox

    box = legend.get_window_extent(renderer)
    box = Bbox.from_extents(box.x0 - pad, box.y0 - pad, box.x1 + pad, box.y1 + pad)
    if ax is not None:
        others = [other for other in fig.axes if other is not ax and other.get_visible()]
        if any(other.get_tightbbox(renderer).overlaps(box) for other in others):
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


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the notebooks extra
        return False
    shell = get_ipython()
    return shell is not None and shell.__class__.__name__ == "ZMQInteractiveShell"


def show_markdown(text: str, *, links=()) -> None:
    """Show ``text`` on the page as Markdown (prose as prose, not monospace ``print``), with
    data set and scale ids read as their names (:func:`bridgestats.names.readable`).

    The text is made inert first (:func:`inert_markdown`): names read from a file (events,
    teams, players) may hold ``<``, ``&`` or ``[...](...)``, and the page shows them as
    text, never as HTML or a link. Emphasis, code spans, lists and tables stay Markdown.
    ``links`` names the files beside the report that a link ``[text](file)`` of ``text``
    may point at; every other bracket reads as a bracket.
    """
    from IPython.display import Markdown, display

    display(Markdown(inert_markdown(plain_numbers(readable(str(text))), links=links)))


def show_findings(findings, *, title: str | None = None, section: str | None = None) -> None:
    """Show findings (:func:`finding`, plain sentences, or a study's findings frame with a
    ``text`` column) as a Markdown list; given ``section``, the frame's rows of that
    ``section`` only (none: nothing is shown)."""
    if hasattr(findings, "to_dict"):
        if section is not None:
            findings = findings[findings["section"] == section]
        findings = findings["text"].tolist()
        if not findings:
            return
    lines = [f"**{title}**", ""] if title else []
    for item in findings:
        text = item["text"] if isinstance(item, dict) else str(item)
        lines.append(f"- {_md_escape(readable(text))}")
    show_markdown("\n".join(lines))


#: A Markdown code span: a run of backticks, then the same run alone (CommonMark 6.1).
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.S)
#: Outside code spans, what would let text act: raw HTML and autolinks (``<``, ``>``), a
#: character reference (``&`` before ``name;`` or ``#digits;``), link brackets.
_ACTIVE = re.compile(
    r"[<>\[\]]|&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{0,31};)"
)
_INERT = {"<": "&lt;", ">": "&gt;", "[": "&#91;", "]": "&#93;", "&": "&amp;"}


def inert_markdown(text: str, *, links=()) -> str:
    r"""Markdown ``text`` that cannot act on a page: outside code spans (whose text a page
    shows as written), ``<``, ``>``, ``[`` and ``]`` become character references, as does
    an ``&`` that would start one, and Unicode's bidirectional controls are dropped
    (:func:`bridgestats._output.without_bidi`). Emphasis, lists, tables and code spans are
    kept. A link ``[text](file)`` is kept only when ``file`` is one of ``links`` (files
    beside the report).

    >>> print(inert_markdown("**K** of <img src=x onerror=alert(1)> & `a<b`"))
    **K** of &lt;img src=x onerror=alert(1)&gt; & `a<b`
    >>> print(inert_markdown("[x](javascript:alert(3)), [the CSV](t.csv)", links=["t.csv"]))
    &#91;x&#93;(javascript:alert(3)), [the CSV](t.csv)
    """
    text = without_bidi(str(text))
    kept = {str(name) for name in links}
    out, at = [], 0
    for span in _CODE_SPAN.finditer(text):
        out += [_inert_prose(text[at : span.start()], kept), span.group(0)]
        at = span.end()
    return "".join([*out, _inert_prose(text[at:], kept)])


def _inert_prose(text: str, links: set) -> str:
    """Prose outside code spans made inert (:func:`inert_markdown`), ``links`` kept."""
    if not links:
        return _ACTIVE.sub(lambda m: _INERT[m.group(0)], text)
    link = re.compile(
        r"\[([^\[\]<>]*)\]\((" + "|".join(re.escape(name) for name in sorted(links)) + r")\)"
    )
    parts, at = [], 0
    for match in link.finditer(text):
        parts.append(_ACTIVE.sub(lambda m: _INERT[m.group(0)], text[at : match.start()]))
        label = _ACTIVE.sub(lambda m: _INERT[m.group(0)], match.group(1))
        parts.append(f"[{label}]({match.group(2)})")
        at = match.end()
    parts.append(_ACTIVE.sub(lambda m: _INERT[m.group(0)], text[at:]))
    return "".join(parts)


def _md_escape(text: str) -> str:
    """``text`` with Markdown's emphasis characters escaped, code spans (between backticks)
    left as written, where a backslash would show.

    >>> print(_md_escape("k_per_board is `k_per_board`, *not* 2*3"))
    k\\_per\\_board is `k_per_board`, \\*not\\* 2\\*3
    """
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: no code span, escape it all
        parts = [text]
    return "`".join(
        part if i % 2 else part.replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_")
        for i, part in enumerate(parts)
    )


_EXPONENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)e([+-]\d{2,3})\b")
_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def plain_numbers(text: str) -> str:
    """``text`` with Python's exponent notation written as a reader writes it: ``4.5e-31``
    is "4.5 × 10⁻³¹" (a committee does not read ``e-31``).

    >>> plain_numbers("p = 4.5e-31 and 4.996e-05, not 1e5x or v2e-05")
    'p = 4.5 × 10⁻³¹ and 4.996 × 10⁻⁵, not 1e5x or v2e-05'
    """

    def written(match: re.Match) -> str:
        power = str(int(match.group(2))).translate(_SUPERSCRIPT)
        return f"{match.group(1)} × 10{power}"

    return _EXPONENT.sub(written, str(text))


#: Text a table shows as a number (right-aligned, kept on one line): "0.592 ± 0.002",
#: "45.1 %", "6.09-6.17", "4.5 × 10⁻³¹".
_NUMBER_TEXT = re.compile(
    r"(< )?[-+−]?\d[\d,.]*( ?%)?( × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?"
    r"(( ± |-|–| to )[-+−]?\d[\d,.]*( ?%)?( × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?)?"
)


def _cell(value, digits) -> str | None:
    """One table cell as text: yes/no for booleans, rounded numbers, None when missing."""
    import pandas as pd

    if value is None or (not isinstance(value, (list, tuple, dict, np.ndarray)) and pd.isna(value)):
        return None
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (int, np.integer)):
        return f"{int(value):,}"
    if isinstance(value, (float, np.floating)):
        if digits is None:
            text = f"{float(value):,.4g}" if abs(value) < 1e4 else f"{float(value):,.0f}"
            return plain_numbers(text)
        if 0 < value < 0.5 * 10.0**-digits:  # a p-value of 3e-9 is not "0.0000"
            return f"< {10.0**-digits:.{digits}f}"
        return f"{float(value):,.{digits}f}"
    if isinstance(value, (list, tuple, np.ndarray)):
        return ", ".join(_cell(v, digits) or MISSING for v in value)
    return plain_numbers(readable(without_bidi(str(value))))


def table_html(frame, *, columns=None, digits=None, note: str | None = None) -> str:
    """A data frame as the page shows it: an HTML table with a ``<thead>``, no index.

    ``columns`` maps column names to what the reader sees (and, when given, picks and
    orders the columns); other snake_case names read with spaces. Data set and scale ids
    in text cells read as their names (:func:`bridgestats.names.readable`). ``digits`` rounds every
    float column (an int) or some (a dict by column). Booleans read yes/no; a missing value
    is a dash, and a note under the table says what a dash means (``note`` overrides it).
    Nothing is cut short.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"worst_ratio": [1.23456, None], "ok": [True, False]})
    >>> html = table_html(t, columns={"worst_ratio": "worst ratio", "ok": "fits"}, digits=2)
    >>> '<th class="num whole">worst ratio</th>' in html, ">1.23</td>" in html
    (True, True)
    >>> "<td>no</td>" in html
    True
    >>> "NaN" in html, "–: not available" in html
    (False, True)
    >>> p = table_html(pd.DataFrame({"p_holm": [3e-9, 0.04, 0.0]}), digits=4)
    >>> '<td class="num">&lt; 0.0001</td>' in p, ">0.0400<" in p, ">0.0000<" in p
    (True, True, True)
    """
    import html as _html

    import pandas as pd

    if isinstance(frame, pd.Series):
        frame = frame.reset_index()
    if columns is not None:
        missing = [c for c in columns if c not in frame.columns]
        if missing:
            known = ", ".join(map(str, frame.columns))
            raise BridgestatsError(f"columns: {missing[0]!r} is not a column; columns: {known}")
        frame = frame[list(columns)]
    names = [
        without_bidi((columns or {}).get(c) or str(c).replace("_", " ")) for c in frame.columns
    ]
    body, n_missing = [], 0
    numeric_columns = {
        c: pd.api.types.is_numeric_dtype(frame[c]) and not pd.api.types.is_bool_dtype(frame[c])
        for c in frame.columns
    }
    for c in frame.columns:  # text that is a number ("0.592 ± 0.002") reads as one
        if not numeric_columns[c]:
            texts = [_cell(v, None) for v in frame[c]]
            texts = [t for t in texts if t is not None]
            numeric_columns[c] = bool(texts) and all(_NUMBER_TEXT.fullmatch(t) for t in texts)
    for row in frame.itertuples(index=False):
        cells = []
        for column, value in zip(frame.columns, row, strict=True):
            d = digits.get(column) if isinstance(digits, dict) else digits
            text = _cell(value, d)
            if text is None:
                n_missing += 1
                text = MISSING
            numeric = numeric_columns[column]
            cls = ' class="num"' if numeric else ""
            cells.append(f"<td{cls}>{_html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    head = "".join(
        f"<th{_header_class(n) if numeric_columns[c] else ''}>{_html.escape(n)}</th>"
        for c, n in zip(frame.columns, names, strict=True)
    )
    out = (
        f'<div class="bs-table{" bs-many" if len(frame.columns) >= MANY_COLUMNS else ""}"><table>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )
    if note or n_missing:
        out += f'<p class="bs-note">{_html.escape(note or MISSING + ": not available")}</p>'
    return out + "</div>"


#: A table of this many columns or more (``bs-many``) prints smaller, its short headers
#: free to wrap at their spaces (report.css), so that it fits an A4 page's width (issue 33:
#: rederive_k's eleven and swiss_events' ten columns ran past the margin).
MANY_COLUMNS = 9


def _header_class(header: str) -> str:
    """The class of a header over numbers: a short one ("90 % to", "paired SE") is kept on
    one line (``whole``: report.css), so that a squeezed table does not split it over the
    numbers; a long one may wrap (and in print, in a table of :data:`MANY_COLUMNS`, any).

    >>> _header_class("paired SE"), _header_class("K per board, from margins")
    (' class="num whole"', ' class="num"')
    """
    return ' class="num whole"' if len(header) <= 14 else ' class="num"'


def show_table(frame, *, columns=None, digits=None, note: str | None = None) -> None:
    """Show a data frame as :func:`table_html` makes it (its plain text has no "…" either)."""
    from IPython.display import display

    html = table_html(frame, columns=columns, digits=digits, note=note)
    display({"text/html": html, "text/plain": f"table of {len(frame)} rows"}, raw=True)


def show_read(read) -> None:
    """What a report read of a committee's files: the sentence and the table of counts of a
    :class:`bridgestats.derive.ReadStatement` (nothing for the shipped data, ``None``)."""
    if read is None:
        return
    show_markdown(read.sentence)
    show_table(
        read.table,
        columns={"what": "what", "status": "read, used or skipped", "count": "count",
                 "where": "where (first line)"},
    )  # fmt: skip


def run_sweep(grid, *, rng, scheduler=None, progress=True):
    """:func:`bridgestats.sim.sweep.run_sweep`, with a scheduler given by its address too.

    ``scheduler`` may be a scheduler address (``"tcp://host:8786"``): a
    ``distributed.Client`` is connected to it for the sweep and closed after (the notebooks
    extra provides ``dask.distributed``); a connected client is used as given and left
    open; None runs the cells here. Same ``rng`` seed, same frame, wherever it runs.
    """
    from .sim import sweep

    if isinstance(scheduler, str):
        try:
            from distributed import Client
        except ImportError:  # pragma: no cover - the notebooks extra is installed in tests
            raise BridgestatsError(
                "scheduler: an address needs dask.distributed "
                "(pip install 'bridgestats[notebooks]')"
            ) from None
        with Client(scheduler) as client:
            return sweep.run_sweep(grid, rng=rng, scheduler=client, progress=progress)
    return sweep.run_sweep(grid, rng=rng, scheduler=scheduler, progress=progress)

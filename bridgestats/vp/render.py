"""How a VP scale is printed: its outcomes and margin ranges as CSV, Markdown or HTML.

Plain lists until the last step (printing a scale needs no pandas but for CSV and HTML).
Each function takes a :class:`bridgestats.vp.VPScale` (the type's ``to_csv``,
``to_markdown`` and ``to_html`` call them).
"""

from __future__ import annotations

import html

import numpy as np

from .._validate import check_int

__all__ = ["scale_csv", "scale_html", "scale_markdown"]

#: Largest margin resolution ``step`` (:data:`bridgestats.vp.MAX_STEP`).
_MAX_STEP = 10**9


def _num(x) -> str:
    x = float(x)
    return str(int(x)) if x.is_integer() else f"{x:g}"


def _display(scale, step, decimals: int) -> dict[str, list[str]]:
    """Strings for printing, column by column: VPs, the margin range in displayed
    units, probability (plain lists: printing a scale needs no pandas).

    A negative loser's VPs are written in brackets (``20-(-5)``); a band that holds no
    whole margin shows ``none``, a band of one whole margin that margin (``0``).
    """
    scale._tables("a table")
    vps = scale.labels
    if step is None:
        fmt = f"{{:.{decimals}f}}".format
        lows = scale.centre + np.concatenate([[0.0], scale.thresholds])
        highs = [fmt(x) for x in lows[1:]] + [None]
        p = scale.probabilities() if scale.sigma is not None else None
    else:
        step, starts, p = scale._integer_bands(step)
        fmt = _num
        lows = scale.centre + np.concatenate([[0], starts]).astype(float)
        highs = [*(scale.centre + b for b in (starts - step).tolist()), None]
        highs = [
            None if b is None else ("none" if b < a else fmt(b))
            for a, b in zip(lows, highs, strict=True)
        ]
    ranges = [  # a band of one whole margin is that margin: "0", not "0-0"
        f"{fmt(a)}+"
        if b is None
        else ("none" if b == "none" else (b if b == fmt(a) else f"{fmt(a)}-{b}"))
        for a, b in zip(lows, highs, strict=True)
    ]
    out = {"VPs": list(vps), scale.unit: ranges}
    if p is not None:
        out["probability %"] = [f"{100 * x:.2f}" for x in p]
    return out


def _default_step(scale, step):
    """``step`` for an export: the scale's own when None; 0 asks for continuous ranges."""
    if step is None:
        return scale.step
    return check_int(step, "step", minimum=0, maximum=_MAX_STEP)


def scale_csv(scale, *, step=None) -> str:
    """The tidy frame as CSV text: :meth:`integer_ranges` with a step, else :meth:`to_frame`.

    ``step`` defaults to the scale's own; ``step=0`` asks for the continuous frame.
    """
    step = _default_step(scale, step)
    frame = scale.to_frame() if not step else scale.integer_ranges(step=step)
    return frame.to_csv(index=False)


def scale_markdown(scale, *, step=None, decimals=2) -> str:
    """A printable Markdown table (VPs, margin range, probability %).

    ``step`` defaults to the scale's own (whole-IMP ranges for IMP scales); ``step=0``
    shows continuous ranges to ``decimals`` places. The probabilities are those of the
    ranges shown (see :meth:`integer_ranges` for whole margins).

    Examples
    --------
    >>> from bridgestats.vp import gaussian_scale
    >>> print(gaussian_scale(4, sigma=9.1924, unit="IMPs").to_markdown(step=1))
    | VPs | IMPs | probability % |
    |---|---|---|
    | 2-2 | 0-2 | 21.44 |
    | 3-1 | 3-7 | 37.11 |
    | 4-0 | 8+ | 41.46 |
    <BLANKLINE>
    """
    step = _default_step(scale, step)
    shown = _display(scale, step or None, decimals)
    lines = ["| " + " | ".join(shown) + " |", "|" + "---|" * len(shown)]
    lines += ["| " + " | ".join(row) + " |" for row in zip(*shown.values(), strict=True)]
    title = f"**{scale.name}**\n\n" if scale.name else ""
    return title + "\n".join(lines) + "\n"


def scale_html(scale, *, step=None, decimals=2) -> str:
    """A printable HTML table (VPs, margin range, probability %), caption = name.

    ``step`` as for :meth:`to_markdown`.
    """
    step = _default_step(scale, step)
    import pandas as pd

    shown = pd.DataFrame(_display(scale, step or None, decimals))
    table = shown.to_html(index=False, border=0)
    if scale.name:
        table = table.replace(">\n", f">\n  <caption>{html.escape(scale.name)}</caption>\n", 1)
    return table

"""The package's Jinja2 templates (``templates/``), rendered with autoescaping.

``index.html.j2`` is ``reports/index.html``, ``about.html.j2`` the provenance block at the
end of each report, and ``report.html.j2`` the nbconvert template of the report pages
(nbconvert renders that one itself: see :func:`bridgestats.reports.execute.export_html`).
"""

from __future__ import annotations

import functools
from pathlib import Path

__all__ = ["TEMPLATES", "render"]

TEMPLATES = Path(__file__).with_name("templates")


@functools.cache
def _environment():
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,  # every value is text to show, never markup
        undefined=jinja2.StrictUndefined,  # a misspelt name fails, not renders as ""
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render(name: str, /, **context) -> str:
    """Render ``templates/<name>`` with ``context`` (values are escaped).

    >>> page = render("about.html.j2", rows=[("run", "<b>x</b>: ok")])
    >>> ">run</th><td>&lt;b&gt;x&lt;/b&gt;: ok</td></tr>" in page
    True
    """
    return _environment().get_template(name).render(**context)

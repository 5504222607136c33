"""The committee pack: ``reports/committee_pack.pdf``, one A4 document a committee can adopt.

Its parts, in order: a cover (title, date, package version and git revision), the contents
with the page each part starts on, the committee brief, the booklet of VP scales, every
other report of the batch in the configuration's order, and a glossary of the terms the
pages use (:data:`bridgestats.names.GLOSSARY`). Every page carries its number ("page 3 of
84", a CSS page-margin box). The pages are the runner's own HTML, put together by the
template ``templates/pack.html.j2`` and printed by headless Chromium
(:func:`~bridgestats.reports.browser.print_pdf`): the first print says on which page each
part starts (read back with ``pypdf`` from the PDF's named destinations), then the contents
page alone is printed with those pages and put in the first print's place, and every part
gets a bookmark.
The booklet is also written as ``reports/booklet.html``. Without a browser the pack is not
printed, :func:`write_pack` says so in one line, and the batch still succeeds.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tempfile
from pathlib import Path

from markupsafe import Markup

from .._output import write_text_atomic
from ..errors import BridgestatsError
from ..names import GLOSSARY
from .browser import find_browser, print_pdf
from .folder import page_is_ours, record_page
from .provenance import git_state, now, package_version, read_json
from .render import render

__all__ = ["BOOKLET_PAGE", "PACK_PDF", "Part", "pack_html", "pack_parts", "write_pack"]

#: The pack's file in the reports folder.
PACK_PDF = "committee_pack.pdf"
#: The booklet of VP scales as a page of the reports folder.
BOOKLET_PAGE = "booklet.html"
#: The report that opens the pack (the booklet follows it).
_FIRST = "committee_brief"

_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S | re.I)
_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S | re.I)
_SCRIPT = re.compile(r"<script\b.*?</script>", re.S | re.I)


@dataclasses.dataclass(frozen=True)
class Part:
    """One part of the pack: its title, an anchor, its body (markup) and styles, and the
    page it starts on once printed (0: not known yet)."""

    title: str
    anchor: str
    body: Markup
    styles: tuple[str, ...] = ()
    page: int = 0


def _split(page: str) -> tuple[Markup, tuple[str, ...]]:
    """A page's body (without scripts) and its style sheets."""
    found = _BODY.search(page)
    body = _SCRIPT.sub("", found.group(1) if found else page)
    return Markup(body), tuple(_STYLE.findall(page.split("<body", 1)[0]))


def _glossary() -> Part:
    rows = "".join(
        f"<dt>{Markup.escape(term)}</dt><dd>{Markup.escape(text)}</dd>"
        for term, text in GLOSSARY.items()
    )
    body = Markup(f'<h1>Glossary</h1><dl class="pack-glossary">{rows}</dl>')
    return Part("Glossary", "pack-glossary", body)


def _booklet_page() -> str:
    from ..apps.booklet import booklet, booklet_html, default_sources

    sources = default_sources()
    return booklet_html(booklet(sources), sources, title="VP scales: the booklet")


def pack_parts(root, runs, *, booklet_page: str | None = None) -> list[Part]:
    """The pack's parts from the reports folder ``root``: the committee brief, the booklet,
    each of ``runs`` (run names, in order) whose report page is on disk, the glossary.

    A run that did not end well (no ``run.json`` in its folder, or no page) is left out;
    the cover counts what was included. ``booklet_page`` is the booklet's HTML when it is
    already made (else it is made here).
    """
    root = Path(root)
    booklet_page = booklet_page if booklet_page is not None else _booklet_page()
    parts = []
    ordered = [_FIRST, *[r for r in runs if r != _FIRST]]
    for name in ordered:
        record = root / name / "run.json"
        if not record.is_file():
            continue
        stem = Path(read_json(record).get("notebook", "")).stem
        page = root / name / f"{stem}.html"
        if not page.is_file():
            continue
        body, styles = _split(page.read_text(encoding="utf-8"))
        title = read_json(record).get("title") or name.replace("_", " ")
        parts.append(Part(title, f"pack-{name}", body, styles))
        if name == _FIRST:
            booklet_body, booklet_styles = _split(booklet_page)
            parts.append(
                Part("The booklet of VP scales", "pack-booklet", booklet_body, booklet_styles)
            )
    if not any(p.anchor == "pack-booklet" for p in parts):  # no brief ran: the booklet first
        booklet_body, booklet_styles = _split(booklet_page)
        parts.insert(
            0, Part("The booklet of VP scales", "pack-booklet", booklet_body, booklet_styles)
        )
    parts.append(_glossary())
    return parts


def pack_html(parts, *, title="Committee pack", contents_only=False, footer="") -> str:
    """The pack as one HTML document (``templates/pack.html.j2``); ``contents_only``: its
    contents page alone, every page's footer the literal ``footer``.

    >>> page = pack_html([Part("A <b>part</b>", "pack-a", Markup("<p>x</p>"), (), 3)])
    >>> "A &lt;b&gt;part&lt;/b&gt;" in page and "<p>x</p>" in page and "page 3" in page
    True
    """
    styles = []
    for part in parts:
        for style in part.styles:
            if style not in styles:
                styles.append(style)
    git = git_state()
    return render(
        "pack.html.j2",
        title=title,
        parts=parts,
        styles=[Markup(s) for s in styles],
        written=now()[:10],
        version=package_version(),
        revision=(git["revision"] or "unknown")[:12] + (" (dirty tree)" if git["dirty"] else ""),
        tally=", ".join(p.title for p in parts[:3]) + (", ..." if len(parts) > 3 else ""),
        contents_only=contents_only,
        footer=footer,
    )


def _start_pages(reader, parts) -> list[int]:
    """The page (1-based) on which each part starts in the printed pack (a ``PdfReader``).

    Chromium writes every anchor a link points to (the contents page links each part's)
    as a named destination of the PDF: a page reference, read without parsing a page.
    A PDF without them (another browser) is searched page by page for each part's title
    line ("Part N: ..."), which takes about 0.1 s a page.
    """
    at = _destination_pages(reader)
    if all(part.anchor in at for part in parts):
        return [at[part.anchor] for part in parts]
    texts = [(page.extract_text() or "") for page in reader.pages]
    out, at = [], 0
    for i, _part in enumerate(parts, start=1):
        marker = f"Part {i}:"
        found = next((j for j in range(at, len(texts)) if marker in texts[j]), None)
        if found is None:
            raise BridgestatsError(f"committee pack: part {i} not found in the printed PDF")
        out.append(found + 1)
        at = found
    return out


def _destination_pages(reader) -> dict[str, int]:
    """Each named destination of the PDF (the catalog's ``/Dests`` and its ``/Names``
    tree) and the page (1-based) it points to."""
    number = {page.indirect_reference.idnum: i for i, page in enumerate(reader.pages, 1)}
    out = {}
    dests = reader.trailer["/Root"].get("/Dests")
    for name, dest in dests.get_object().items() if dests is not None else ():
        dest = dest.get_object()
        target = dest["/D"] if hasattr(dest, "keys") else dest
        ref = getattr(target[0], "idnum", None)
        if ref in number:
            out[str(name).lstrip("/")] = number[ref]
    for name, dest in reader.named_destinations.items():
        page = reader.get_destination_page_number(dest)
        if page is not None and page >= 0:
            out.setdefault(str(name).lstrip("/"), page + 1)
    return out


def write_pack(root, runs, *, timeout: float = 300) -> tuple[Path | None, str]:
    """Write ``reports/booklet.html`` and, with a browser, ``reports/committee_pack.pdf``.

    Parameters
    ----------
    root : path
        The reports folder (the runner's).
    runs : sequence of str
        The batch's run names, in order.
    timeout : float
        Seconds each print may take.

    Returns
    -------
    tuple
        The PDF's path (None when it was not printed) and one line saying what was done.
    """
    root = Path(root)
    for name in (BOOKLET_PAGE, PACK_PDF):
        if not page_is_ours(root, name):
            raise BridgestatsError(
                f"reports_dir: {str(root / name)!r} was not written by the runner (or was"
                " changed since); move it away, the batch would replace it"
            )
    booklet_page = _booklet_page()
    write_text_atomic(root / BOOKLET_PAGE, booklet_page, what="the booklet page")
    record_page(root, BOOKLET_PAGE)
    if find_browser() is None:
        return None, (
            "committee pack: not printed (it needs headless Chromium; on Debian: apt-get "
            f"install chromium); the booklet is {BOOKLET_PAGE}"
        )
    parts = pack_parts(root, runs, booklet_page=booklet_page)
    with tempfile.TemporaryDirectory(prefix=".committee_pack.tmp-", dir=root) as tmp:
        page, first = Path(tmp) / "pack.html", Path(tmp) / "first.pdf"
        page.write_text(pack_html(parts), encoding="utf-8")
        print_pdf(page, first, timeout=timeout)
        from pypdf import PdfReader

        reader = PdfReader(str(first))
        starts = _start_pages(reader, parts)
        parts = [dataclasses.replace(p, page=n) for p, n in zip(parts, starts, strict=True)]
        final = Path(tmp) / "pack.pdf"
        n_pages = _with_numbered_contents(reader, parts, Path(tmp), final, timeout=timeout)
        os.replace(final, root / PACK_PDF)
    record_page(root, PACK_PDF)
    return root / PACK_PDF, f"committee pack: {PACK_PDF}, {n_pages} A4 pages in {len(parts)} parts"


def _with_numbered_contents(reader, parts, tmp: Path, final: Path, *, timeout) -> int:
    """The first print (``reader``) with its contents page replaced by one that gives each
    part's page, and a bookmark per part: the contents printed alone (its footer the page
    number it takes in the pack), its page put in place of the first print's; the whole pack
    is printed again only when the contents do not fit the pages the first print gave them.
    Returns the pack's number of pages."""
    from pypdf import PdfReader, PdfWriter

    n_pages, contents_pages = len(reader.pages), parts[0].page - 2  # after the cover
    alone = tmp / "contents.html"
    alone.write_text(
        pack_html(parts, contents_only=True, footer=f"page 2 of {n_pages}"), encoding="utf-8"
    )
    printed = print_pdf(alone, tmp / "contents.pdf", timeout=timeout)
    contents = PdfReader(str(printed))
    if contents_pages != 1 or len(contents.pages) != 1:  # the rare long contents
        whole = tmp / "again.html"
        whole.write_text(pack_html(parts), encoding="utf-8")
        print_pdf(whole, final, timeout=timeout)
        again = PdfReader(str(final))
        if _start_pages(again, parts) != [p.page for p in parts]:
            raise BridgestatsError("committee pack: the parts moved between the two prints")
        return len(again.pages)
    writer = PdfWriter()
    writer.add_page(reader.pages[0])
    numbered = writer.add_page(contents.pages[0])
    if "/Annots" in numbered:  # its links point into the contents' own document
        del numbered["/Annots"]
    for index in range(2, n_pages):
        writer.add_page(reader.pages[index])
    for part in parts:  # a bookmark per part, for a reader on screen
        writer.add_outline_item(title=part.title, page_number=part.page - 1)
    writer.add_metadata({"/Title": "bridgestats committee pack"})
    with open(final, "wb") as handle:
        writer.write(handle)
    return n_pages

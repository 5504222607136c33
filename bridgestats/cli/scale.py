"""``bridgestats scale``: a VP scale for an event, and the booklet of every scale.

Part of :mod:`bridgestats.cli`.
"""

from __future__ import annotations

import argparse
import sys

from .._output import markdown_table
from .._validate import check_int, fail
from ..errors import BridgestatsError
from ._common import _Ids, _option_id, _shown_id, _silence_stdout, _write_out

_SCALE_EPILOG = """examples:
  bridgestats scale --form teams --boards 8                  # the evidence's scale
  bridgestats scale --form swiss-pairs --boards 8 --format csv
  bridgestats scale --form teams --boards 8 --model probst --negative 5   # Probst, K 6.5
  bridgestats scale --form teams --boards 8 --k 6.5 --negative 5          # Probst, K given
  bridgestats scale --form swiss-pairs --boards 8 --sigma 11
  bridgestats scale --form swiss-pairs --boards 8 --results 63
  bridgestats scale --form butler-online --boards 15 --tables 15 --format csv
  bridgestats scale --form aggregate --boards 24 --sigma 1790 --max-vp 12
  bridgestats scale --wbf --boards 14 [--discrete]
  bridgestats scale --booklet --format html > booklet.html   # every form, 4-32 boards

Which sigma: with no --model, --k, --sigma, --results, --comparisons or --ascherman, the
project's evidence, the one sigma(n) the booklet and the designer print (teams sigma =
sqrt(nK^2 + n^2 delta^2); Swiss pairs sigma^2 = k^2/n + 2 tau^2; face-to-face Butler
B*K(n)*sqrt(n(T-1)/(2T)), 15 tables unless --tables; cross-IMPed teams of eight
K(n)*sqrt(8n); aggregate K*sqrt(n); K, delta, k, tau and B measured once and shipped in
data/derived/sigma_evidence_inputs.csv), for every form it measures; online Butler, which
it does not, takes Probst's model. --model probst (or --k, --results, --comparisons,
--ascherman) takes the models of J. Probst, "On VP Scales" (c. 2006; reproduced on
bridgeguys.com), with his default K unless --k: sigma = K*sqrt(n) for teams and aggregate,
K*sqrt(n*C*R/2) cross-IMPed, B*K*sqrt(n*C/(2R)) + 1 Butler (K 7 online, 6.5 face to
face), K/sqrt(n) for Swiss pairs: they reproduce his tables. --sigma gives the match sigma
itself. The output says which sigma it used, its source and, from the evidence, its 90 %
interval (before the table; on standard error with --format csv). Margins in MP % are
shown as the winner's percentage; whole-IMP (10-point) ranges: a margin earns a step when
it reaches the threshold. The WBF scale is that of the WBF Scoring Panel's technical
report, "The New WBF IMP to VP Scales" (World Bridge Federation, 2013).
"""


def _add_scale(sub) -> None:
    from ..sigma import FORMS

    p = sub.add_parser(
        "scale",
        help="print a Victory Point scale for an event",
        epilog=_SCALE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--form", type=_option_id, choices=_Ids(FORMS), default=None, help="event form (teams)"
    )
    p.add_argument("--boards", type=int, default=None, help="boards per match (required)")
    p.add_argument(
        "--model",
        choices=["evidence", "probst"],
        default=None,
        help="where sigma comes from: the project's evidence (the default for every form it "
        "measures) or Probst's model with his default K",
    )
    p.add_argument(
        "--k", type=float, default=None, help="per-board sigma K of Probst's model (his default)"
    )
    p.add_argument("--sigma", type=float, default=None, help="match sigma (overrides --k)")
    p.add_argument("--max-vp", type=int, default=20, help="VP total of the scale (20)")
    p.add_argument("--negative", type=int, default=0, help="negative-VP steps (0)")
    p.add_argument(
        "--tables", type=float, default=None, help="tables in play (butler: 15; butler-online)"
    )
    p.add_argument("--comparisons", type=float, default=None, help="C for cross-imps (4)")
    p.add_argument(
        "--results",
        type=float,
        default=None,
        help="R for cross-imps (4); swiss-pairs: field size, sigma from the 20-0 model",
    )
    p.add_argument(
        "--ascherman", action="store_true", help="swiss-pairs: sigma from the Ascherman 20-0"
    )
    p.add_argument("--wbf", action="store_true", help="the WBF 2013 IMP scale instead")
    p.add_argument("--discrete", action="store_true", help="with --wbf: whole VPs 0-20")
    p.add_argument(
        "--continuous", action="store_true", help="show continuous ranges, not whole IMPs"
    )
    p.add_argument(
        "--booklet",
        action="store_true",
        help="the whole booklet instead (every form the evidence measures and every named "
        "scale marked for it, 4-32 boards; --format html, csv or pdf); "
        "--k, --sigma (8-board Swiss pairs), --b and --tables override its measured estimates",
    )
    p.add_argument("--b", type=float, default=None, help="with --booklet: the Butler factor B")
    p.add_argument(
        "--format",
        choices=["markdown", "csv", "html", "pdf"],
        default="markdown",
        help="pdf: the booklet printed on A4 through headless Chromium (with --booklet)",
    )
    p.set_defaults(func=_run_scale)


def _scale_conflicts(args) -> None:
    """Options that do not fit together raise, rather than being silently ignored.

    (:func:`bridgestats.vp.event_scale` checks the model's own options.)
    """
    if args.discrete and not args.wbf:
        raise fail("--discrete", "given with --wbf", "--discrete without --wbf")
    if args.wbf:
        # the WBF scale is 20-0 for teams IMPs: every model option must keep its default
        defaults = {
            "--form": (args.form, (None, "teams")),
            "--model": (args.model, (None,)),
            "--k": (args.k, (None,)),
            "--sigma": (args.sigma, (None,)),
            "--max-vp": (args.max_vp, (20,)),
            "--negative": (args.negative, (0,)),
            "--tables": (args.tables, (None,)),
            "--comparisons": (args.comparisons, (None,)),
            "--results": (args.results, (None,)),
            "--ascherman": (args.ascherman, (False,)),
            "--continuous": (args.continuous, (False,)),
        }
        given = [opt for opt, (value, default) in defaults.items() if value not in default]
        if given:
            raise fail(
                "--wbf",
                "given with only --boards, --discrete and --format (a 20-0 teams IMP scale)",
                given,
            )


def _run_booklet(args) -> int:
    import dataclasses

    from ..apps import booklet as bk

    others = {
        "--boards": args.boards is not None,
        "--form": args.form is not None,
        "--model": args.model is not None,
        "--wbf": args.wbf,
        "--discrete": args.discrete,
        "--max-vp": args.max_vp != 20,
        "--negative": args.negative != 0,
        "--comparisons": args.comparisons is not None,
        "--results": args.results is not None,
        "--ascherman": args.ascherman,
        "--continuous": args.continuous,
    }
    given = [opt for opt, on in others.items() if on]
    if given:
        raise fail("--booklet", "given with only --k, --sigma, --b, --tables and --format", given)
    if args.format == "markdown":
        raise fail("--format", "html, csv or pdf with --booklet", args.format)
    if args.format == "pdf":
        _need_browser("--format pdf")
    src = bk.default_sources(n_tables=15 if args.tables is None else int(args.tables))
    given_by = "given on the command line"
    if args.k is not None:
        src = dataclasses.replace(src, k=args.k, delta=0.0, k_source=f"{given_by}, δ = 0")
    if args.sigma is not None:
        src = dataclasses.replace(src, sigma_pairs_8=args.sigma, sigma_source=given_by)
    if args.b is not None:
        src = dataclasses.replace(src, b=args.b, b_source=given_by)
    frame = bk.booklet(src)
    out = bk.booklet_csv(frame) if args.format == "csv" else bk.booklet_html(frame, src)
    if args.format == "pdf":
        import tempfile
        from pathlib import Path

        from ..reports import browser

        with tempfile.TemporaryDirectory(prefix="bridgestats-booklet-") as tmp:
            page = Path(tmp, "booklet.html")
            page.write_text(out, encoding="utf-8")
            pdf = browser.print_pdf(page, Path(tmp, "booklet.pdf")).read_bytes()
        try:
            sys.stdout.buffer.write(pdf)
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            _silence_stdout()
            reason = exc.strerror or type(exc).__name__
            raise BridgestatsError(
                f"standard output: could not write the booklet ({reason})"
            ) from None
        return 0
    _write_out(out, what="the booklet", form=args.format)
    return 0


def _need_browser(option: str) -> None:
    """Stop before any work when ``option`` needs the browser and it is not installed."""
    from ..reports import browser

    if browser.find_browser() is None:
        raise BridgestatsError(
            f"{option}: writing PDF needs headless Chromium, which is not installed (tried "
            + ", ".join(browser.BROWSERS)
            + "; on Debian: apt-get install chromium); the HTML needs nothing more"
        )


def _scale_title(scale, form: str, n_boards) -> str:
    """A Gaussian scale's title as a reader reads it: "Teams of four, 8 boards, σ = 18.38
    IMPs, 2 negative VPs" (the form by its name, not its id)."""
    from ..names import display_name

    name = display_name("form", form)
    title = f"{name[:1].upper()}{name[1:]}, {n_boards:g} boards, σ = {scale.sigma:.4g} {scale.unit}"
    return title + (f", {scale.negative} negative VPs" if scale.negative else "")


def _run_scale(args) -> int:
    import dataclasses
    import html

    from ..names import display_name
    from ..vp import wbf_scale, wbf_table

    if args.booklet:
        return _run_booklet(args)
    if args.format == "pdf":
        raise fail("--format", "markdown, csv or html for one scale (pdf is for --booklet)", "pdf")
    if args.b is not None:
        raise fail("--b", "given with --booklet", args.b)
    if args.boards is None:
        raise fail("--boards", "given (boards per match)", None)
    _scale_conflicts(args)
    if args.wbf and not args.discrete:
        frame = wbf_table(args.boards)
        frame["vp_winner"] = frame["vp_winner"].map("{:.2f}".format)
        frame["vp_loser"] = frame["vp_loser"].map("{:.2f}".format)
        if args.format == "csv":  # the column ids, for programs (and --scale-file)
            _write_out(frame.to_csv(index=False), form="csv")
            return 0
        top = frame["imp_margin"].iloc[-1]
        frame = frame.rename(columns=lambda c: display_name("column", c))
        title = f"{display_name('scale', 'wbf')}, {args.boards} boards (20.00 from {top})"
        if args.format == "html":
            out = frame.to_html(index=False, border=0)
            out = out.replace(">\n", f">\n  <caption>{html.escape(title)}</caption>\n", 1)
        else:
            out = f"**{title}**\n\n" + markdown_table(frame)
        _write_out(out, form=args.format)
        return 0
    said = ""
    if args.wbf:
        scale = wbf_scale(args.boards)
        name = f"{display_name('scale', 'wbf_discrete')}, {scale.name.rsplit(', ', 1)[-1]}"
    else:
        scale, said = _form_scale(args)
        name = _scale_title(scale, args.form or "teams", args.boards)
    scale = dataclasses.replace(scale, name=name)  # its name as a reader reads it
    step = 0 if args.continuous else None
    if args.format == "csv":
        out = scale.to_csv(step=step)
        if said:  # standard output stays one CSV table
            print(said, file=sys.stderr)
    elif args.format == "html":
        out = scale.to_html(step=step)
        if said:
            out = f"<p>{html.escape(said)}</p>\n{out}"
    else:
        out = scale.to_markdown(step=step)
        if said:
            out = f"{said}\n\n{out}"
    _write_out(out if out.endswith("\n") else out + "\n", form=args.format)
    return 0


def _form_scale(args):
    """The scale of ``--form`` and the sentence that says which σ it is built on.

    :func:`bridgestats.vp.scale_sigma` decides: with no option of Probst's models (``--k``,
    ``--results``, ``--comparisons``, ``--ascherman``) and no ``--sigma``, σ is the
    evidence's (:func:`bridgestats.sigma.form_sigma`, read from the shipped inputs: no
    pandas) for every form it measures, unless ``--model probst``; a form it does not
    measure takes Probst's model.
    """
    from ..names import readable
    from ..sigma import event_form
    from ..vp import event_scale, scale_sigma

    form = args.form or "teams"
    entry = event_form(form)
    probst_options = {
        "--k": args.k is not None,
        "--results": args.results is not None,
        "--comparisons": args.comparisons is not None,
        "--ascherman": args.ascherman,
    }
    given = [opt for opt, on in probst_options.items() if on]
    if args.model == "evidence" and (given or args.sigma is not None):
        given += ["--sigma"] if args.sigma is not None else []
        raise fail("--model", "probst, or not given, with " + ", ".join(given), "evidence")
    if args.model == "probst" and args.sigma is not None:
        raise fail(
            "--sigma", "not given with --model (the match sigma replaces the model)", args.sigma
        )
    if args.model == "evidence" and entry.evidence is None:
        raise fail(
            "--model",
            f"probst for form {_shown_id(form)} (the evidence measures no sigma for it)",
            "evidence",
        )
    evidence_route = not given and args.sigma is None and args.model != "probst"
    if evidence_route and entry.evidence is not None and args.tables is not None:
        if "n_tables" in entry.options:
            check_int(args.tables, "--tables", minimum=2, maximum=1000)
    src = scale_sigma(
        form,
        args.boards,
        source=args.model,
        k=args.k,
        sigma=args.sigma,
        n_tables=args.tables,
        comparisons=args.comparisons,
        n_results=args.results,
        ascherman=args.ascherman,
        max_vp=args.max_vp,
    )
    scale = event_scale(
        form, args.boards, sigma=src.sigma, max_vp=args.max_vp, negative=args.negative
    )
    head = f"σ = {src.sigma:.2f} {src.unit}"
    if src.kind == "evidence":
        lo, hi = src.sigma_ci or (None, None)
        ci = "" if lo is None else f" ({src.confidence:.0%} interval {lo:.2f}-{hi:.2f})"
        where = "from the evidence" if lo is not None else "from a printed figure, no interval"
        return scale, f"{head}{ci} over {args.boards} boards, {where}: {readable(src.source)}."
    if src.kind == "given":
        where = "given on the command line"
    elif args.results is not None or args.ascherman:
        where = "Probst's Swiss pairs field model (§11): the 20-0 at the top board's percentage"
    else:
        k = entry.k if args.k is None else args.k
        where = f"Probst's model, K = {k:g}{'' if args.k is not None else ' (his default)'}: " + (
            entry.source
        )
    return scale, f"{head} over {args.boards} boards, {where}."

"""The ``bridgestats`` command.

``bridgestats scale ...``    print a VP scale for an event (see ``bridgestats scale -h``)
``bridgestats score FILE``   score an event file: per board, the ranking, the printed scores
``bridgestats read FILE``    write a result file's tidy frame as CSV
``bridgestats reports ...``  run the evidence notebooks into HTML reports

Bad arguments get a one-line error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys

from ._output import (
    check_not_input,
    csv_safe_frame,
    encodable,
    html_text,
    markdown_text,
    one_line,
    without_bidi,
    write_text_atomic,
)
from ._validate import check_imp_sigma, check_int, check_k, fail
from .errors import BridgestatsError

__all__ = ["main"]


# --- package ids on the command line -----------------------------------------------------
# The package spells every id with underscores ("cross_imps", "swiss_pairs", "wbf_discrete");
# the command line spells them with hyphens. _option_id, _shown_id and _Ids are the one
# place that translates: every option choosing an id takes choices=_Ids(...), type=_option_id.


def _option_id(text: str) -> str:
    """The package id a command-line word names: ``cross-imps`` is ``cross_imps``."""
    return text.replace("-", "_")


def _shown_id(name: str) -> str:
    """A package id as the command line spells it: ``cross_imps`` is ``cross-imps``."""
    return str(name).replace("_", "-")


class _Ids(tuple):
    """The choices of an option as the command line spells them (help and errors show
    ``cross-imps``), holding the package's ids (``"cross_imps" in choices``)."""

    def __new__(cls, ids):
        return super().__new__(cls, (_shown_id(i) for i in ids))

    def __contains__(self, value) -> bool:
        return tuple.__contains__(self, _shown_id(value))


# --- bridgestats scale -------------------------------------------------------------------


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
    from .sigma import FORMS

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


def _md_cell(value) -> str:
    r"""One Markdown table cell, as text (:func:`bridgestats._output.markdown_text`): ``|``
    escaped (a team named ``Alpha | 99`` must not add a column), ``\`` kept as text, line
    breaks as spaces, no raw HTML nor link (``<``, ``>``, ``[``, ``]``), no bidi controls.

    >>> _md_cell("Alpha | 99 | 99"), _md_cell("a\\b\nc"), _md_cell("<b>[x](y)")
    ('Alpha \\| 99 \\| 99', 'a\\\\b c', '&lt;b&gt;\\[x\\](y)')
    """
    return markdown_text(value)


def _scale_markdown(frame) -> str:
    """A plain Markdown table of a frame (tabulate is not a dependency), cells escaped."""
    head = "| " + " | ".join(_md_cell(c) for c in frame.columns) + " |"
    rule = "|" + "---|" * frame.shape[1]
    rows = [
        "| " + " | ".join(_md_cell(v) for v in row) + " |" for row in frame.itertuples(index=False)
    ]
    return "\n".join([head, rule, *rows]) + "\n"


def _run_booklet(args) -> int:
    import dataclasses

    from .apps import booklet as bk

    others = {
        "--boards": args.boards is not None, "--form": args.form is not None,
        "--model": args.model is not None, "--wbf": args.wbf, "--discrete": args.discrete,
        "--max-vp": args.max_vp != 20,
        "--negative": args.negative != 0, "--comparisons": args.comparisons is not None,
        "--results": args.results is not None, "--ascherman": args.ascherman,
        "--continuous": args.continuous,
    }  # fmt: skip
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

        from .reports import browser

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
    from .reports import browser

    if browser.find_browser() is None:
        raise BridgestatsError(
            f"{option}: writing PDF needs headless Chromium, which is not installed (tried "
            + ", ".join(browser.BROWSERS)
            + "; on Debian: apt-get install chromium); the HTML needs nothing more"
        )


def _scale_title(scale, form: str, n_boards) -> str:
    """A Gaussian scale's title as a reader reads it: "Teams of four, 8 boards, σ = 18.38
    IMPs, 2 negative VPs" (the form by its name, not its id)."""
    from .names import display_name

    name = display_name("form", form)
    title = f"{name[:1].upper()}{name[1:]}, {n_boards:g} boards, σ = {scale.sigma:.4g} {scale.unit}"
    return title + (f", {scale.negative} negative VPs" if scale.negative else "")


def _run_scale(args) -> int:
    import dataclasses
    import html

    from .names import display_name
    from .vp import wbf_scale, wbf_table

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
            out = f"**{title}**\n\n" + _scale_markdown(frame)
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
    from .names import readable
    from .sigma import event_form
    from .vp import event_scale, scale_sigma

    form = args.form or "teams"
    entry = event_form(form)
    probst_options = {"--k": args.k is not None, "--results": args.results is not None,
                      "--comparisons": args.comparisons is not None,
                      "--ascherman": args.ascherman}  # fmt: skip
    given = [opt for opt, on in probst_options.items() if on]
    if args.model == "evidence" and (given or args.sigma is not None):
        given += ["--sigma"] if args.sigma is not None else []
        raise fail("--model", "probst, or not given, with " + ", ".join(given), "evidence")
    if args.model == "probst" and args.sigma is not None:
        raise fail("--sigma", "not given with --model (the match sigma replaces the model)",
                   args.sigma)  # fmt: skip
    if args.model == "evidence" and entry.evidence is None:
        raise fail("--model", f"probst for form {_shown_id(form)} (the evidence measures "
                   "no sigma for it)", "evidence")  # fmt: skip
    evidence_route = not given and args.sigma is None and args.model != "probst"
    if evidence_route and entry.evidence is not None and args.tables is not None:
        if "n_tables" in entry.options:
            check_int(args.tables, "--tables", minimum=2, maximum=1000)
    src = scale_sigma(form, args.boards, source=args.model, k=args.k, sigma=args.sigma,
                      n_tables=args.tables, comparisons=args.comparisons, n_results=args.results,
                      ascherman=args.ascherman, max_vp=args.max_vp)  # fmt: skip
    scale = event_scale(form, args.boards, sigma=src.sigma, max_vp=args.max_vp,
                        negative=args.negative)  # fmt: skip
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
            entry.source)  # fmt: skip
    return scale, f"{head} over {args.boards} boards, {where}."


def _write_out(text: str, *, what: str = "the table", form: str = "text", hint=None) -> None:
    """Write ``text`` to standard output and flush it, so that a full disk is reported here.

    A write that fails (``> /dev/full``: no space left on device) raises a
    :class:`BridgestatsError` naming standard output and the system's reason; a closed pipe
    (``| head -1``) raises :class:`BrokenPipeError`, which :func:`main` handles. Text
    standard output's encoding cannot carry is handled by ``_output.encodable`` (``form``:
    ``"csv"``, ``"html"`` or other text; ``hint``: the option that writes a file).
    """
    errors = getattr(sys.stderr, "errors", None)
    text, note = encodable(text, sys.stdout, what=what, form=form, hint=hint, errors=errors)
    if note:
        print(f"bridgestats: note: {note}", file=sys.stderr)
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        _silence_stdout()  # the unwritten buffer must not fail again at exit
        reason = exc.strerror or type(exc).__name__
        raise BridgestatsError(f"standard output: could not write {what} ({reason})") from None


def _silence_stdout() -> None:
    """Point standard output at the null device (the Python documentation's recipe for a
    closed pipe, "Note on SIGPIPE" in the signal module): the interpreter's own flush at
    exit then has nowhere to fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (a test's capture)
        pass


# --- bridgestats score / read ------------------------------------------------------------


_SCORE_EPILOG = """examples:
  bridgestats score session.pbn                      the file's own method, as Markdown
  bridgestats score travellers.csv --no-neuberg --decimals 2 --table ranking --format csv
  bridgestats score pairs.pbn --method butler --datum rounded
  bridgestats score pairs.xml --method cross-imps --cross-sum
  bridgestats score match.pbn --scale wbf-discrete --out match.html --format html
  bridgestats score match.lin --scale gaussian --k 6.5
  bridgestats score match.pbn --scale-file myscale.csv  (as `bridgestats scale --format csv`)

The method is the file's own (PBN Scoring, USEBIO EVENT_TYPE/SCORING_METHOD, two rooms of
a team match: IMPs and VPs; ACBL travellers: matchpoints) unless --method is given. Where
the file prints its own scores (PBN ScoreTable MP_NS/IMP_NS/Percentage_NS, ScoreMP,
ScoreIMP, ScorePercentage; ACBL mp_ns; USEBIO NS_MATCH_POINTS, NS_BUTLER_POINTS,
NS_CROSS_IMP_POINTS, BOARD_AVERAGE) it says how many agree and lists those that do not;
likewise the ranking it printed (USEBIO PAIR TOTAL_SCORE/PERCENTAGE/PLACE, PBN
TotalScoreTable; or --standings CSV, e.g. the ACBL recaps' pair_standings.csv), places
as 6= when shared. Adjusted results are listed with how each was scored (Law 12C2 shares
of the top at matchpoints, Law 86A +-3 IMPs at IMPs and teams, or as the file printed).
The summary (method, counts, agreement) heads Markdown and HTML output, and goes to
standard error as one line with CSV or --out. With --format csv and --table all, the tables
follow one another, each after a line "# <table>".

exit status: 0 scored, 2 a bad argument or a file that cannot be read (one line naming
the file, the record and the reason)."""

_TABLES = ("all", "ranking", "matches", "agreement", "mismatches", "boards", "adjusted",
           "standings", "standings-mismatches")  # fmt: skip
# bridgestats.scoring's METHODS (+ "teams", bridgestats.apps.score's) and DATUMS,
# written out so that building the parser imports no pandas (tests/test_cli_score.py checks
# they agree)
_METHODS = ("mp", "butler", "cross_imps", "teams")
_DATUMS = ("trimmed", "mean", "rounded")


def _add_score(sub) -> None:
    from .conventions import CONVENTIONS  # a catalogue: no pandas
    from .vp import team_scales  # the ids only: no scale is built to list them

    p = sub.add_parser(
        "score",
        help="score an event file: per board, the ranking, and the printed scores checked",
        epilog=_SCORE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", help="a PBN, LIN, USEBIO, VALET or ACBL traveller file (or folder)")
    p.add_argument(
        "--method", type=_option_id, choices=_Ids(_METHODS), help="scoring method (the file's own)"
    )
    p.add_argument(
        "--per-beat", type=int, choices=[1, 2], help="MPs per result beaten (as printed, else 2)"
    )
    p.add_argument("--ascherman", action="store_true", help="mp: Ascherman's matchpoints")
    p.add_argument(
        "--neuberg",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="mp: factor boards to the section's most results (the default; --no-neuberg: "
        "each board to its own lines only)",
    )
    p.add_argument(
        "--conventions",
        type=_option_id,
        choices=_Ids(CONVENTIONS),
        help="the scoring program's conventions (the one the file names, else neuberg)",
    )
    p.add_argument("--datum", choices=list(_DATUMS), help="butler datum (the conventions')")
    p.add_argument("--trim", type=float, help="butler trimmed datum: share dropped each end (0.1)")
    p.add_argument("--cross-sum", action="store_true", help="cross-imps: sums, not averages")
    p.add_argument(
        "--decimals",
        type=int,
        default=None,
        help="pairs: round each board's score before totalling (ACBLscore: 2)",
    )
    p.add_argument(
        "--standings",
        metavar="CSV",
        help="pairs: the printed standings, when the file does not hold them (pair, and "
        "total/score, pct, place; event/session, section, direction; adjust)",
    )
    p.add_argument(
        "--scale",
        type=_option_id,
        choices=_Ids((*team_scales(), "gaussian")),
        default=None,
        help="teams: VP scale (wbf)",
    )
    p.add_argument("--k", type=float, default=None, help="teams, gaussian: per-board K")
    p.add_argument("--scale-file", metavar="CSV", help="teams: a VP scale in CSV")
    p.add_argument("--table", choices=_TABLES, default="all", help="what to print (all)")
    p.add_argument("--format", choices=["markdown", "csv", "html"], default="markdown")
    p.add_argument(
        "--out", metavar="FILE", help="write to FILE instead of standard output (- is it)"
    )
    p.add_argument("--strict", action="store_true", help="fail on the first unscorable record")
    p.set_defaults(func=_run_score)


def _add_read(sub) -> None:
    p = sub.add_parser(
        "read",
        help="write a result file's tidy frame (one row per table result) as CSV",
        description="Read a PBN, LIN, USEBIO, VALET or ACBL traveller file and write the "
        "tidy frame of bridgestats.io: one row per table result, scores from North-South's "
        "side, then what the file printed under its own names.",
    )
    p.add_argument("file", help="a result file or a folder of them")
    p.add_argument("--to", choices=["csv"], default="csv", help="output format (csv)")
    p.add_argument(
        "--out", metavar="FILE", help="write to FILE instead of standard output (- is it)"
    )
    p.add_argument("--strict", action="store_true", help="fail on the first unscorable record")
    p.set_defaults(func=_run_read)


def _read_file(path: str, *, strict: bool):
    """The tidy frame of ``path``; a file that cannot be read raises one line naming it."""
    from .io import read_results

    try:
        return read_results(path, strict=strict)
    except BridgestatsError:
        raise
    except (OSError, ValueError, EOFError, LookupError) as exc:  # gzip, encoding, I/O
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise BridgestatsError(f"{path}: cannot be read ({reason})") from None


def _emit(text: str, out: str | None, *, what: str, form: str = "text") -> None:
    """Write ``text`` to the file ``out`` (atomically: see :mod:`bridgestats._output`), or
    to standard output (``form``, CSV, HTML or other text, for ``_output.encodable``)."""
    if out is None:
        _write_out(text, what=what, form=form, hint="--out FILE")
        return
    write_text_atomic(out, text, what=what)  # all or nothing: the previous file survives


def _scale_conflicts_score(args) -> None:
    """The VP scale's options that do not fit one another, whatever the method."""
    if args.k is not None and args.scale != "gaussian":
        raise fail("--k", "given with --scale gaussian", args.k)
    if args.scale_file is not None and args.scale is not None:
        raise fail("--scale-file", "given without --scale", args.scale)


def _score_conflicts(args, methods: set) -> None:
    """Options for another method than those scored raise, rather than being ignored (a
    folder's files may be scored by several methods: an option of one of them is taken)."""
    pairs_only = {
        "--per-beat": args.per_beat is not None,
        "--ascherman": args.ascherman,
        "--neuberg": args.neuberg is not None,
    }
    for option, value in (("--decimals", args.decimals), ("--standings", args.standings)):
        if methods == {"teams"} and value is not None:
            raise fail(option, "given with a pairs method (the method here is teams)", value)
    teams_only = {
        "--scale": args.scale is not None,
        "--k": args.k is not None,
        "--scale-file": args.scale_file is not None,
    }
    own = {
        "--datum": (args.datum is not None, "butler"),
        "--trim": (args.trim is not None, "butler"),
        "--cross-sum": (args.cross_sum, "cross_imps"),
    }
    said = " and ".join(_shown_id(m) for m in sorted(methods))
    here = f"the method here is {said}"
    if "mp" not in methods:
        given = [o for o, on in pairs_only.items() if on]
        if given:
            raise fail(given[0], f"given with matchpoints ({here})", True)
    if "teams" not in methods:
        given = [o for o, on in teams_only.items() if on]
        if given:
            raise fail(given[0], f"given with teams ({here})", True)
    for option, (on, needs) in own.items():
        if on and needs not in methods:
            raise fail(option, f"given with {_shown_id(needs)} ({here})", True)


# What a scorer reads (Markdown, HTML) shows names: the method's, the scale's and each
# column's (bridgestats.names), the printed place ("6="), whole numbers without decimals, no
# column that is empty throughout. CSV keeps the package's ids and column names: it is read
# by programs (and by `bridgestats score --scale-file`).

#: The headings of the tables (``--table`` takes the ids).
_TABLE_TITLES = {
    "ranking": "Ranking",
    "matches": "Matches",
    "agreement": "The file's printed scores, checked",
    "mismatches": "Printed scores that differ",
    "boards": "Boards",
    "adjusted": "Adjusted results",
    "standings": "The file's printed standings, checked",
    "standings-mismatches": "Printed standings that differ",
}

#: Where a column means more in one table than its name says.
_TABLE_COLUMNS = {
    "matches": {"imp_margin": "margin A", "imp_margin_b": "margin B",
                "adjusted": "adjusted boards"},
    "mismatches": {"printed": "printed figure", "printed_value": "printed",
                   "computed_value": "computed"},
    "standings-mismatches": {"printed_value": "printed", "computed_value": "computed"},
    "adjusted": {"adjusted": "how it was scored"},
}  # fmt: skip

#: Columns whose cells are column ids (the figure compared), shown by name.
_ID_CELLS = {"agreement": "computed", "standings": "figure", "standings-mismatches": "figure"}

#: Columns left out where they repeat another column throughout (a board factored to
#: its own results, no board on its own top).
_SAME_AS = {"n_expected": "n_results", "mp_ns_own": "mp_ns", "top_own": "top"}

#: A computed figure as a sentence names it (the ranking's ``pct`` is a column of "%").
_FIGURE_WORDS = {"pct": "percentage", "pct_ns": "NS percentage"}


def _figure_name(column: str) -> str:
    """A figure compared, as a reader reads it: ``mp_ns`` is "NS matchpoints"."""
    from .names import display_name

    return _FIGURE_WORDS.get(column) or display_name("column", column)


def _empty(values) -> bool:
    """Whether every cell of a column is missing or blank text."""
    import pandas as pd

    return bool(values.map(lambda v: v is None or v is pd.NA or v != v or v == "").all())


def _number_text(values):
    """A numeric column as text: whole numbers without decimals when every value is whole
    (a score of -400, 6 results), else two decimals; a missing value is blank."""
    import numpy as np
    import pandas as pd

    numbers = pd.to_numeric(values, errors="coerce").astype(float)
    present = numbers.dropna().to_numpy()
    spec = ".0f" if bool(np.all(present == np.round(present))) else ".2f"

    def text(v: float) -> str:
        if v != v:
            return ""
        shown = format(v, spec)
        return shown[1:] if shown.startswith("-") and shown.strip("-0.") == "" else shown

    return numbers.map(text)


def _shown_frame(frame, name: str = "", *, said=()):
    """The table ``name`` as a reader sees it in Markdown and HTML: the printed place for
    the place (``6=``), ids in cells and column headers as names, empty columns and the
    columns ``said`` elsewhere left out, numbers as :func:`_number_text` writes them. (CSV
    writes ``frame`` itself.)"""
    import pandas as pd

    from .names import display_name

    out = frame.drop(columns=[c for c in said if c in frame])
    if "place_text" in out and "place" in out:  # "6=" says what the number 6 does not
        out = out.drop(columns="place").rename(columns={"place_text": "place"})
    if name in _ID_CELLS and _ID_CELLS[name] in out:
        out[_ID_CELLS[name]] = out[_ID_CELLS[name]].map(_figure_name)
    if len(out):
        out = out[[c for c in out.columns if not _empty(out[c])]]
    if name == "matches" and "adjusted" in out and not out["adjusted"].any():
        out = out.drop(columns="adjusted")  # no board adjusted: the summary says so
    for col, same in _SAME_AS.items():  # said once when no board differs
        if col in out and same in out and out[col].equals(out[same]):
            out = out.drop(columns=col)
    for col in out.columns:
        kind = out[col].dtype
        if pd.api.types.is_bool_dtype(kind):
            out[col] = out[col].map({True: "yes", False: "no"})
        elif pd.api.types.is_numeric_dtype(kind):
            out[col] = _number_text(out[col])
        else:  # a float among text (a place "6=" beside totals) is shown as the floats are
            out[col] = out[col].map(
                lambda v: (
                    ""
                    if v is None or v is pd.NA or v != v
                    else (f"{v:.2f}" if isinstance(v, float) else v)
                )
            )
        out[col] = out[col].map(without_bidi)  # names read from the file
    own = _TABLE_COLUMNS.get(name, {})
    return out.rename(columns={c: own.get(c) or display_name("column", c) for c in out.columns})


def _template(name: str) -> str:
    from importlib.resources import files

    return files("bridgestats.apps").joinpath("templates", name).read_text(encoding="utf-8")


def _render(tables: dict, *, fmt: str, title: str, lines: list[str], said=()) -> str:
    """The chosen tables as one text: Markdown sections, an HTML page, or CSV (CSV keeps
    the package's column names and ids). In Markdown and HTML the columns ``said`` (one
    value, which the title and the summary lines state) are left out."""
    import html
    from string import Template

    if fmt == "csv":  # text cells that a spreadsheet would run as formulas are quoted
        if len(tables) == 1:
            return csv_safe_frame(next(iter(tables.values()))).to_csv(index=False)
        return "\n".join(
            f"# {name}\n" + csv_safe_frame(t).to_csv(index=False) for name, t in tables.items()
        )
    if fmt == "html":
        sections = []
        for name, t in tables.items():
            body = (
                _shown_frame(t, name, said=said).to_html(index=False, border=0, classes="scores")
                if len(t)
                else "<p>None.</p>"
            )
            sections.append(
                f'<section id="{html.escape(name)}">'
                f"<h2>{html.escape(_TABLE_TITLES.get(name, name))}</h2>\n"
                f'<div class="wide">{body}</div></section>'
            )
        return Template(_template("score.html")).substitute(
            title=html_text(title),
            css=_template("score.css"),
            lines="\n".join(f"<li>{html_text(line)}</li>" for line in lines),
            sections="\n".join(sections),
        )
    # names read from the file are text: no raw HTML, no link (markdown_text)
    parts = [f"# {markdown_text(title)}", "", *[f"- {markdown_text(line)}" for line in lines]]
    for name, t in tables.items():
        parts += ["", f"## {_TABLE_TITLES.get(name, name)}", ""]
        shown = _scale_markdown(_shown_frame(t, name, said=said)).rstrip("\n")
        parts.append(shown if len(t) else "None.")
    return "\n".join(parts) + "\n"


def _load_lines(frame) -> list[str]:
    """What the reader noticed (its load summary's notes and printed-score check), as lines
    for the summary: never left unsaid (issue 26)."""
    summary = frame.attrs.get("summary")
    if summary is None:
        return []
    lines = []
    if summary.printed_scores:
        lines.append(
            f"scores printed in the file: {summary.score_mismatches} of "
            f"{summary.printed_scores} differ from the score of their contract and result"
        )
    if summary.notes:
        lines.append("read: " + ", ".join(f"{n} {what}" for what, n in summary.notes.items()))
    return lines


def _differ(versus, most: int = 6) -> str:
    """The printed standings' disagreements, for the summary line: ``; differ: pair 8
    place 8 (computed 9), ...`` (places first, then percentages and totals; the first
    ``most``, the rest counted)."""
    bad = versus.attrs.get("mismatches")
    if bad is None or len(bad) == 0:
        return ""

    def shown(v) -> str:
        return f"{v:.2f}" if isinstance(v, float) else str(v)

    keys = [k for k in ("event", "direction") if k in bad and bad[k].nunique() > 1]
    first = bad["figure"].map({"place": 0, "pct": 1, "total": 2}).sort_values(kind="stable")
    items = []
    for row in bad.loc[first.index].head(most).to_dict("records"):
        where = " ".join(str(row[k]) for k in keys if row[k])
        who = f"pair {row['pair']}" + (f" ({where})" if where else "")
        items.append(
            f"{who} {_figure_name(row['figure'])} {shown(row['printed_value'])}"
            f" (computed {shown(row['computed_value'])})"
        )
    more = f" and {len(bad) - most} more" if len(bad) > most else ""
    return "; differ: " + ", ".join(items) + more


def _with_standings(agree, versus, names):
    """The agreement table with a row per printed standings figure (``TOTAL_SCORE``,
    ``TotalMP``, ``PLACE``, ``Rank``, ... beside the computed ``total``, ``pct``,
    ``place``): the file's ranking is checked in the same table as its lines."""
    if versus is None or len(versus) == 0:
        return agree
    import pandas as pd

    names = names or {}
    rows = pd.DataFrame(
        {
            "printed": [names.get(f, f) for f in versus["figure"]],
            "computed": versus["figure"].to_numpy(),
            "compared": versus["compared"].to_numpy(),
            "agree": versus["agree"].to_numpy(),
            "disagree": versus["disagree"].to_numpy(),
            "not_compared": (versus["pairs"] - versus["compared"]).to_numpy()
            + versus.attrs.get("unmatched", 0),
        }
    )
    return pd.concat([agree, rows], ignore_index=True) if len(agree) else rows


def _adjusted_table(result):
    """The adjusted results (pairs: lines; teams: boards) and how each was scored."""
    boards = result.boards
    if boards is None or "adjusted" not in boards:
        return None
    if result.method == "teams":
        keep = ["source", "event", "segment", "team_a", "team_b", "board", "imps_a",
                "imps_b", "adjusted"]  # fmt: skip
    else:
        keep = ["source", "record", "event", "segment", "board", "pair_ns", "pair_ew"]
        keep += ["mp_ns", "mp_ew"] if "mp_ns" in boards else ["imps_ns", "imps_ew"]
        keep += ["adjusted"]
    rows = boards[boards["adjusted"].notna()]
    return rows[[c for c in keep if c in rows]].reset_index(drop=True)


def _adjusted_text(table, *, teams: bool, most: int = 4) -> str:
    """The summary's list of adjusted results: board, who, how it was scored."""

    def pair(v) -> str:
        return "?" if v is None or v != v else str(v)  # no pair numbers (NaN)

    items = []
    for row in table.head(most).to_dict("records"):
        who = (
            f"{row['team_a']} v {row['team_b']}"
            if teams
            else f"{pair(row.get('pair_ns'))} v {pair(row.get('pair_ew'))}"
        )
        items.append(f"board {row['board']} ({who}) {row['adjusted']}")
    more = f"; and {len(table) - most} more (--table adjusted)" if len(table) > most else ""
    return "; ".join(items) + more


#: The printed standings' figures counted in a sentence ("12 of 12 places agree").
_FIGURE_PLURALS = {"total": "totals", "pct": "percentages", "place": "places"}


def _method_source(result) -> str:
    """Where the method came from, in words: "declared in the file: MP_PAIRS"."""
    source = str(result.method_source)
    if source.startswith("declared: "):
        return "declared in the file: " + source.removeprefix("declared: ")
    return "chosen with --method" if source == "chosen" else source


def _events(result) -> str:
    """The event the results belong to, when the file holds one ("event: EL Wed ..."),
    as the tables then leave their column of one value out."""
    boards = result.boards
    if boards is None or "event" not in boards or len(boards) == 0:
        return ""
    events = [e for e in dict.fromkeys(boards["event"].dropna().astype(str)) if e]
    return f"event: {events[0]}" if len(events) == 1 else ""


def _vp_scale_line(result, *, scale: str, k, scale_file) -> str:
    """Teams: the VP scale the matches were scored on, by name."""
    from .names import display_name

    if scale == "file":
        return f"VPs: the scale read from {scale_file.name}"
    if scale == "gaussian":
        sigma = "K = " + ("the model's default" if k is None else f"{k:g}") + " IMPs a board"
        return f"VPs: {display_name('scale', scale)} scale, σ = K√n ({sigma})"
    return f"VPs: {display_name('scale', scale)} scale"


def _conventions_line(result) -> str:
    """The scoring program's conventions the event was scored by, and why those."""
    from .conventions import CONVENTIONS

    why = result.notes.get("conventions", "")
    why = "chosen with --conventions" if why == "chosen" else why
    return f"conventions: {CONVENTIONS[result.conventions].name} ({why})"


def _summary_lines(path: str, result) -> list[str]:
    notes = result.notes
    skipped = ", ".join(f"{n} {reason}" for reason, n in notes.get("skipped", {}).items())
    from .names import display_name

    lines = [f"method: {display_name('method', result.method)} ({_method_source(result)})"]
    if result.method != "teams":
        lines.append(_conventions_line(result))
    events = _events(result)
    if events:
        lines.insert(0, events)
    read = f"{notes['results']} results read"
    if result.method == "teams":
        unpaired = {k: v for k, v in notes.get("unpaired", {}).items() if v}
        read += f", {notes.get('paired_boards', 0)} boards paired into "
        n = len(result.matches)
        read += f"{n} match" + ("" if n == 1 else "es")
        if notes.get("adjusted"):
            read += f"; {notes['adjusted']} boards with an artificial adjusted score"
        if unpaired:
            read += "; unpaired records: " + ", ".join(f"{v} {k}" for k, v in unpaired.items())
        if notes.get("nameless matches"):
            k = notes["nameless matches"]
            read += (
                f"; {k} match{'' if k == 1 else 'es'} without team names: each side shown as"
                " home (North-South in the open room) or visitors, ranked match by match"
            )
    else:
        read += f", {notes.get('scored', 0)} scored"
        if notes.get("per_beat"):
            read += f" ({notes['per_beat']} MP per result beaten)"
        if notes.get("adjusted"):
            read += f"; {notes['adjusted']} adjusted"
        if notes.get("assigned"):
            read += f", {notes['assigned']} of them results credited as the file printed"
        if notes.get("no pair"):
            read += f"; {notes['no pair']} without pair numbers (not ranked)"
    if skipped:
        read += f"; skipped: {skipped}"
    lines.append(read)
    adjusted = _adjusted_table(result)
    if adjusted is not None and len(adjusted):
        lines.append("adjusted: " + _adjusted_text(adjusted, teams=result.method == "teams"))
    if len(result.agreement) == 0:
        lines.append("the file prints no scores of its own to check")
    versus = getattr(result, "ranking_agreement", None)
    if versus is not None and versus.attrs.get("why"):
        lines.append(f"printed ranking: not compared ({versus.attrs['why']})")
    elif versus is not None:
        said = {r.figure: _FIGURE_PLURALS.get(r.figure, _figure_name(r.figure)) for r in
                versus.itertuples()}  # fmt: skip
        parts = [f"{r.agree} of {r.compared} {said[r.figure]}" for r in versus.itertuples()
                 if r.compared]  # fmt: skip
        idle = [said[r.figure] for r in versus.itertuples() if not r.compared]
        text = (
            ", ".join(parts) + " agree" + f" (totals {notes.get('printed total', 'summed')})"
            if parts
            else "not compared"
        )
        if idle:
            text += f"; {' and '.join(idle)} not compared (printed, but not as numbers)"
        lines.append("printed ranking: " + text + _differ(versus))
        if notes.get("printed pair ids"):
            lines.append(f"printed pair ids: {notes['printed pair ids']}")
    for row in result.agreement.itertuples(index=False):
        if not row.compared:
            lines.append(
                f"printed {row.printed}: not compared ({row.not_compared} printed, none beside "
                f"a computed {_figure_name(row.computed)}: a result alone on its board, or "
                "not a number)"
            )
            continue
        line = (
            f"printed {row.printed}: {row.agree} of {row.compared} agree with the computed "
            f"{_figure_name(row.computed)}"
        )
        if row.not_compared:
            line += f" ({row.not_compared} printed but not compared)"
        lines.append(line)
    return lines


def _run_score(args) -> int:
    from .apps.score import printed_standings, read_standings_csv, score_files

    check_not_input(args.out, [args.file, args.scale_file, args.standings])
    frame = _read_file(args.file, strict=args.strict)
    if args.method is not None:
        _score_conflicts(args, {args.method})
    _scale_conflicts_score(args)
    if args.method == "teams" and not (
        frame["room"].notna().any() or frame["home_team"].notna().any()
    ):
        raise fail(
            "--method", "teams only for two-room team matches (no Room nor HomeTeam here)",
            args.method,
        )  # fmt: skip
    scale, scale_file = args.scale or "wbf", None
    if args.scale_file is not None:
        from .io.scale_csv import read_scale_csv  # the VP scales load only when asked

        scale, scale_file = "file", read_scale_csv(args.scale_file)
    if args.standings is None:

        def standings(source, method):
            return printed_standings(_file_of(args.file, source), method)

    else:  # the standings a recap printed apart from its travellers (ACBL)
        read = {}

        def standings(source, method):
            if method == "teams":  # refused below, by name, with the method scored
                return None
            if "csv" not in read:
                read["csv"] = read_standings_csv(args.standings)
            return read["csv"]

    results = score_files(
        frame,
        method=args.method,
        conventions=args.conventions,
        standings=standings,
        per_beat=args.per_beat,
        ascherman=args.ascherman,
        neuberg=args.neuberg,
        datum=args.datum,
        trim=args.trim,
        cross_sum=args.cross_sum,
        decimals=args.decimals,
        scale=scale,
        k=args.k,
        scale_file=scale_file,
    )
    if args.method is None:
        _score_conflicts(args, {r.method for r in results})
    load = _load_lines(frame)
    pages = []
    for result in results:
        tables = _chosen_tables(args, result)
        lines = _summary_lines(args.file, result)
        if result.method == "teams":
            at = 2 if lines[0].startswith("event: ") else 1
            lines.insert(at, _vp_scale_line(result, scale=scale, k=args.k, scale_file=scale_file))
        if len(results) == 1:
            if load and load[0].startswith("scores printed"):  # the reader compared them
                lines = [
                    ln for ln in lines if ln != "the file prints no scores of its own to check"
                ]
            lines += load
        boards = result.boards
        single = [  # the file and the event, when there is one of each, are said once, above
            c
            for c in ("source", "event")
            if boards is not None and c in boards and boards[c].astype(str).nunique() <= 1
        ]
        pages.append((_file_title(args.file, result, len(results)), lines, tables, single))
    if len(pages) == 1:
        title, lines, tables, single = pages[0]
        text = _render(tables, fmt=args.format, title=title, lines=lines, said=single)
    else:
        text = _render_files(pages, fmt=args.format, title=f"{args.file}: scored", lines=load)
    _emit(text, args.out, what="the scores", form=args.format)
    if args.out is not None or args.format == "csv":  # Markdown and HTML carry the lines
        for title, lines, _, _ in pages:
            said = f"bridgestats score: {title.removesuffix(': scored')}: " + "; ".join(lines)
            print(without_bidi(said), file=sys.stderr)
    return 0


_NOTHING_PRINTED = "the file prints no scores of its own to check"


def _file_of(path: str, source) -> str:
    """The file a frame's ``source`` was read from: ``path`` itself, or the file of that
    name (relative path) in the folder ``path``."""
    if not os.path.isdir(path):
        return path
    return os.path.join(path, str(source))


def _file_title(path: str, result, n_files: int) -> str:
    """A page's title: the file given, or, in a folder, the file scored."""
    if n_files == 1:
        return f"{path}: scored"
    boards = result.boards
    source = str(boards["source"].iat[0]) if boards is not None and len(boards) else path
    return f"{source}: scored"


def _chosen_tables(args, result) -> dict:
    """The tables ``--table`` asks for, of one file's result."""
    printed = result.ranking_agreement
    available = {
        "ranking": result.ranking,
        "matches": result.matches,
        "agreement": _with_standings(result.agreement, printed, result.notes.get("printed names")),
        "mismatches": result.mismatches,
        "boards": result.boards,
    }
    if printed is not None:
        available["standings"] = printed
        available["standings-mismatches"] = printed.attrs["mismatches"]
    available["adjusted"] = _adjusted_table(result)
    available = {name: t for name, t in available.items() if t is not None}
    if args.table == "all":  # the adjusted results only where there are some
        return {n: t for n, t in available.items() if n != "adjusted" or len(t)}
    if args.table in available:
        return {args.table: available[args.table]}
    shown = _shown_id(result.method)
    raise fail("--table", f"one of {', '.join(available)} for {shown}", args.table)


def _render_files(pages: list, *, fmt: str, title: str, lines: list[str]) -> str:
    """A folder's files, each scored on its own (its method, its summary, its tables):
    Markdown one section per file, HTML one page, CSV each table with its ``source``."""
    import pandas as pd

    if fmt == "csv":
        names = list(dict.fromkeys(name for _, _, tables, _ in pages for name in tables))
        joined = {}
        for name in names:
            parts = []
            for page_title, _, tables, _ in pages:
                if name in tables:
                    part = tables[name]
                    if "source" not in part:
                        part = part.assign(source=page_title.removesuffix(": scored"))
                        part = part[["source", *[c for c in part.columns if c != "source"]]]
                    parts.append(part)
            joined[name] = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
        return _render(joined, fmt="csv", title=title, lines=lines)
    rendered = [
        _render(tables, fmt="markdown" if fmt == "markdown" else "html", title=t, lines=ls,
                said=said)
        for t, ls, tables, said in pages
    ]  # fmt: skip
    if fmt == "markdown":
        head = (  # names read from the files are text (markdown_text)
            [f"# {markdown_text(title)}", "", *[f"- {markdown_text(ln)}" for ln in lines], ""]
            if lines
            else []
        )
        down = [re.sub(r"^(#+ )", r"#\1", r, flags=re.M) for r in rendered]  # a level down
        return "\n".join(head) + "\n".join(down)
    bodies = [r[r.index("<body>") + len("<body>") : r.index("</body>")] for r in rendered]
    page = _render({}, fmt="html", title=title, lines=lines)
    return page.replace("</body>", "".join(f'<section class="file">{b}</section>' for b in bodies)
                        + "</body>")  # fmt: skip


def _run_read(args) -> int:
    check_not_input(args.out, [args.file])
    frame = _read_file(args.file, strict=args.strict)
    summary = frame.attrs.get("summary")
    _emit(csv_safe_frame(frame).to_csv(index=False), args.out, what="the frame", form="csv")
    if summary is not None:
        skipped = ", ".join(f"{n} {reason}" for reason, n in summary.skipped.items())
        print(
            f"bridgestats read: {args.file}: {summary.files} file(s), {summary.records} "
            f"records, {summary.scorable} scorable"
            + (f"; skipped: {skipped}" if skipped else "")
            + "".join(f"; {line}" for line in _load_lines(frame)),
            file=sys.stderr,
        )
    return 0


# --- bridgestats reports -----------------------------------------------------------------


_REPORTS_EPILOG = """examples:
  bridgestats reports                               run every report in notebooks/reports.toml
  bridgestats reports --list                        show the runs and their parameters
  bridgestats reports --only washington_sigma -p n_boards=12
  bridgestats reports --jobs 2 --show-code
  bridgestats reports --scheduler tcp://10.0.0.5:8786   run on a Dask cluster

exit status: 0 all runs ok (missing notebooks only reported), 1 some run failed,
2 bad arguments or configuration, or another batch is running in the folder (nothing was
run), 130 interrupted (Ctrl-C: the running notebooks are stopped, earlier reports kept),
143 stopped by SIGTERM and 129 by SIGHUP, a closed terminal (both handled as Ctrl-C)."""


def _add_reports(sub) -> None:
    p = sub.add_parser(
        "reports",
        help="run the evidence notebooks into HTML reports",
        description="Execute the notebooks listed in the configuration with papermill and "
        "write reports/<run>/ (executed notebook, HTML, summary.json, figures, run.json) "
        "and reports/index.html.",
        epilog=_REPORTS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--config", metavar="FILE", help="default notebooks/reports.toml")
    p.add_argument(
        "--only", action="append", default=[], metavar="NAME", help="run only this report or run"
    )
    p.add_argument(
        "-p",
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a notebook parameter (Python/JSON literal, else a string); repeatable",
    )
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="runs at once (1)")
    p.add_argument("--reports-dir", metavar="DIR", help="output folder (default reports/)")
    p.add_argument("--show-code", action="store_true", help="show code cells in the HTML")
    p.add_argument(
        "--pdf",
        action="store_true",
        help="also print each report to <report>.pdf (A4, through headless Chromium)",
    )
    p.add_argument("--list", action="store_true", help="list the runs and their parameters")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run on this Dask scheduler")
    p.set_defaults(func=_run_reports)


def _run_reports(args) -> int:
    from pathlib import Path

    from . import paths, reports

    params = dict(reports.parse_param(text) for text in args.param)
    config = reports.load_config(args.config)
    if args.list:
        return _list_reports(reports, config, only=args.only, params=params)
    if args.pdf:
        _need_browser("--pdf")
    results = reports.run_reports(
        config,
        only=args.only,
        params=params,
        jobs=args.jobs,
        reports_dir=args.reports_dir,
        scheduler=args.scheduler,
        show_code=args.show_code,
    )
    counts = {s: sum(r.status == s for r in results) for s in ("ok", "failed", "missing")}
    index = Path(args.reports_dir or paths.reports_dir()) / "index.html"
    for result in results:  # findings of more than one sentence, or no headline (issue 22)
        summary = Path(result.folder or "") / "summary.json"
        if result.status == "ok" and result.folder is not None and summary.is_file():
            for problem in reports.findings_problems(summary):
                print(f"[reports] warn   {result.name}: {problem}", file=sys.stderr)
    if args.pdf:
        from .reports import browser

        for result in results:
            if result.status == "ok" and result.folder is not None:
                for page in sorted(Path(result.folder).glob("*.html")):
                    pdf = browser.print_pdf(page, page.with_suffix(".pdf"))
                    print(f"[reports] pdf    {pdf}", file=sys.stderr)
    print(", ".join(f"{n} {s}" for s, n in counts.items()) + f"; see {index}", file=sys.stderr)
    return 1 if counts["failed"] else 0


def _list_reports(reports, config, *, only, params) -> int:
    """Print each run, its notebook and its parameters (defaults, overrides marked *), with
    the type and help comment the parameters cell gives them (written at once, so that a
    closed pipe or a full disk is reported: see :func:`_write_out`)."""
    lines = []
    for run in reports.expand_runs(config, only=only, params=params):
        if run.missing:
            lines.append(f"{run.name}  [{run.notebook.name}: missing]")
            continue
        merged = reports.check_parameters(run.notebook, run.overrides, run=run.name)
        declared = reports.inspect_parameters(run.notebook)
        lines.append(f"{run.name}  [{run.notebook.name}]")
        for name, value in merged.items():
            mark = "*" if name in run.overrides else " "
            kind = f": {declared[name].type}" if declared[name].type else ""
            comment = f"  # {declared[name].help}" if declared[name].help else ""
            lines.append(f"  {mark} {name}{kind} = {value!r}{comment}")
    _write_out("".join(line + "\n" for line in lines), what="the list")
    return 0


# --- entry point ---------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bridgestats", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    _add_scale(sub)
    _add_score(sub)
    _add_read(sub)
    _add_reports(sub)
    return parser


def _check_options(args) -> None:
    """The numeric options' values, checked once for every command (one rule each):
    ``--k`` in :data:`~bridgestats._validate.K_RANGE`, ``--tables`` a whole number >= 1
    (the model checks the rest), a file option a regular, non-empty path."""
    if getattr(args, "k", None) is not None:
        args.k = check_k(args.k, "--k")
    if _imps_sigma(args):  # σ of an IMP margin = K√n: held to --k's range
        check_imp_sigma(args.sigma, "--sigma", args.boards)
    for option, what in (("out", "a file, or - for standard output"), ("reports_dir", "a folder")):
        if getattr(args, option, None) == "":  # '' is no file (nor the working folder)
            raise fail(f"--{option.replace('_', '-')}", f"{what}, not an empty path", given="''")
    if getattr(args, "out", None) == "-":  # the usual spelling of standard output
        args.out = None
    if getattr(args, "tables", None) is not None:  # 2.7 is no number of tables (nor nan)
        check_int(args.tables, "--tables", minimum=1)
    if getattr(args, "file", None) is not None and not str(args.file):
        raise fail("FILE", "a result file or folder, not an empty path", args.file)
    scale_file = getattr(args, "scale_file", None)
    if scale_file is not None:
        try:
            regular = os.path.isfile(scale_file) and os.stat(scale_file).st_size <= 1 << 20
        except (OSError, ValueError):
            regular = False
        if not regular:
            allowed = "an existing regular CSV file of at most 1 MB"
            raise fail("--scale-file", allowed, scale_file[:80] or "''")


def _imps_sigma(args) -> bool:
    """Whether ``args`` give ``scale --sigma`` of an IMP form over a board count."""
    from .sigma import FORMS  # the booklet's σ is MP %, aggregate's points

    if getattr(args, "sigma", None) is None or getattr(args, "booklet", False):
        return False
    form = FORMS.get(args.form or "teams")
    return (args.boards or 0) >= 1 and form is not None and form.unit == "IMPs"


def _standard_streams() -> bool:
    """Whether standard output and standard error exist (``>&-`` closes them: Python then
    sets them to None). Without standard error nothing can be said; without standard
    output, the error goes to standard error."""
    return sys.stdout is not None and sys.stderr is not None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Errors are one line on standard error and exit status 2, never a traceback: a
    :class:`BridgestatsError` says what to change; anything else is a bug, reported in one
    line naming it (set ``BRIDGESTATS_DEBUG=1`` to see the traceback).
    """
    if not _standard_streams():
        if sys.stderr is not None:
            print("bridgestats: error: standard output is closed", file=sys.stderr)
        return 2
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        _check_options(args)
        return int(args.func(args) or 0)
    except BridgestatsError as exc:
        print(f"bridgestats {args.command}: error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``| head -1``): say so once, no traceback
        _silence_stdout()
        print(f"bridgestats {args.command}: error: standard output closed early", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C: the batch said what it stopped; no traceback
        signum = getattr(exc, "signum", None)  # reports.batch.Stopped: SIGTERM, SIGHUP
        said = f"stopped ({exc})" if signum is not None else "interrupted"
        with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone (EIO)
            print(f"bridgestats {args.command}: {said}", file=sys.stderr)
        return 128 + signum if signum is not None else 130
    except (RecursionError, MemoryError) as exc:  # a hostile input the checks missed
        print(f"bridgestats {args.command}: error: input too large or too deeply nested "
              f"({type(exc).__name__})", file=sys.stderr)  # fmt: skip
        return 2
    except Exception as exc:  # the boundary: a bug, said in one line (the traceback on demand)
        if os.environ.get("BRIDGESTATS_DEBUG"):
            raise
        text = one_line(str(exc))[:200]
        print(
            f"bridgestats {args.command}: internal error: {type(exc).__name__}: {text} "
            "(a bug: please report it; BRIDGESTATS_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

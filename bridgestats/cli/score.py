"""``bridgestats score`` and ``bridgestats read``: an event file scored and published, a
result file's tidy frame.

Part of :mod:`bridgestats.cli`: the options and their checks; the scoring is
:mod:`bridgestats.apps.score`, the pages its :mod:`~bridgestats.apps.score.render`.
"""

from __future__ import annotations

import argparse
import os
import sys

from .._output import check_not_input, csv_safe_frame, without_bidi
from .._validate import fail
from ..errors import BridgestatsError
from ._common import _datums, _emit, _Ids, _Later, _methods, _option_id, _shown_id

_SCORE_EPILOG = """examples:
  bridgestats score session.pbn                      the file's own method, as Markdown
  bridgestats score travellers.csv --no-neuberg --decimals 2 --table ranking --format csv
  bridgestats score pairs.pbn --method butler --datum rounded
  bridgestats score pairs.xml --method cross-imps --cross-sum
  bridgestats score match.pbn --scale wbf-discrete --out match.html --format html
  bridgestats score match.lin --scale gaussian --k 6.5
  bridgestats score match.pbn --scale-file myscale.csv  (as `bridgestats scale --format csv`)
  bridgestats score session.bws --hands hands.pbn    a Bridgemate database, its hand record

The method is the file's own (PBN Scoring, USEBIO EVENT_TYPE/SCORING_METHOD, two rooms of
a team match: IMPs and VPs; ACBL travellers: matchpoints) unless --method is given. Where
the file prints its own scores (PBN ScoreTable MP_NS/IMP_NS/Percentage_NS, ScoreMP,
ScoreIMP, ScorePercentage; ACBL mp_ns; USEBIO NS_MATCH_POINTS, NS_BUTLER_POINTS,
NS_CROSS_IMP_POINTS, BOARD_AVERAGE) it says how many agree and lists those that do not;
likewise the ranking it printed (USEBIO PAIR TOTAL_SCORE/PERCENTAGE/PLACE, PBN
TotalScoreTable; or --standings CSV, e.g. the ACBL recaps' pair_standings.csv), places
as 6= when shared. Adjusted results are listed with how each was scored (Law 12C2 shares
of the top at matchpoints, Law 86A +-3 IMPs at IMPs and teams, or as the file printed).
The summary (method, counts, agreement) ends Markdown and HTML output, and goes to
standard error as one line with CSV, JSON or --out. The page: the event's name and date,
the ranking with the players' names, the boards one traveller each, then the agreement and
diagnostics. CSV is one table (--table; the ranking by default); JSON one object per file
(source, event, date, method, conventions, ranking, boards, agreement, mismatches, notes).

exit status: 0 scored, 2 a bad argument or a file that cannot be read (one line naming
the file, the record and the reason)."""

# bridgestats.apps.score.render's TABLES, written out: the parser is built without pandas
# (tests/cli/test_cli_score.py checks they agree)
_TABLES = (
    "all",
    "ranking",
    "matches",
    "boards",
    "agreement",
    "mismatches",
    "standings",
    "standings-mismatches",
    "adjusted",
)


def _add_score(sub) -> None:
    from ..conventions import CONVENTIONS  # a catalogue: no pandas
    from ..vp import team_scales  # the ids only: no scale is built to list them

    p = sub.add_parser(
        "score",
        help="score an event file: per board, the ranking, and the printed scores checked",
        epilog=_SCORE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "file", help="a PBN, LIN, USEBIO, VALET, ACBL traveller or Bridgemate file (or folder)"
    )
    p.add_argument(
        "--method",
        type=_option_id,
        choices=_Later(_methods),
        metavar="METHOD",
        help="scoring method: %(choices)s (the file's own)",
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
    p.add_argument(
        "--datum",
        choices=_Later(_datums),
        metavar="DATUM",
        help="butler datum: %(choices)s (the conventions')",
    )
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
    p.add_argument(
        "--ranking",
        choices=["section", "event"],
        default="section",
        help="pairs: rank each section (the default), or the event's pairs over all its "
        "segments and both directions by IMPs per board (Butler unless --method cross-imps)",
    )
    p.add_argument("--table", choices=_TABLES, default="all", help="what to print (all)")
    p.add_argument(
        "--format",
        choices=["markdown", "html", "csv", "json"],
        default="markdown",
        help="markdown or html: the results page; csv: one table (--table, the ranking by "
        "default); json: an object per file (source, event, date, method, conventions, "
        "ranking, boards, agreement, mismatches, notes)",
    )
    p.add_argument(
        "--out", metavar="FILE", help="write to FILE instead of standard output (- is it)"
    )
    p.add_argument("--strict", action="store_true", help="fail on the first unscorable record")
    p.add_argument("--hands", metavar="PBN", help=_HANDS_HELP)
    p.set_defaults(func=_run_score)


_HANDS_HELP = (
    "a Bridgemate .bws: the session's hand record (its vulnerability and deals; without "
    "it, vulnerability from the board number)"
)


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
    p.add_argument("--hands", metavar="PBN", help=_HANDS_HELP)
    p.set_defaults(func=_run_read)


def _read_file(path: str, *, strict: bool, hands=None):
    """The tidy frame of ``path``; a file that cannot be read raises one line naming it.
    ``hands``: a Bridgemate session's hand record (``--hands``), for ``.bws`` files only."""
    from ..io import read_bws, read_results, reader_for

    try:
        if hands is not None:
            if not os.path.isdir(path) and reader_for(path).name != "bws":
                raise fail(
                    "--hands", "given with a Bridgemate .bws file (or a folder of them)", path
                )
            return read_bws(path, hands=hands, strict=strict)
        return read_results(path, strict=strict)
    except BridgestatsError:
        raise
    except (OSError, ValueError, EOFError, LookupError) as exc:  # gzip, encoding, I/O
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise BridgestatsError(f"{path}: cannot be read ({reason})") from None


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


def _run_score(args) -> int:
    from ..apps.score import printed_standings, read_standings_csv, score_files
    from ..apps.score.render import load_lines, page_of, render, vp_scale_line

    check_not_input(args.out, [args.file, args.scale_file, args.standings, args.hands])
    table = args.table
    if args.format == "json" and table != "all":
        raise fail("--table", "all with --format json (its object holds every table)", table)
    if args.format == "csv" and table == "all":  # CSV is one table: the ranking unless asked
        table = "ranking"
    frame = _read_file(args.file, strict=args.strict, hands=args.hands)
    if args.method is not None:
        _score_conflicts(args, {args.method})
    if args.ranking == "event" and args.method not in (None, "butler", "cross_imps"):
        raise fail("--ranking", "event with --method butler or cross-imps", _shown_id(args.method))
    _scale_conflicts_score(args)
    if args.method == "teams" and not (
        frame["room"].notna().any() or frame["home_team"].notna().any()
    ):
        raise fail(
            "--method",
            "teams only for two-room team matches (no Room nor HomeTeam here)",
            args.method,
        )
    scale, scale_file = args.scale or "wbf", None
    if args.scale_file is not None:
        from ..io.scale_csv import read_scale_csv  # the VP scales load only when asked

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
        rank_over=args.ranking,
    )
    if args.method is None:
        _score_conflicts(args, {r.method for r in results})
    load = load_lines(frame)
    pages = []
    for result in results:
        one = len(results) == 1
        vp = (
            vp_scale_line(scale=scale, k=args.k, scale_file=scale_file)
            if result.method == "teams"
            else None
        )
        source = args.file if one else _source_of(result, args.file)
        pages.append(
            page_of(result, source=source, table=table, load_lines=load if one else (), vp_line=vp)
        )
    text = render(pages, fmt=args.format, title=args.file, lines=load)
    _emit(text, args.out, what="the scores", form=args.format)
    if args.out is not None or args.format in ("csv", "json"):  # else the page says them
        for page in pages:
            lines = [ln for ln in page.lines if not ln.startswith("file: ")]
            said = f"bridgestats score: {page.source}: " + "; ".join(lines)
            print(without_bidi(said), file=sys.stderr)
    return 0


def _source_of(result, path: str) -> str:
    """The file of a folder a result was read from (its ``source``)."""
    boards = result.boards
    return str(boards["source"].iat[0]) if boards is not None and len(boards) else path


def _file_of(path: str, source) -> str:
    """The file a frame's ``source`` was read from: ``path`` itself, or the file of that
    name (relative path) in the folder ``path``."""
    if not os.path.isdir(path):
        return path
    return os.path.join(path, str(source))


def _run_read(args) -> int:
    from ..apps.score.render import load_lines

    check_not_input(args.out, [args.file, args.hands])
    frame = _read_file(args.file, strict=args.strict, hands=args.hands)
    summary = frame.attrs.get("summary")
    _emit(csv_safe_frame(frame).to_csv(index=False), args.out, what="the frame", form="csv")
    if summary is not None:
        skipped = ", ".join(f"{n} {reason}" for reason, n in summary.skipped.items())
        print(
            f"bridgestats read: {args.file}: {summary.files} file(s), {summary.records} "
            f"records, {summary.scorable} scorable"
            + (f"; skipped: {skipped}" if skipped else "")
            + "".join(f"; {line}" for line in load_lines(frame)),
            file=sys.stderr,
        )
    return 0

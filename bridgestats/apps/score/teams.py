"""Two-room team matches: each match's IMPs and VPs, and the teams ranked.

Part of :mod:`bridgestats.apps.score`: :func:`team_matches` on a chosen scale (WBF 2013
continuous or discrete, a Gaussian scale with a given K, or a scale read by
:func:`bridgestats.io.read_scale_csv`), :func:`team_ranking`.

References
----------
.. [1] WBF Scoring Panel, "The New WBF IMP to VP Scales: Technical Report of the WBF
   Scoring Panel", World Bridge Federation, 2013.
.. [2] J. Probst, "On VP Scales" (c. 2006; reproduced on bridgeguys.com), §2-3 (Gaussian
   scales, σ = K√n for teams).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..._validate import check_choice, check_frame, check_number, fail
from ...io import team_board_swings
from ...vp import team_scales
from .adjusted import _for_pairing, _team_board_credits
from .frame import _key_text
from .ranking import _places

__all__ = ["team_matches", "team_ranking"]


def _vps(margin, n_boards, *, scale, k, scale_file):
    """VPs of the side with ``margin`` over ``n_boards`` (arrays) on the chosen scale."""
    from ...vp import event_scale, named_scale

    margin = np.asarray(margin, dtype=float)
    n_boards = np.asarray(n_boards, dtype=np.int64)
    out = np.empty(margin.shape, dtype=float)
    for n in np.unique(n_boards):
        if scale == "file":
            s = scale_file
        elif scale == "gaussian":
            s = event_scale("teams", int(n), k=k)
        else:
            s = named_scale(scale, n_boards=int(n))
        at = n_boards == n
        out[at] = s.vp(margin[at])
    return out


def team_matches(frame, *, scale="wbf", k=None, scale_file=None) -> pd.DataFrame:
    """Each two-room match: the teams, the IMPs each won, the margin and the VPs.

    Parameters
    ----------
    frame : pandas.DataFrame
        A tidy frame of team matches (:func:`bridgestats.io.read_results`); the rooms are
        paired by :func:`bridgestats.io.team_board_swings`.
    scale : {"wbf", "wbf_discrete", "gaussian", "file"}, keyword-only
        A named team scale (:func:`bridgestats.vp.team_scales`: the WBF 2013 scale, 2
        decimals or whole VPs), a Gaussian 20-0 scale with σ = K√n
        (:func:`bridgestats.vp.event_scale`, form ``"teams"``), or the
        :class:`~bridgestats.vp.VPScale` given as ``scale_file``.
    k : float, keyword-only
        The per-board K of the Gaussian scale (``None``: the model's default).
    scale_file : VPScale, keyword-only
        For ``scale="file"`` (e.g. from :func:`bridgestats.io.read_scale_csv`).

    Returns
    -------
    pandas.DataFrame
        One row per match in file order: ``source``, ``event``, ``segment``, ``team_a``,
        ``team_b`` (in alphabetical order), ``n_boards``, ``imps_a``, ``imps_b`` (the IMPs
        each side won), ``imp_margin`` (``team_a``'s net: ``imps_a - imps_b``),
        ``imp_margin_b`` (``team_b``'s net: ``-imp_margin``, except where an artificial
        adjusted score does not balance, A6060 or A4040), ``adjusted`` (boards with an
        artificial adjusted score), ``vp_a``, ``vp_b`` (each on its own net). The swings'
        own summary (boards paired, records unpaired by reason) is in
        ``attrs["summary"]``, with ``"boards"`` (the swings, one per board: each team's
        IMPs on it in ``imps_a`` and ``imps_b``, and ``adjusted``: how an adjusted board
        was scored), ``"adjusted"`` (how many boards) and ``"nameless matches"`` (matches
        whose teams the file does not name: their sides are ``"home"``, the team
        North-South in the open room, and ``"visitors"``, with the match where the file
        holds several, ``"home (R1)"``).

    Notes
    -----
    On each paired board the team North-South in the first room (the open room where it
    is named; its record's ``home_team``) gains the board's swing; the teams of a match
    are the same whichever sat North-South first (some files name the table's
    North-South team as the home team, so home and visit swap between the rooms).

    A room whose result is an artificial adjusted score (``A6040``, ``Ave+``; Law 12C2)
    scores the board for both teams by Law 86A: +3 IMPs to a side credited average plus,
    0 for average, -3 for average minus, each side by its own share; the other room's
    result does not count. Where the file printed the adjusted table's ``ScoreIMP``, that
    is what the board scores (what the file states).

    Examples
    --------
    >>> f = pd.DataFrame({"source": "x", "event": "E", "segment": "1", "board": [1, 1, 2, 2],
    ...                   "room": ["open", "closed"] * 2, "home_team": "A", "visit_team": "B",
    ...                   "score_ns": [620.0, -100.0, -50.0, 110.0], "skip_reason": None,
    ...                   "record": [1, 9, 17, 25]})
    >>> team_matches(f)[["team_a", "team_b", "imps_a", "imps_b", "vp_a", "vp_b"]]
      team_a team_b  imps_a  imps_b  vp_a  vp_b
    0      A      B      12       4  15.5   4.5
    """
    check_frame(frame, "frame")
    check_choice(scale, "scale", (*team_scales(), "gaussian", "file"))
    if k is not None:
        k = check_number(k, "k", low=0, low_open=True)
        if scale != "gaussian":
            raise fail("k", "given only with scale='gaussian'", k)
    from ...vp import VPScale

    if scale == "file" and not isinstance(scale_file, VPScale):
        raise fail("scale_file", "a VPScale (io.read_scale_csv) with scale='file'", scale_file)
    paired, usable, lines = _for_pairing(frame)  # artificial scores pair like results
    swings = team_board_swings(paired)
    credit_home, credit_visit, how = _team_board_credits(paired, swings, usable, lines)
    repeat = swings["match"].str.extract(r" (#\d+)$")[0].fillna("")
    home, visit, nameless = _side_names(swings, repeat)
    a = np.where(home <= visit, home, visit)
    b = np.where(home <= visit, visit, home)
    first = home == a
    sw = pd.DataFrame(
        {
            "source": _key_text(swings["source"]),
            "event": _key_text(swings["event"]),
            "segment": _key_text(swings["segment"]),
            "repeat": repeat.to_numpy(),
            "team_a": a,
            "team_b": b,
            "board": swings["board"].to_numpy(),
            "imps_a": _whole(np.where(first, credit_home, credit_visit)),
            "imps_b": _whole(np.where(first, credit_visit, credit_home)),
            "adjusted": np.asarray(how, dtype=object),
        }
    )
    keys = ["source", "event", "segment", "repeat", "team_a", "team_b"]
    g = sw.groupby(keys, sort=False)
    out = g.agg(
        n_boards=("board", "size"),
        imps_a=("imps_a", lambda x: x.clip(lower=0).sum()),
        imps_b=("imps_b", lambda x: x.clip(lower=0).sum()),
        imp_margin=("imps_a", "sum"),
        imp_margin_b=("imps_b", "sum"),
        adjusted=("adjusted", "count"),
    ).reset_index()
    for col in ("imps_a", "imps_b", "imp_margin", "imp_margin_b"):
        out[col] = _whole(out[col].to_numpy())
    out["segment"] = out["segment"] + np.where(out["repeat"] != "", " " + out["repeat"], "")
    out = out.drop(columns="repeat")
    order = [
        "source",
        "event",
        "segment",
        "team_a",
        "team_b",
        "n_boards",
        "imps_a",
        "imps_b",
        "imp_margin",
        "imp_margin_b",
        "adjusted",
    ]
    out = out[order]
    margin, n = out["imp_margin"].to_numpy(), out["n_boards"].to_numpy()
    if len(out):
        out["vp_a"] = _vps(margin, n, scale=scale, k=k, scale_file=scale_file)
        out["vp_b"] = _vps(
            out["imp_margin_b"].to_numpy(), n, scale=scale, k=k, scale_file=scale_file
        )
    else:
        out["vp_a"] = out["vp_b"] = pd.Series(dtype=float)
    out.attrs["summary"] = {
        **swings.attrs["summary"],
        "boards": sw,
        "adjusted": int(sw["adjusted"].notna().sum()),
        "nameless matches": nameless,
    }
    return out


def _side_names(swings: pd.DataFrame, repeat: pd.Series) -> tuple[pd.Series, pd.Series, int]:
    """The two teams of each paired board as the file names them, else ``"home"`` (the
    team North-South in the open room) and ``"visitors"``, with the match they played in
    (``"home (R1)"``) where the file holds several matches: two nameless sides of
    different matches are not one team, and a match's two sides never one row. The third
    value counts the matches with a nameless side."""
    home, visit = _key_text(swings["home_team"]), _key_text(swings["visit_team"])
    nameless = (home == "") | (visit == "")
    if not nameless.any():
        return home, visit, 0
    match = _key_text(swings["segment"]).str.strip() + np.where(repeat != "", " " + repeat, "")
    event = _key_text(swings["source"]) + "\x1e" + _key_text(swings["event"])
    whole = event + "\x1e" + match
    several = whole[nameless].groupby(event[nameless]).transform("nunique") > 1
    number = whole.groupby(event, sort=False).transform(lambda s: pd.factorize(s)[0] + 1)
    label = match.where(match != "", "match " + number.astype(str))
    suffix = pd.Series("", index=home.index)
    suffix[several[several].index] = " (" + label[several[several].index] + ")"
    home = home.where(home != "", "home" + suffix)
    visit = visit.where(visit != "", "visitors" + suffix)
    return home, visit, int(whole[nameless].nunique())


def _whole(values: np.ndarray) -> np.ndarray:
    """IMPs as integers where all are whole (a played board's are), else as floats."""
    v = np.asarray(values, dtype=float)
    return v.astype(np.int64) if np.all(v == np.round(v)) else v


def team_ranking(matches) -> pd.DataFrame:
    """The teams ranked by their VPs over the matches of each event.

    Parameters
    ----------
    matches : pandas.DataFrame
        From :func:`team_matches`.

    Returns
    -------
    pandas.DataFrame
        One row per team and ``source``/``event``, best first: ``source``, ``event``,
        ``team``, ``n_matches``, ``imps_for``, ``imps_against``, ``vp`` (Σ VPs),
        ``place`` and ``place_text`` (ties share the better place, ``"3="``).
    """
    check_frame(matches, "matches", ("team_a", "team_b", "vp_a", "vp_b"))
    sides = []
    for me, them in (("a", "b"), ("b", "a")):
        sides.append(
            pd.DataFrame(
                {
                    "source": matches["source"].to_numpy(),
                    "event": matches["event"].to_numpy(),
                    "team": matches[f"team_{me}"].to_numpy(),
                    "imps_for": matches[f"imps_{me}"].to_numpy(),
                    "imps_against": matches[f"imps_{them}"].to_numpy(),
                    "vp": matches[f"vp_{me}"].to_numpy(),
                }
            )
        )
    long = pd.concat(sides, ignore_index=True)
    g = long.groupby(["source", "event", "team"], sort=False)
    out = g.agg(
        n_matches=("vp", "size"),
        imps_for=("imps_for", "sum"),
        imps_against=("imps_against", "sum"),
        vp=("vp", "sum"),
    ).reset_index()
    out["place"], out["place_text"] = _places(out["vp"].round(9), [out["source"], out["event"]])
    out = out.sort_values(["source", "event", "place"], kind="stable").reset_index(drop=True)
    return out

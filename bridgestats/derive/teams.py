"""Teams and matches of a team round robin, reconstructed from a full field's seating.

The VALET files (:func:`~bridgestats.io.read_valet`, :func:`~bridgestats.derive.read_fullfield`)
carry players, not teams: every table of every board of every round, with no team names
and no record of which two tables form a match. :func:`reconstruct_teams` recovers both
from the seating alone, and :func:`round_robin_checks` checks the result against the
structure a round robin must have.

Vocabulary: ``event`` one field that played one round robin (a file of the archive,
``2008-Euro/Men/A`` for ``2008-Euro/Men/scoresA.txt``: :func:`event_key`); ``slot`` one
board of one round (every table of a slot played the same deal); ``team`` the surnames of
its players, sorted, joined by ``" / "`` (:func:`team_name`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .._validate import check_frame, fail
from ..scoring import imps

__all__ = [
    "MATCH_COLUMNS",
    "event_key",
    "reconstruct_teams",
    "round_robin_checks",
    "surname",
    "team_name",
]

_SEATS = ("north", "south", "east", "west")

#: Columns of the matches frame of :func:`reconstruct_teams`, one row per match.
MATCH_COLUMNS = (
    "event",
    "round",
    "team_a",
    "team_b",
    "boards",
    "boards_scored",
    "imps_a",
    "imps_b",
    "missing_tables",
    "ambiguous_tables",
)


def event_key(source):
    """The event a VALET score file holds: its folder, and the file's group letter if any.

    Parameters
    ----------
    source : str or array_like of str
        ``source`` of :func:`~bridgestats.io.read_valet` (the file's path below the folder
        read).

    Returns
    -------
    str or numpy.ndarray
        ``"2008-Euro/Men/A"`` for ``2008-Euro/Men/scoresA.txt.gz``,
        ``"2009-World/Men"`` for ``2009-World/Men/scores.txt.gz`` (as
        :func:`~bridgestats.derive.rating_board_log` names events).

    Examples
    --------
    >>> event_key(["2008-Euro/Men/scoresA.txt.gz", "2009-World/Men/scores.txt"]).tolist()
    ['2008-Euro/Men/A', '2009-World/Men']
    """
    one = isinstance(source, str)
    s = pd.Series([source] if one else list(source), dtype=object).astype(str)
    out = s.str.replace(r"/?scores(\w*)\.txt(\.gz)?$", r"/\1", regex=True).str.rstrip("/")
    return out.iloc[0] if one else out.to_numpy(dtype=object)


def _event_keys(frame) -> np.ndarray:
    """:func:`event_key` of each row; with an ``event`` column (the reader's folder name),
    the folder and the file's group letter, whatever folder the files were read from."""
    if not len(frame):
        return np.array([], dtype=object)
    if "event" not in frame:
        return event_key(frame["source"].to_numpy())
    letter = frame["source"].astype(str).str.extract(r"scores(\w*)\.txt", expand=False)
    event = frame["event"].astype(str)
    return np.where(letter.fillna("") != "", event + "/" + letter.fillna(""), event).astype(object)


def surname(name) -> str:
    """A player's surname as the archive prints it.

    The WBF and EBL pages print ``"SURNAME Given"`` (the surname in capitals, possibly
    several words: ``"CASTELLO BRANCO Marcelo"``, ``"McGANN Hugh"``); the Olympiad and the
    leagues print ``"Given Surname"`` (or ``"A Surname"`` with an initial). The surname is
    the leading words written mostly in capitals (two letters or more), else the last word.

    Examples
    --------
    >>> [surname(n) for n in ["CASTELLO BRANCO Marcelo", "McGANN Hugh", "Peter Fredin",
    ...                       "A Guła", "HELNESS Tor"]]
    ['CASTELLO BRANCO', 'McGANN', 'Fredin', 'Guła', 'HELNESS']
    """
    words = str(name).split()
    if not words:
        return ""
    lead = []
    for w in words:
        letters = [c for c in w if c.isalpha()]
        if len(letters) >= 2 and sum(c.isupper() for c in letters) > len(letters) / 2:
            lead.append(w)
        else:
            break
    if lead and len(lead) < len(words):
        return " ".join(lead)
    return words[-1]


def team_name(players) -> str:
    """A team's name: the surnames of its players, sorted, joined by ``" / "``.

    Examples
    --------
    >>> team_name(["HELNESS Tor", "HELGEMO Geir", "BROGELAND Boye"])
    'BROGELAND / HELGEMO / HELNESS'
    """
    return " / ".join(sorted(surname(p) for p in players))


class _Forest:
    """Union-find over the players of one event that refuses a join the seating contradicts.

    Each class keeps, board by board, the table where it sits North-South and the one where
    it sits East-West (-1: none). Two classes are not joined when the result would sit at two
    tables in one direction on a board, or on both sides of one table (teammates never sit
    against one another); a refused join is counted in ``refused``.
    """

    def __init__(self, n: int, ns_tab: np.ndarray, ew_tab: np.ndarray):
        self.parent = np.arange(n)
        self.ns_tab = ns_tab
        self.ew_tab = ew_tab
        self.refused = 0

    def copy(self) -> _Forest:
        out = _Forest(len(self.parent), self.ns_tab.copy(), self.ew_tab.copy())
        out.parent = self.parent.copy()
        return out

    def root(self, a: int) -> int:
        p = self.parent
        while p[a] != a:
            p[a] = p[p[a]]
            a = p[a]
        return a

    def union(self, a: int, b: int) -> bool:
        ra, rb = self.root(a), self.root(b)
        if ra == rb:
            return False
        n1, n2 = self.ns_tab[ra], self.ns_tab[rb]
        e1, e2 = self.ew_tab[ra], self.ew_tab[rb]
        clash = (
            np.any((n1 >= 0) & (n2 >= 0) & (n1 != n2))
            or np.any((e1 >= 0) & (e2 >= 0) & (e1 != e2))
            or np.any((n1 >= 0) & (n1 == e2))
            or np.any((e1 >= 0) & (e1 == n2))
        )
        if clash:
            self.refused += 1
            return False
        lo, hi = min(ra, rb), max(ra, rb)
        self.parent[hi] = lo
        self.ns_tab[lo] = np.maximum(n1, n2)
        self.ew_tab[lo] = np.maximum(e1, e2)
        return True

    def roots(self) -> np.ndarray:
        p = self.parent
        while True:
            q = p[p]
            if np.array_equal(q, p):
                return p
            p[:] = q


def _propagate(forest: _Forest, ns: np.ndarray, ew: np.ndarray, slot: np.ndarray) -> None:
    """Close the teammate relation under the match rule, in place.

    At one board, if the North-South pair of table i and the East-West pair of table j are
    of one team, tables i and j are that team's match, so the East-West pair of i and the
    North-South pair of j are the other team.
    """
    while True:
        r = forest.roots()
        d = pd.DataFrame({"slot": slot, "ns": r[ns], "ew": r[ew]})
        m = d.merge(d, left_on=["slot", "ns"], right_on=["slot", "ew"], suffixes=("_i", "_j"))
        m = m[m["ew_i"] != m["ns_j"]].drop_duplicates(["ew_i", "ns_j"])
        changed = False
        for a, b in zip(m["ew_i"].to_numpy(), m["ns_j"].to_numpy(), strict=True):
            changed |= forest.union(int(a), int(b))
        if not changed:
            return


def _fill_holes(forest: _Forest, ns, ew, slot, rnd) -> int:
    """Join the classes the match rule leaves apart, where only one join is consistent.

    A class (a set of players known to be one team) that sits North-South in a round but
    never East-West (or the reverse) lacks its other pair. The candidates are the classes
    sitting the other way in that round; each is tried (joined, the match rule closed over)
    and a join is made only when exactly one candidate is joined without the seating
    refusing a join on the way. Repeated until no class has a hole with a single
    surviving candidate. Returns the number of joins made.
    """
    rounds, ridx = np.unique(rnd, return_inverse=True)
    joins = 0
    while True:
        r = forest.roots()
        allc = np.unique(np.concatenate([r[ns], r[ew]]))
        a = np.searchsorted(allc, r[ns])
        b = np.searchsorted(allc, r[ew])
        k = len(allc)
        ns_r = np.zeros((k, len(rounds)), dtype=bool)
        ew_r = np.zeros((k, len(rounds)), dtype=bool)
        ns_r[a, ridx] = True
        ew_r[b, ridx] = True
        best = None
        for c in range(k):
            for j in np.flatnonzero(ns_r[c] != ew_r[c]):
                need = ew_r[:, j] if ns_r[c, j] else ns_r[:, j]
                cand = np.flatnonzero(need)
                cand = [d for d in cand if d != c and forest.copy().union(allc[c], allc[d])]
                if cand and (best is None or len(cand) < len(best[1])):
                    best = (c, cand)
        if best is None:
            return joins
        c, cand = best
        survivors = []
        for d in cand:
            trial = forest.copy()
            trial.union(int(allc[c]), int(allc[d]))
            before = trial.refused
            _propagate(trial, ns, ew, slot)
            if trial.refused == before:
                survivors.append(d)
        if len(survivors) != 1:
            return joins
        forest.union(int(allc[c]), int(allc[survivors[0]]))
        joins += 1
        _propagate(forest, ns, ew, slot)


def _one_event(g: pd.DataFrame, event: str):
    players = pd.unique(pd.concat([g[s] for s in _SEATS], ignore_index=True))
    idx = {name: i for i, name in enumerate(players)}
    seat = {s: g[s].map(idx).to_numpy(dtype=np.int64) for s in _SEATS}
    rnd = pd.to_numeric(g["segment"], errors="coerce").to_numpy()
    if np.isnan(rnd).any():
        raise fail("frame", "rounds (segment) that are whole numbers", event)
    rnd = rnd.astype(np.int64)
    board = g["board"].to_numpy(dtype=np.int64)
    slot = pd.factorize(pd.Series(rnd * 100_000 + board))[0]
    # a player seated at two tables of one board: the seating of both tables is suspect
    long = pd.DataFrame(
        {
            "slot": np.tile(slot, 4),
            "player": np.concatenate([seat[s] for s in _SEATS]),
            "row": np.tile(np.arange(len(g)), 4),
        }
    )
    twice = long.duplicated(["slot", "player"], keep=False).to_numpy()
    conflict = np.zeros(len(g), dtype=bool)
    conflict[long["row"].to_numpy()[twice]] = True
    clean = ~conflict
    n_slot = int(slot.max()) + 1
    ns_tab = np.full((len(players), n_slot), -1, dtype=np.int64)
    ew_tab = np.full((len(players), n_slot), -1, dtype=np.int64)
    rows = np.flatnonzero(clean)
    for s_, t in (("north", ns_tab), ("south", ns_tab), ("east", ew_tab), ("west", ew_tab)):
        t[seat[s_][rows], slot[rows]] = rows
    forest = _Forest(len(players), ns_tab, ew_tab)
    # partners are teammates: the partnerships that played most boards first, so that a
    # misprinted seat (one wrong id for a match) is the join the seating refuses
    pairs = pd.DataFrame(
        {
            "a": np.concatenate([seat["north"][rows], seat["east"][rows]]),
            "b": np.concatenate([seat["south"][rows], seat["west"][rows]]),
        }
    )
    support = pairs.groupby(["a", "b"]).size().sort_values(ascending=False, kind="stable")
    for x, y in support.index:
        forest.union(int(x), int(y))
    ns_c, ew_c, slot_c = seat["north"][clean], seat["east"][clean], slot[clean]
    _propagate(forest, ns_c, ew_c, slot_c)
    filled = _fill_holes(forest, ns_c, ew_c, slot_c, rnd[clean])
    root = forest.roots().copy()
    # each side's team: the partners' common team; when they differ, the team of the one
    # not seated twice on the board; else unknown (-1)
    seated_twice = np.zeros((len(g), 4), dtype=bool)
    for k in range(4):
        seated_twice[:, k] = twice[k * len(g) : (k + 1) * len(g)]
    side = {}
    for name, (a, b, ka, kb) in {
        "ns": ("north", "south", 0, 1),
        "ew": ("east", "west", 2, 3),
    }.items():
        ta, tb = root[seat[a]], root[seat[b]]
        t = np.where(ta == tb, ta, -1)
        t = np.where((ta != tb) & seated_twice[:, ka] & ~seated_twice[:, kb], tb, t)
        t = np.where((ta != tb) & seated_twice[:, kb] & ~seated_twice[:, ka], ta, t)
        side[name] = t
    team_ids = np.unique(root)
    members = {t: [players[i] for i in np.flatnonzero(root == t)] for t in team_ids}
    names = {t: team_name(members[t]) for t in team_ids}
    if len(set(names.values())) < len(names):
        dup = pd.Series(names).value_counts()
        raise fail("frame", "teams whose surnames differ", given=f"{event}: {dup.index[0]} twice")
    teams = pd.DataFrame(
        {
            "event": event,
            "team": [names[t] for t in team_ids],
            "n_players": [len(members[t]) for t in team_ids],
            "players": ["; ".join(sorted(members[t])) for t in team_ids],
        }
    )
    stats = {
        "rows": len(g),
        "joins_refused": int(forest.refused),
        "joins_by_elimination": filled,
        "seated_twice": int(conflict.sum()),
        "unassigned": int(((side["ns"] < 0) | (side["ew"] < 0)).sum()),
    }
    return teams, _matches(g, event, rnd, board, slot, side, names), stats


def _matches(g, event, rnd, board, slot, side, names) -> pd.DataFrame:
    """One row per match: the board swings of a team's North-South table against its East-West
    table, summed."""
    ns, ew = side["ns"], side["ew"]
    ok = (ns >= 0) & (ew >= 0)
    lo, hi = np.minimum(ns, ew)[ok], np.maximum(ns, ew)[ok]
    rows = pd.DataFrame(
        {
            "round": rnd[ok],
            "board": board[ok],
            "lo": lo,
            "hi": hi,
            "lo_ns": (ns[ok] == lo),
            "score_ns": g["score_ns"].to_numpy(dtype=float)[ok],
        }
    )
    key = ["round", "lo", "hi", "board"]
    per = rows.groupby([*key, "lo_ns"]).agg(n=("score_ns", "size"), score=("score_ns", "first"))
    per = per.unstack("lo_ns")
    n1 = per[("n", True)].fillna(0).to_numpy() if ("n", True) in per else np.zeros(len(per))
    n2 = per[("n", False)].fillna(0).to_numpy() if ("n", False) in per else np.zeros(len(per))
    both = (n1 == 1) & (n2 == 1)
    s1 = per[("score", True)].to_numpy() if ("score", True) in per else np.full(len(per), np.nan)
    s2 = per[("score", False)].to_numpy() if ("score", False) in per else np.full(len(per), np.nan)
    swing = np.zeros(len(per), dtype=np.int64)
    swing[both] = imps(s1[both] - s2[both])  # to lo: its North-South minus its East-West
    board_rows = pd.DataFrame(
        {
            "won_lo": np.where(swing > 0, swing, 0),
            "won_hi": np.where(swing < 0, -swing, 0),
            "scored": both,
            "missing": (n1 == 0) != (n2 == 0),
            "ambiguous": (n1 > 1).astype(int) + (n2 > 1).astype(int),
        },
        index=per.index,
    )
    m = board_rows.groupby(level=["round", "lo", "hi"]).sum().reset_index()
    boards_per_round = pd.Series(board).groupby(rnd).nunique()
    name_lo = m["lo"].map(names)
    name_hi = m["hi"].map(names)
    first = (name_lo <= name_hi).to_numpy()
    return pd.DataFrame(
        {
            "event": event,
            "round": m["round"].astype(np.int64),
            "team_a": np.where(first, name_lo, name_hi),
            "team_b": np.where(first, name_hi, name_lo),
            "boards": m["round"].map(boards_per_round).astype(np.int64),
            "boards_scored": m["scored"].astype(np.int64),
            "imps_a": np.where(first, m["won_lo"], m["won_hi"]).astype(np.int64),
            "imps_b": np.where(first, m["won_hi"], m["won_lo"]).astype(np.int64),
            "missing_tables": m["missing"].astype(np.int64),
            "ambiguous_tables": m["ambiguous"].astype(np.int64),
        },
        columns=list(MATCH_COLUMNS),
    )


def reconstruct_teams(frame):
    """The teams of each event and every match's IMPs, from the seating alone.

    Parameters
    ----------
    frame : pandas.DataFrame
        The tidy frame of :func:`~bridgestats.derive.read_fullfield` (players named; ``source``,
        ``segment`` the round, ``board``, ``north`` ... ``west``, ``score_ns``). Each
        score file is one event (:func:`event_key`; with an ``event`` column, the
        reader's folder name and the file's group letter).

    Returns
    -------
    teams : pandas.DataFrame
        One row per team: ``event``, ``team`` (:func:`team_name`), ``n_players``,
        ``players`` (names, sorted, joined by ``"; "``).
    matches : pandas.DataFrame
        One row per match (:data:`MATCH_COLUMNS`): ``event``, ``round``, ``team_a`` and
        ``team_b`` (``team_a`` first in sort order), ``boards`` (boards of the round),
        ``boards_scored``, ``imps_a`` and ``imps_b`` (IMPs won by each side over the boards
        scored, WBF IMP table), ``missing_tables`` (boards where one of the match's two
        tables has no result) and ``ambiguous_tables`` (tables that could not be told
        apart: a board where the team sits at two tables in one direction).
        ``attrs["summary"]`` counts, per event, the joins the seating refused
        (``joins_refused``), those made by elimination (``joins_by_elimination``), the
        rows used (``rows``), those whose
        seating names a player at two tables of one board (``seated_twice``), those with a
        side that could not be given a team (``unassigned``) and those left out as not
        usable (``not_usable``: no score, no board or a seat not named).

    Notes
    -----
    Partners are teammates. Then the match rule is closed over (union-find): at one board,
    if the North-South pair of table i and the East-West pair of table j are of one team,
    i and j are that team's match, and the East-West pair of i and the North-South pair
    of j are the other team. Any partnership that changes during the event (a pair of a
    6-player team splitting) seeds it, and the rule spreads a team to its opponents round
    after round. A join that would seat one team at two tables in one direction on a
    board, or on both sides of one table, is refused (partnerships are joined in order of
    boards played together, so a misprinted seat is the one refused). Where the rule
    leaves a class without its other pair in a round, the classes sitting the other way
    are tried and a join is made only when exactly one of them closes without a refusal.

    A row whose seating names a player who also sits at another table of the same board
    (a scraping error of the archive: one id printed at two tables, or one match's
    lineup printed for both its tables) is left out of the reconstruction; its side is
    still given the team of the partner who is not seated twice, else no team. A board of
    a match is **not scored** (0 IMPs to both sides) when one of the match's two tables
    has no result there (``missing_tables``) or when the two tables cannot be told apart
    (``ambiguous_tables``); ``boards_scored`` says how many were.

    Examples
    --------
    Two teams of four (A: a1-a2 and a3-a4; B: b1-b2 and b3-b4), one board; the tables'
    pairs tie the teams: a1-a2 sit North-South against b1-b2 and a3-a4 East-West against
    b3-b4, and a partnership change (a1-a3 on board 2) seeds the rule:

    >>> f = pd.DataFrame({"source": "x/scores.txt", "segment": "1", "board": [1, 1, 2, 2],
    ...     "north": ["A a1", "B b3", "A a1", "B b3"], "south": ["A a2", "B b4", "A a3",
    ...     "B b4"], "east": ["B b1", "A a3", "B b1", "A a2"], "west": ["B b2", "A a4",
    ...     "B b2", "A a4"], "score_ns": [420.0, -50.0, 100.0, -100.0]})
    >>> teams, matches = reconstruct_teams(f)
    >>> teams["team"].tolist()
    ['a1 / a2 / a3 / a4', 'b1 / b2 / b3 / b4']
    >>> print(matches[["team_a", "boards_scored", "imps_a", "imps_b"]].to_string(index=False))
               team_a  boards_scored  imps_a  imps_b
    a1 / a2 / a3 / a4              2      15       0

    (board 1: 420 against -50 is 470 points, 10 IMPs; board 2: 100 against -100, 5 IMPs.)
    """
    check_frame(frame, "frame", ("source", "segment", "board", "score_ns", *_SEATS))
    usable = frame["score_ns"].notna() & frame["board"].notna()
    for s in _SEATS:
        usable &= frame[s].notna() & (frame[s].astype(str).str.strip() != "")
    all_keys = _event_keys(frame)
    usable = usable.to_numpy()
    teams, matches, summary = [], [], {}
    for event in pd.unique(all_keys):
        here = all_keys == event
        t, m, stats = _one_event(frame.loc[here & usable], event)
        teams.append(t)
        matches.append(m)
        summary[event] = {**stats, "not_usable": int((here & ~usable).sum())}
    teams = (
        pd.concat(teams, ignore_index=True)
        if teams
        else pd.DataFrame(columns=["event", "team", "n_players", "players"])
    )
    matches = (
        pd.concat(matches, ignore_index=True)
        if matches
        else pd.DataFrame(columns=list(MATCH_COLUMNS))
    )
    matches.attrs["summary"] = summary
    return teams, matches


def round_robin_checks(matches, *, teams=None) -> pd.DataFrame:
    """Check each event's matches against the structure of a complete round robin.

    Parameters
    ----------
    matches : pandas.DataFrame
        The matches of :func:`reconstruct_teams` (:data:`MATCH_COLUMNS`).
    teams : pandas.DataFrame, optional, keyword-only
        Its teams: when given, teams that played no match are counted.

    Returns
    -------
    pandas.DataFrame
        One row per event: ``n_entrants`` (teams), ``n_rounds``, ``n_matches``, ``boards``
        (the boards per match, as ``"16"`` or ``"16-20"``), ``meetings_per_pair`` (how many
        times each two teams met: ``"1"`` in a single round robin), ``pairs_never_met``,
        ``teams_twice_in_a_round`` (a team in two matches of one round),
        ``byes`` (team-rounds without a match), ``missing_tables``, ``ambiguous_tables``,
        ``boards_not_scored`` and ``complete`` (every two teams met the same number of
        times, no team twice in a round, at most one bye a round).

    Examples
    --------
    >>> m = pd.DataFrame({"event": "e", "round": [1, 2, 3], "team_a": ["A", "A", "B"],
    ...     "team_b": ["B", "C", "C"], "boards": 16, "boards_scored": [16, 16, 15],
    ...     "imps_a": 0, "imps_b": 0, "missing_tables": [0, 0, 1], "ambiguous_tables": 0})
    >>> round_robin_checks(m)[["n_entrants", "meetings_per_pair", "byes", "complete"]]
       n_entrants meetings_per_pair  byes  complete
    e           3                 1     3      True
    """
    check_frame(matches, "matches", MATCH_COLUMNS)
    out = {}
    for event, m in matches.groupby("event", sort=False):
        names = set(m["team_a"]) | set(m["team_b"])
        if teams is not None:
            names |= set(teams.loc[teams["event"] == event, "team"])
        n = len(names)
        rounds = sorted(m["round"].unique())
        pair = m.assign(key=m["team_a"] + "\x00" + m["team_b"]).groupby("key").size()
        per_round = (
            pd.concat(
                [
                    m[["round", "team_a"]].set_axis(["round", "t"], axis=1),
                    m[["round", "team_b"]].set_axis(["round", "t"], axis=1),
                ]
            )
            .groupby(["round", "t"])
            .size()
        )
        playing = per_round.groupby(level=0).size()
        byes = int((n - playing).clip(lower=0).sum())
        counts = sorted(pair.unique())
        never = n * (n - 1) // 2 - len(pair)
        twice = int((per_round > 1).sum())
        boards = sorted(m["boards"].unique())
        out[event] = {
            "n_entrants": n,
            "n_rounds": len(rounds),
            "n_matches": len(m),
            "boards": "-".join(str(b) for b in sorted({boards[0], boards[-1]})),
            "meetings_per_pair": "-".join(str(c) for c in sorted({counts[0], counts[-1]})),
            "pairs_never_met": never,
            "teams_twice_in_a_round": twice,
            "byes": byes,
            "missing_tables": int(m["missing_tables"].sum()),
            "ambiguous_tables": int(m["ambiguous_tables"].sum()),
            "boards_not_scored": int((m["boards"] - m["boards_scored"]).sum()),
            "complete": bool(
                never == 0 and len(counts) == 1 and twice == 0 and int((n - playing).max()) <= 1
            ),
        }
    return pd.DataFrame.from_dict(out, orient="index")

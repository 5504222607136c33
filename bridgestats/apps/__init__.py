"""Applications: what a scorer or a committee runs, built on the formulas, readers and studies.

- :mod:`~bridgestats.apps.score`: an event file scored as its scorer would
  (:func:`~bridgestats.apps.score.score_event`: per-board matchpoints, Butler or
  cross-IMPs, the ranking, team matches and their VPs, and how it all agrees with the
  figures the file printed), the engine of ``bridgestats score``;
- :mod:`~bridgestats.apps.booklet`: the printable booklet of VP scales, every form and
  board count 4-32, from the measured K, σ and B, the engine of ``bridgestats scale
  --booklet``.

Applications sit above the studies (the booklet takes its estimates from them) and below
the command line; the analyses the reports show stay in :mod:`bridgestats.studies`.
Names stay under their modules, so that importing one application loads nothing of the
other.
"""

"""Victory Point scales: the scale type, Gaussian scales, WBF 2013, an event's scale, the names.

The room of everything a committee means by "a VP scale":

- :mod:`~bridgestats.vp.scale`: the type, :class:`VPScale` (thresholds, VPs, outcomes,
  probabilities, tables), and a scale from a published table's thresholds;
- :mod:`~bridgestats.vp.gaussian`: Gaussian equal-probability scales with Pomfrey's negative
  VPs (Probst §2), σ from where a table starts its 20-0 (§4), σ fitted to a table;
- :mod:`~bridgestats.vp.wbf`: the WBF 2013 continuous scale and its discrete version;
- :mod:`~bridgestats.vp.event`: the Gaussian scale for an event of a form, at the form's one
  σ (:func:`bridgestats.sigma.form_sigma`);
- :mod:`~bridgestats.vp.catalogue`: the named scales (:data:`NAMED_SCALES`), each entry with
  its display name and how the booklet prints it;
- :mod:`~bridgestats.vp.render`: a scale as CSV, Markdown or HTML.

References
----------
.. [1] J. Probst, "On VP Scales", an article on Victory Point scales for the English Bridge
   Union (c. 2006), reproduced on bridgeguys.com ("On VP Scales - Bridge Guys").
.. [2] WBF Scoring Panel (M. Bavin, H. Bethe, B. Bramley, P. Buchen), "The New WBF IMP to VP
   Scales: Technical Report of the WBF Scoring Panel", World Bridge Federation, 2013.
"""

from .catalogue import (
    NAMED_SCALES,
    SCALE_NAMES,
    SWISS_PAIRS_TABLES,
    BookletPrint,
    NamedScale,
    named_scale,
    team_scales,
)
from .event import event_scale, scale_sigma
from .gaussian import ScaleFit, fit_scale_sigma, gaussian_scale, gaussian_z, sigma_from_top
from .scale import (
    MAX_BOARDS,
    MAX_MARGIN,
    MAX_NEGATIVE,
    MAX_SIGMA,
    MAX_STEP,
    MAX_VP,
    VPScale,
    scale_from_thresholds,
)
from .wbf import wbf_scale, wbf_table, wbf_vp

__all__ = [
    "MAX_BOARDS",
    "MAX_MARGIN",
    "MAX_NEGATIVE",
    "MAX_SIGMA",
    "MAX_STEP",
    "MAX_VP",
    "NAMED_SCALES",
    "SCALE_NAMES",
    "SWISS_PAIRS_TABLES",
    "BookletPrint",
    "NamedScale",
    "ScaleFit",
    "VPScale",
    "event_scale",
    "fit_scale_sigma",
    "gaussian_scale",
    "gaussian_z",
    "named_scale",
    "scale_from_thresholds",
    "scale_sigma",
    "sigma_from_top",
    "team_scales",
    "wbf_scale",
    "wbf_table",
    "wbf_vp",
]

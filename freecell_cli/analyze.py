"""Deprecated alias of :mod:`freecell_cli.analysis`, kept for one release: batch
analysis became a package, and this module only re-exports its public names.
Import from ``freecell_cli.analysis`` instead."""

import warnings

from .analysis import *  # noqa: F403
from .analysis import __all__  # noqa: F401

warnings.warn("freecell_cli.analyze is deprecated: import from freecell_cli.analysis", DeprecationWarning,
              stacklevel=2)

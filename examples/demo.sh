#!/usr/bin/env bash
# The main job on a real deal: deal 617 -> moves -> show, then solve under the
# site's rules and check the solution with our own verifier, all through pipes.
set -euo pipefail
FREECELL=${1:-freecell}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
run() { echo "\$ $*"; eval "$@"; echo; }
run "$FREECELL deal 617"
run "$FREECELL deal 617 | $FREECELL move 5a 82 a2 | $FREECELL show --plain --legal"
run "$FREECELL deal 617 | $FREECELL move 5a 58 || echo \"(exit \$?: refused)\""
run "$FREECELL deal 617 | $FREECELL solve --hint"
run "$FREECELL deal 617 | $FREECELL solve > $TMP/617.sol && head -6 $TMP/617.sol"
run "$FREECELL verify $TMP/617.sol"
run "$FREECELL verify --deal 4 examples/4.snx-out.txt || echo \"(exit \$?: fc-solve's solution breaks the site's rule)\""
run "$FREECELL verify --deal 4 --variant standard examples/4.snx-out.txt"
run "$FREECELL solve --deal 11982 --exhaustive --variant atomic || echo \"(exit \$?: proven unsolvable)\""

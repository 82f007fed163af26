#!/usr/bin/env bash
# The main job on a real deal: deal 617 -> a few moves -> show, all through pipes.
set -euo pipefail
FREECELL=${1:-freecell}
run() { echo "\$ $*"; eval "$@"; echo; }
run "$FREECELL deal 617"
run "$FREECELL deal 617 | $FREECELL move 5a 82 a2 | $FREECELL show --plain --legal"
run "$FREECELL deal 617 | $FREECELL move '5a 82' 5b 5c 5d 58 || echo \"(exit \$?)\""
run "$FREECELL deal 1 --format fcs"

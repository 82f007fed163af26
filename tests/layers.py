"""What a module of the package imports: every import statement in it, those inside
functions and under ``TYPE_CHECKING`` too, since each is an arrow between modules
all the same. The tests that keep a lower module from importing one above it."""

from __future__ import annotations

import ast
import importlib.util


def imports_of(module: str) -> set[str]:
    """The modules ``module`` (dotted, ``freecell_cli.game``) imports, as dotted
    names, a relative import resolved (``from . import hints`` in it gives
    ``freecell_cli.hints``: a name imported from a package may be a module)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, module
    package = module if spec.submodule_search_locations else module.rpartition(".")[0]
    with open(spec.origin, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]) if node.level else ""
            source = ".".join(part for part in (base, node.module) if part)
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names)
    return found


def imported_from(module: str, above: tuple[str, ...]) -> set[str]:
    """What ``module`` imports of the modules ``above`` (each a module or a package)."""
    return {m for m in imports_of(module) if any(m == a or m.startswith(a + ".") for a in above)}

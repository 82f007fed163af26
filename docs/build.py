"""`make docs`: the reference from the docstrings (pdoc) and the Scripting guide,
as static HTML in docs/_build/ (no network needed)."""

from __future__ import annotations

import html
import sys
from pathlib import Path

import pdoc
import pdoc.render
import markdown2

HERE = Path(__file__).resolve().parent
OUT = HERE / "_build"

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}}
pre{{background:#f6f8fa;padding:.8rem;overflow:auto}}code{{font-size:90%}}</style></head>
<body><p><a href="freecell_cli.html">Reference</a> · <a href="scripting.html">Scripting guide</a></p>
{body}</body></html>
"""


def main(out: Path = OUT) -> int:
    out.mkdir(parents=True, exist_ok=True)
    pdoc.render.configure(docformat="restructuredtext", footer_text="freecell-cli", show_source=False,
                          math=False, mermaid=False, search=True)
    import freecell_cli
    import freecell_cli.spider

    for package in (freecell_cli, freecell_cli.spider):
        for name in package.__all__:  # load the lazy exports: pdoc reads them from __dict__
            getattr(package, name)
    pdoc.pdoc("freecell_cli", "!freecell_cli.cli", output_directory=out)
    guide = (HERE / "scripting.md").read_text()
    body = markdown2.markdown(guide, extras=["fenced-code-blocks", "header-ids"])
    (out / "scripting.html").write_text(PAGE.format(title=html.escape("Scripting deal analysis"), body=body))
    print(f"docs written to {out}/index.html (reference) and {out}/scripting.html (guide)")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))

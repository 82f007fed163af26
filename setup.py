"""The optional compiled search core (freecell_cli/solvers/_core.c), and the
manual page.

Everything else is in pyproject.toml. ``optional=True``: where no C compiler or
no Python headers are found, the install goes on without it and the pure-Python
search runs (same results, slower); ``freecell --version`` says which core runs.

The manual page (man/freecell.1, written by ``make man`` from the commands' help,
``freecell --man``) goes to ``<prefix>/share/man/man1``: the venv's, or ~/.local's
with ``pip install --user``, where ``man freecell`` looks when the prefix's bin is
on PATH.
"""

from setuptools import Extension, setup

setup(
    data_files=[("share/man/man1", ["man/freecell.1"])],
    ext_modules=[
        Extension(
            "freecell_cli.solvers._core",
            ["freecell_cli/solvers/_core.c", "freecell_cli/solvers/_beam.c", "freecell_cli/solvers/_beam_type.c",
             "freecell_cli/solvers/_shorten.c", "freecell_cli/solvers/_optimal.c"],
            depends=[f"freecell_cli/solvers/{h}" for h in ("_state.h", "_seen.h", "_keyset.h", "_beam.h", "_beam_search.h",
                                                          "_shorten.h", "_optimal.h")],
            optional=True,
            extra_compile_args=["-O3", "-std=c99"],
        )
    ]
)

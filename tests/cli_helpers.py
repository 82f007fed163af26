from typer.testing import CliRunner

from freecell_cli.cli import app

runner = CliRunner()


def run(*args, input=None):
    """Invoke the CLI in-process; return (exit code, stdout, stderr)."""
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.stdout + result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def skip_without_cairo():
    """Skip a PNG test where cairosvg or the cairo library is missing."""
    import pytest

    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):  # OSError: cairosvg installed, libcairo not
        pytest.skip("cairosvg (the [png] extra) or libcairo is not installed")

"""Work for WorkerPool tests. Worker processes start from a fork server, so what
they run must be importable by name: hence this small module, not the tests'."""

import os
import signal


def die_on(item, bad, marker=None):
    """``item * 10``; on ``bad`` the worker kills itself with SIGKILL, every time,
    or only the first time when ``marker`` (a file that records it) is given."""
    if item == bad and (marker is None or not os.path.exists(marker)):
        if marker is not None:
            open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return item * 10


def fail_on(item, bad):
    if item == bad:
        raise RuntimeError(f"no {item}")
    return item * 10


def exit_at_once(item):
    os._exit(3)

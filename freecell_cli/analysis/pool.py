"""A pool of worker processes (:class:`WorkerPool`: a dead worker replaced and its
item tried again), and how many workers this machine holds (:func:`worker_limit`)."""

from __future__ import annotations

import os
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any, Generic, NoReturn, TypeVar

from ..errors import FreecellError, FreecellRuntimeError
from ..moves import plural

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkServerContext, SpawnContext


class WorkerFailed(FreecellRuntimeError):
    """Worker processes that could not do an item (they die, or the work raised)."""


def describe_exception(e: BaseException) -> str:
    """Why an item failed, in one line for its record: our own errors by their
    message, others with their type too (``ZeroDivisionError: division by zero``)."""
    text = str(e).strip().splitlines()[0] if str(e).strip() else ""
    if isinstance(e, (FreecellError, FreecellRuntimeError)):
        return text or type(e).__name__
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _raise_failure(item: object, reason: str) -> NoReturn:
    raise WorkerFailed(f"{item!r}: {reason}")


def _die_with_parent() -> None:
    """On Linux, ask the kernel to kill this worker when its parent dies, so a run
    killed with SIGKILL leaves no worker solving for nobody."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError, TypeError):
        pass


_T = TypeVar("_T")  # an item a worker is given
_R = TypeVar("_R")  # what a worker's function returns


def _worker_main(conn: Connection[tuple[bool, object], tuple[object] | None],
                 func: Callable[..., object], args: tuple[object, ...]) -> None:
    """A worker: items in through ``conn``, ``(True, result)`` or ``(False, why)``
    out, until the parent sends None or goes away."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _die_with_parent()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return  # the parent has gone
        if message is None:
            return
        try:
            reply = (True, func(message[0], *args))
        except Exception as e:
            reply = (False, describe_exception(e))
        try:
            conn.send(reply)
        except OSError:
            return
        except Exception as e:  # a result that cannot be pickled
            conn.send((False, f"cannot send the result back: {describe_exception(e)}"))


def _context() -> ForkServerContext | SpawnContext:
    """forkserver where there is one: workers start from a clean process, so they
    inherit no open file (the results file's lock dies with the run) and no thread
    (a progress bar's) that could hold a lock at the fork."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        preload = ["freecell_cli.analysis", "freecell_cli.solvers.engine", "freecell_cli.solvers.builtin",
                   "freecell_cli.deals"]
        if "freecell_cli.cli" in sys.modules:
            # Run from the console script, which each worker runs again as __mp_main__:
            # with its imports preloaded that costs 0.01 s a worker, not 0.25 s.
            preload.append("freecell_cli.cli")
        ctx.set_forkserver_preload(preload)
        _start_fork_server()
        return ctx
    return multiprocessing.get_context("spawn")


def _start_fork_server() -> None:
    """Start the fork server (if not running) with Ctrl-C blocked: it, and every
    worker it forks, inherit the blocked signal, so a Ctrl-C while they start (before
    a worker can ignore it) prints no traceback of theirs. The run itself gets it as
    soon as the server is started."""
    import signal
    from multiprocessing import forkserver, resource_tracker

    # The resource tracker, which the fork server starts first, unblocks SIGINT
    # when it has started: start it before blocking, so the mask holds for the server.
    resource_tracker.ensure_running()
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (AttributeError, OSError, ValueError):  # no signal masks here
        forkserver.ensure_running()
        return
    try:
        forkserver.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class _Worker:
    __slots__ = ("process", "conn", "task", "done")

    def __init__(self, ctx: ForkServerContext | SpawnContext, func: Callable[..., object],
                 args: tuple[object, ...]) -> None:
        # (item,) or None (stop) to the worker; (True, result) or (False, why) back, where
        # Any is func's result (of the pool's type) or why it failed (a str), as unpickled
        self.conn: Connection[tuple[object] | None, tuple[bool, Any]]
        try:
            self.conn, child = ctx.Pipe()
        except OSError as e:  # no file descriptors left
            raise WorkerFailed(f"cannot start a worker process: {e.strerror or e}") from None
        self.process = ctx.Process(target=_worker_main, args=(child, func, args), daemon=True)
        try:
            self.process.start()
        except OSError as e:  # no more processes, or memory, for a fork
            self.conn.close()
            raise WorkerFailed(f"cannot start a worker process: {e.strerror or e}") from None
        finally:
            child.close()  # the worker holds its end; ours must not keep it open
        # (item, deaths so far) while busy; Any: the item, of the pool's item type
        self.task: tuple[Any, int] | None = None
        self.done = 0  # items finished

    def how_it_ended(self) -> str:
        self.process.join(1)
        code = self.process.exitcode
        if code is None:
            return "no longer answering"
        return f"signal {-code}" if code < 0 else f"exit code {code}"

    def stop(self, kindly: bool) -> None:
        try:
            if kindly:
                self.conn.send(None)
            else:
                self.process.terminate()
        except (OSError, ValueError):
            pass

    def reap(self) -> None:
        try:
            self.process.join(2)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()
            self.process.close()
        except (OSError, ValueError):
            pass
        self.conn.close()


class WorkerPool(Generic[_T, _R]):
    """Runs ``func(item, *args)`` for many items in up to ``jobs`` worker
    processes (never more than there are items), results in the order they
    finish. With ``jobs`` 1, runs in this process.

    A worker that dies (killed, out of memory) is replaced, and its item tried once
    more; when that worker dies too, ``on_error(item, "worker died twice (signal
    9)")`` stands in for the result. An exception in ``func`` also goes to
    ``on_error(item, why)``. The default ``on_error`` raises :class:`WorkerFailed`.
    When three workers in a row die before finishing anything and none has, the
    trouble is the workers, not the items: :class:`WorkerFailed` ends the run.
    Ctrl-C, or closing the iterator, stops every worker.

    >>> pool = WorkerPool(pow, (2,), jobs=4)
    >>> sorted(pool.map([1, 2, 3])), pool.started
    ([1, 4, 9], 3)
    """

    def __init__(self, func: Callable[..., _R], args: tuple[object, ...] = (), jobs: int = 1,
                 on_error: Callable[[_T, str], _R] = _raise_failure) -> None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise FreecellError(f"jobs must be a whole number >= 1, not {jobs!r}")
        self.func, self.args, self.jobs, self.on_error = func, args, jobs, on_error
        self.started = 0  # worker processes started (replacements included)

    def map(self, items: Iterable[_T]) -> Generator[_R, None, None]:
        if self.jobs == 1:
            return self._in_process(items)
        return self._in_workers(items)

    def _in_process(self, items: Iterable[_T]) -> Generator[_R, None, None]:
        for item in items:
            try:
                result = self.func(item, *self.args)
            except Exception as e:
                result = self.on_error(item, describe_exception(e))
            yield result

    def _in_workers(self, items: Iterable[_T]) -> Generator[_R, None, None]:
        from multiprocessing.connection import wait

        ctx = _context()
        source = iter(items)
        retry: deque[tuple[_T, int]] = deque()  # items whose worker died, with their deaths
        workers: list[_Worker] = []
        failed_starts = 0  # workers in a row that died before finishing anything
        finished = False

        def next_task() -> tuple[_T, int] | None:
            if retry:
                return retry.popleft()
            for item in source:
                return item, 0
            return None

        def retire(w: _Worker) -> str:
            how = w.how_it_ended()
            workers.remove(w)
            w.reap()
            return how

        def lost(w: _Worker) -> str:
            """A worker gone: how it ended; a run ends when they all die unused."""
            nonlocal failed_starts
            failed_starts += w.done == 0
            how = retire(w)
            if failed_starts >= 3 and not any(x.done for x in workers):
                raise WorkerFailed(f"worker processes keep dying before finishing anything ({how})")
            return how

        def assign(w: _Worker, task: tuple[_T, int]) -> None:
            try:
                w.conn.send((task[0],))
                w.task = task
            except (OSError, ValueError):  # it died before taking the item: not the item's fault
                retry.appendleft(task)
                lost(w)

        try:
            while True:
                # Work for idle workers first, then new workers up to jobs.
                for w in [w for w in workers if w.task is None]:
                    task = next_task()
                    if task is None:
                        break
                    assign(w, task)
                while len(workers) < self.jobs:
                    task = next_task()
                    if task is None:
                        break
                    w = _Worker(ctx, self.func, self.args)
                    self.started += 1
                    workers.append(w)
                    assign(w, task)
                busy = [w for w in workers if w.task is not None]
                if not busy:
                    break
                ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
                for w in busy:
                    if w.conn not in ready and w.process.sentinel not in ready:
                        continue
                    assert w.task is not None  # busy
                    item, deaths = w.task
                    reply = None
                    try:
                        if w.conn.poll():
                            reply = w.conn.recv()
                    except Exception:  # EOF, or a message torn by the death: unpickling it can raise anything
                        reply = None
                    if reply is not None:
                        w.task = None
                        w.done += 1
                        failed_starts = 0
                        ok, value = reply
                        yield value if ok else self.on_error(item, value)
                        if w.process.sentinel in ready or not w.process.is_alive():
                            retire(w)
                        continue
                    # No answer: the worker is dead (or dying) with the item.
                    w.process.join(0.5)
                    if w.process.is_alive():
                        w.process.kill()
                    w.task = None
                    how = lost(w)
                    if deaths + 1 >= 2:
                        yield self.on_error(item, f"worker died twice ({how})")
                    else:
                        retry.append((item, deaths + 1))
            finished = True
        finally:
            for w in workers:
                w.stop(kindly=finished)
            for w in workers:
                w.reap()


# -- how many workers --------------------------------------------------------------
# The memory one worker may take: measured (VmHWM), 20-25 MB solving ordinary deals,
# 150-160 MB proving deal 11982 unsolvable (engine auto, and min-cells).
WORKER_MEMORY = 160 * 2**20
_FDS_PER_WORKER = 4  # its pipe and sentinel here, and those passed while it starts


def cap_jobs(jobs: int, cores: int, memory: int | None = None, fds: int | None = None,
             per_worker: int = WORKER_MEMORY) -> int:
    """The workers worth starting for ``jobs``: no more than ``cores`` (more would
    only share them, and each deal's time limit is wall-clock time, so deals would
    give up that need not), than ``memory`` (bytes available, None: unknown) holds
    at ``per_worker`` each, or than ``fds`` (file descriptors free) allow; at least 1.

    >>> cap_jobs(300, cores=2, memory=8 * 2**30), cap_jobs(8, cores=16, memory=500 * 2**20), cap_jobs(3, 1, 0)
    (2, 3, 1)
    """
    top = min(jobs, cores)
    if memory is not None:
        top = min(top, memory // per_worker)
    if fds is not None:
        top = min(top, fds // _FDS_PER_WORKER)
    return max(1, top)


def _read_first(*paths: str) -> str | None:
    for path in paths:
        try:
            with open(path) as f:
                return f.read().strip()
        except (OSError, UnicodeDecodeError):
            continue
    return None


def _cgroups() -> dict[str, str]:
    """{controller: path} of this process's cgroups ("" for the cgroup v2 one)."""
    out = {}
    for line in (_read_first("/proc/self/cgroup") or "").splitlines():
        _, controllers, path = line.split(":", 2) if line.count(":") >= 2 else ("", "-", "")
        for c in controllers.split(","):
            out[c] = path
    return out


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity, and a cgroup CPU quota."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    groups = _cgroups()
    v2, v1 = groups.get("", "/").lstrip("/"), groups.get("cpu", "/").lstrip("/")
    quota = _read_first(f"/sys/fs/cgroup/{v2}/cpu.max", "/sys/fs/cgroup/cpu.max")
    if quota is None:
        q = _read_first(f"/sys/fs/cgroup/cpu/{v1}/cpu.cfs_quota_us", "/sys/fs/cgroup/cpu/cpu.cfs_quota_us")
        period = _read_first(f"/sys/fs/cgroup/cpu/{v1}/cpu.cfs_period_us", "/sys/fs/cgroup/cpu/cpu.cfs_period_us")
        quota = f"{q} {period}" if q and period else None
    if quota:
        limit, _, period = quota.partition(" ")
        if limit.lstrip("-").isdigit() and int(limit) > 0 and period.isdigit() and int(period) > 0:
            cores = min(cores, -(-int(limit) // int(period)))
    return max(1, cores)


def available_memory() -> int | None:
    """Bytes of memory free for new workers: the kernel's MemAvailable, and what a
    cgroup limit leaves (None: unknown)."""
    found = []
    for line in (_read_first("/proc/meminfo") or "").splitlines():
        if line.startswith("MemAvailable:") and line.split()[1].isdigit():
            found.append(int(line.split()[1]) * 1024)
    groups = _cgroups()
    v2, v1 = groups.get("", "/").lstrip("/"), groups.get("memory", "/").lstrip("/")
    for limit_file, used_file in ((f"/sys/fs/cgroup/{v2}/memory.max", f"/sys/fs/cgroup/{v2}/memory.current"),
                                  (f"/sys/fs/cgroup/memory/{v1}/memory.limit_in_bytes",
                                   f"/sys/fs/cgroup/memory/{v1}/memory.usage_in_bytes")):
        limit, used = _read_first(limit_file), _read_first(used_file)
        if limit and used and limit.isdigit() and used.isdigit() and int(limit) < 2**60:  # else: no limit
            found.append(max(0, int(limit) - int(used)))
    return min(found) if found else None


def _free_fds() -> int | None:
    """File descriptors this process may still open (None: unknown)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        open_now = len(os.listdir("/proc/self/fd"))
    except (ImportError, OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY else max(0, soft - open_now - 32)


def worker_limit(jobs: int) -> tuple[int, str | None]:
    """:func:`cap_jobs` on this machine: the workers to start for ``jobs``, and
    when that is fewer, why in words (``2 cores, 1.5 GB of memory available, ...``)."""
    cores, memory, fds = usable_cores(), available_memory(), _free_fds()
    n = cap_jobs(jobs, cores, memory, fds)
    if n >= jobs:
        return jobs, None
    why = [plural(cores, "core")]
    if memory is not None:
        size = f"{memory / 2**30:.1f} GB" if memory >= 2**30 else f"{memory // 2**20} MB"
        why.append(f"{size} of memory available, {WORKER_MEMORY // 2**20} MB a worker")
    if fds is not None and fds // _FDS_PER_WORKER < min(jobs, cores):
        why.append(f"{fds} file descriptors free")
    return n, ", ".join(why)

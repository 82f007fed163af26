"""Where deals are solved: worker processes on this machine (:func:`run_local`)
or a Dask cluster (:func:`run_dask`); both give records as deals finish."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any

from ..errors import FreecellError, FreecellRuntimeError, quote
from . import pool
from .records import Job, Record, analyze_deal, error_record


def run_local(deals: Iterable[int], job: Job, jobs: int) -> Generator[Record, None, None]:
    """Records as workers finish them (any order); a deal whose worker died twice,
    or whose solve failed, gets an ``error`` record. ``jobs`` is capped by
    :func:`.pool.worker_limit` (the cores, the memory)."""
    if isinstance(jobs, int) and not isinstance(jobs, bool) and jobs > 1:
        jobs = pool.worker_limit(jobs)[0]
    workers: pool.WorkerPool[int, Record] = pool.WorkerPool(analyze_deal, (job,), jobs,
                                                            on_error=lambda n, why: error_record(n, job, why))
    return workers.map(deals)


def run_dask(deals: Iterable[int], job: Job, scheduler: str | None = None,
             client: Any = None,  # a dask.distributed.Client: dask is untyped
             window: int = 1000) -> Generator[Record, None, None]:
    """Records from a Dask distributed cluster (``pip install 'freecell-cli[dask]'``).
    At most ``window`` deals are out at once, so a long range never floods the
    scheduler; a deal Dask gives up on (its workers died, or its solve failed)
    gets an ``error`` record.

    Connecting, handshake included, must end within Dask's
    ``distributed.comm.timeouts.connect`` (30 s unless configured, e.g.
    ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=10s``): a server that accepts the
    connection and never answers is :class:`FreecellError`, not a wait forever.
    A scheduler lost mid-run (its connection closed, or no answer within that time
    while no deal finishes) is :class:`ClusterLost`: the deals not finished get no
    record, so a resumed run does them. Dask's own log lines are silenced meanwhile."""
    try:
        import dask
        from dask.distributed import Client, as_completed
    except ImportError:
        raise FreecellError("the dask executor needs dask.distributed: pip install 'freecell-cli[dask]'") from None
    from dask.utils import parse_timedelta

    timeout = float(parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), default="s"))
    restore = _quiet_dask_logging()
    own = client is None
    try:
        if own:
            where = f"the Dask scheduler {quote(scheduler, 64)}" if scheduler else "a local Dask cluster"
            client = _connect_dask(Client, scheduler, timeout, where)
        yield from _dask_records(client, as_completed, deals, job, window, scheduler, timeout)
    finally:
        try:
            if own and client is not None:
                client.close(timeout=timeout)
        except Exception:  # a scheduler lost or frozen: nothing more to say to it
            pass
        finally:
            restore()


def _connect_dask(make: Callable[..., Any], scheduler: str | None, timeout: float, where: str) -> Any:
    """A connected Client within ``timeout`` seconds. Dask waits for the scheduler's
    handshake without a limit, so the Client is made in a thread that is abandoned
    (a daemon, idle) when it takes too long."""
    import threading

    made: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            # dask is untyped (no annotations): its calls are unchecked
            made.append(make(scheduler, timeout=timeout) if scheduler else make(processes=True))
        except BaseException as e:  # dask raises ValueError, TypeError, OSError, TimeoutError... by address
            failed.append(e)

    thread = threading.Thread(target=connect, name="freecell-dask-connect", daemon=True)
    thread.start()
    # dask's own limit covers the TCP connection; a little more lets it say why it failed
    thread.join(timeout + 2 if scheduler else None)
    if made:
        return made[0]
    if failed:
        raise FreecellError(f"cannot reach {where}: {pool.describe_exception(failed[0])}") from None
    raise FreecellError(f"cannot reach {where}: no Dask handshake within {timeout:g} s "
                        "(is a Dask scheduler listening there?)")


class ClusterLost(FreecellRuntimeError):
    """The Dask scheduler, or the connection to it, was lost in the middle of a run."""


def _dask_records(client: Any, as_completed: Callable[..., Any], deals: Iterable[int], job: Job, window: int,
                  scheduler: str | None, timeout: float) -> Iterator[Record]:
    """The records as the futures finish. While none finishes for ``timeout``
    seconds the scheduler must answer a question within as long: one that is
    stopped, or cut off without the connection closing, would be waited for forever."""
    import time

    source = iter(deals)
    pending: dict[str, int] = {}
    running = as_completed()
    where = f"the Dask scheduler {quote(scheduler, 64)}" if scheduler else "the local Dask cluster"

    def lost(why: str) -> ClusterLost:
        return ClusterLost(f"lost {where} in the middle of the run ({why}): the deals it had not "
                           "finished have no record, so running again with the same --out does them")

    def submit() -> bool:
        for n in source:
            try:
                future = client.submit(analyze_deal, n, job, pure=False)
            except Exception as e:  # a client that has lost its scheduler may refuse work
                raise lost(_dask_reason(e)) from None
            pending[future.key] = n
            running.add(future)
            return True
        return False

    for _ in range(window):
        if not submit():
            break
    quiet_since = time.monotonic()
    while not running.is_empty():
        if not running.has_ready():
            time.sleep(0.05)
            if time.monotonic() - quiet_since >= timeout:
                if not _scheduler_answers(client, timeout):
                    raise lost(f"no answer from it within {timeout:g} s")
                quiet_since = time.monotonic()
            continue
        future = next(running)
        quiet_since = time.monotonic()
        n = pending.pop(future.key)
        try:
            record = None
            while record is None:
                try:
                    # fetching the result asks the scheduler too: bounded, as above
                    record = future.result(timeout=timeout)
                except Exception as e:
                    # "error": the task raised (the solve failed, or KilledWorker after
                    # Dask's own retries): the deal's record says so. Anything else
                    # (cancelled, lost) is the cluster gone: the deal was not done, and
                    # gets no record.
                    if future.status == "error" and client.status in ("running", "connecting"):
                        record = error_record(n, job, pool.describe_exception(e))
                    elif not isinstance(e, TimeoutError) or future.status != "finished":
                        raise lost(_dask_reason(e)) from None
                    elif not _scheduler_answers(client, timeout):
                        raise lost(f"no answer from it within {timeout:g} s") from None
        finally:
            future.release()
        yield record
        submit()


def _scheduler_answers(client: Any, timeout: float) -> bool:
    """Whether the scheduler answers a question (who it is) within ``timeout`` seconds."""
    import asyncio

    async def identity() -> None:
        await asyncio.wait_for(client.scheduler.identity(), timeout)

    try:
        client.sync(identity)
    except Exception:  # timed out, or the connection is gone
        return False
    return True


def _dask_reason(e: BaseException) -> str:
    """Why a future was lost, in a word or two (``scheduler-connection-lost``,
    ``CommClosedError``): dask's messages name sockets and task keys."""
    reason = getattr(e, "reason", None)
    return str(reason) if reason else type(e).__name__


# Loggers that print to stderr while a Dask client runs (a lost scheduler makes
# "distributed" print dozens of lines and tracebacks as it tries to reconnect).
_DASK_LOGGERS = ("distributed", "tornado", "asyncio", "bokeh")


def _quiet_dask_logging() -> Callable[[], None]:
    """Silence Dask's loggers (and those of its event loop); returns what undoes it.
    The run reports what matters itself: a lost scheduler ends it with one error."""
    import logging

    names = [n for n in list(logging.root.manager.loggerDict)
             if any(n == p or n.startswith(p + ".") for p in _DASK_LOGGERS)]
    loggers = [logging.getLogger(n) for n in {*names, *_DASK_LOGGERS}]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.setLevel(logging.CRITICAL + 1)

    def restore() -> None:
        for log, level in zip(loggers, levels):
            log.setLevel(level)

    return restore

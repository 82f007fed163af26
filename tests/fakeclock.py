"""A clock for tests of time limits and clocks: it moves only when read or told,
so a test says what happens at a limit without depending on the machine's speed."""


class FakeClock:
    """Stands in for the ``time`` module of the code under test (its
    ``perf_counter`` and ``monotonic``): each reading moves it on by ``step``
    seconds, ``advance`` and ``sleep`` move it by hand.

    >>> clock = FakeClock(step=0.5)
    >>> clock.perf_counter(), clock.perf_counter(), clock.readings
    (1000.0, 1000.5, 2)
    """

    def __init__(self, step: float = 0.0, start: float = 1000.0):
        self.now = start
        self.step = step
        self.readings = 0

    def perf_counter(self) -> float:
        self.readings += 1
        now = self.now
        self.now += self.step
        return now

    monotonic = perf_counter

    def advance(self, seconds: float) -> None:
        self.now += seconds

    sleep = advance

    def install(self, monkeypatch, *modules) -> "FakeClock":
        """Make this the clock of each of ``modules`` (their name ``time``); one
        clock for all, so that time spent in one counts in the others."""
        for module in modules:
            monkeypatch.setattr(module, "time", self)
        return self

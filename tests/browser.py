"""A headless Chromium driven over the DevTools protocol on a pipe (no extra
Python package): load a page, press keys, evaluate JavaScript. Tests that use it
skip where no Chromium is installed (Debian: apt-get install chromium, or the
lighter chromium-headless-shell; FREECELL_TEST_BROWSER names any other binary)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time

# Names on PATH, most usual first: Debian's full browser and its headless build
# (chromium-headless-shell), Ubuntu's and Google's, and the headless shells that
# Puppeteer and Playwright download (chrome-headless-shell, headless_shell).
BROWSERS = ("chromium", "chromium-headless-shell", "chromium-browser", "google-chrome", "google-chrome-stable",
            "chrome", "chrome-headless-shell", "headless_shell")
# Where Debian puts the binaries themselves, for a PATH without /usr/bin's links.
INSTALLED = ("/usr/lib/chromium/chromium", "/usr/lib/chromium/chromium-headless-shell")
SKIP_REASON = ("no Chromium installed (Debian: apt-get install chromium-headless-shell, or chromium; "
               "or name one in FREECELL_TEST_BROWSER)")


def find_browser() -> str | None:
    """The Chromium to drive: FREECELL_TEST_BROWSER when set, else the first of
    BROWSERS on PATH, else one of Debian's INSTALLED binaries."""
    chosen = os.environ.get("FREECELL_TEST_BROWSER")
    if chosen:
        return shutil.which(chosen)
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    for path in INSTALLED:
        if os.access(path, os.X_OK):
            return path
    return None


class Browser:
    def __init__(self, binary: str, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="fc-chromium-")
        # fd 3: our commands to the browser; fd 4: its answers (NUL-separated JSON)
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        os.set_inheritable(to_browser_r, True)
        os.set_inheritable(from_browser_w, True)

        def fds() -> None:
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-dev-shm-usage", "--disable-extensions", "--disable-sync", "--no-first-run",
             "--disable-component-update", "--mute-audio", f"--user-data-dir={self.profile}",
             "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=fds, close_fds=False,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._id = 0
        self.session: str | None = None

    def send(self, method: str, params: dict | None = None, session: bool = True) -> dict:
        self._id += 1
        message = {"id": self._id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self._id:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return answer.get("result", {})
            if time.monotonic() > deadline:
                raise TimeoutError(method)
            chunk = os.read(self._from_browser, 65536)
            if not chunk:
                raise RuntimeError("the browser closed the pipe")
            self._buffer += chunk

    def open(self, url: str) -> None:
        target = self.send("Target.createTarget", {"url": url}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        deadline = time.monotonic() + self.timeout
        # the new tab is about:blank (already complete) until the navigation commits
        while self.evaluate("location.href + ' ' + document.readyState") != f"{url} complete":
            if time.monotonic() > deadline:
                raise TimeoutError(url)
            time.sleep(0.05)

    def evaluate(self, expression: str):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result["result"].get("value")

    def press(self, key: str, code: int) -> None:
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent",
                      {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code})

    def close(self) -> None:
        try:
            self.send("Browser.close", session=False)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

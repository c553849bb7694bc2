"""The one headless Chromium of the browser tests, and what they read back from it.

Every browser test module starts its browser here, with the flags this machine needs (no sandbox as
root, no background networking, a fresh profile), the browser's console and network logs kept, and asks
the same two questions of a page: did it log a JavaScript error, and did it request anything from off
this machine.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import browser_cpu
import pytest

#: Requests that stay on this machine (the browser's own pages, such as its new-tab page, included).
LOCAL = ("http://127.0.0.1", "data:", "blob:", "about:", "chrome:", "chrome-untrusted:", "chrome-extension:")


def start(width: int = 1280, height: int = 1400, *, offline: bool = False, no_cache: bool = False,
          script_timeout: float | None = None) -> tuple[Any, str]:
    """A driver and its profile folder.  ``offline`` makes every host but 127.0.0.1 unresolvable (an answer
    can then only come from the site's own files); ``no_cache`` makes every page load count its bytes."""
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    chromium, chromedriver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not chromedriver:
        pytest.fail("Chromium and ChromeDriver are required (make test installs them: apt chromium chromium-driver)")
    opts = Options()
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              f"--window-size={width},{height}"):
        opts.add_argument(a)
    if offline:
        opts.add_argument("--allow-file-access-from-files=false")
        opts.add_argument("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")
    profile = tempfile.mkdtemp(prefix="aot-chromium-")
    opts.add_argument(f"--user-data-dir={profile}")
    opts.binary_location = chromium
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    d = webdriver.Chrome(service=Service(chromedriver), options=opts)
    d.set_page_load_timeout(60)
    if script_timeout is not None:
        d.set_script_timeout(script_timeout)
    if no_cache:
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    return d, profile


def stop(d: Any, profile: str) -> None:
    process = getattr(getattr(d, "service", None), "process", None)
    if process is not None:  # Chromium's CPU, which the suite's own count misses (tests/browser_cpu.py)
        browser_cpu.measure(process.pid)
    d.quit()
    shutil.rmtree(profile, ignore_errors=True)


def session(width: int = 1280, height: int = 1400, **kw: Any) -> Iterator[Any]:
    """A browser for a module-scoped fixture: ``yield from chromium.session(...)``."""
    d, profile = start(width, height, **kw)
    try:
        yield d
    finally:
        stop(d, profile)


def open_page(d: Any, url: str) -> None:
    """Load ``url`` and wait until the document is complete (30 s at most)."""
    d.get(url)
    deadline = time.time() + 30
    while time.time() < deadline and d.execute_script("return document.readyState") != "complete":
        time.sleep(0.1)


def choose_theme(d: Any, mode: str) -> None:
    """Store the reader's colour choice before any of the page's own scripts run, on every page this driver
    opens (the theme's start-up script writes the stored mode too, and on a loaded machine a choice written
    after the page loaded could lose that race)."""
    store = f"localStorage.setItem('mode', {json.dumps(mode)}); localStorage.setItem('theme', {json.dumps(mode)});"
    d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": f"try {{ {store} }} catch (e) {{}}"})


#: Sets ``<html lang>`` as soon as the parser has made the root element: a script added with the DevTools protocol
#: runs before the document has one, so it waits for the root's insertion (a MutationObserver's callback runs before
#: the parser runs the page's first script).
SPEAK = """(() => {
  const set = () => { const el = document.documentElement; if (!el) { return false; } el.lang = LANG; return true; };
  if (set()) { return; }
  const watch = new MutationObserver(() => { if (set()) { watch.disconnect(); } });
  watch.observe(document, {childList: true});
})();"""


def speak(d: Any, lang: str) -> str:
    """Show every page this driver opens from now on as the edition built in ``lang`` would be shown (the test hook
    of book/_ext/engine/i18n.js, which reads the page's ``<html lang>`` once): one English build serves the tests
    of every language.  Returns the script's id for :func:`unspeak`."""
    source = SPEAK.replace("LANG", json.dumps(lang))
    return str(d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"])


def unspeak(d: Any, ident: str) -> None:
    """Pages opened from now on keep the language they were built in."""
    d.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": ident})


def load_afresh(d: Any, url: str) -> None:
    """Load ``url`` as a new document even when only its fragment differs from the page shown (a same-page
    fragment change would not run the page's start-up again): through a blank page, never ``refresh()``,
    which a page still starting its engine could turn into an aborted navigation."""
    d.get("about:blank")
    open_page(d, url)


def open_in(d: Any, lang: str, url: str) -> None:
    """Open ``url`` afresh as the ``lang`` edition would show it (:func:`speak` for this one load)."""
    ident = speak(d, lang)
    try:
        load_afresh(d, url)
    finally:
        unspeak(d, ident)
    assert d.execute_script("return window.aotI18n.lang") == lang


def severe_errors(d: Any, harmless: tuple[str, ...] = ()) -> list[str]:
    """The JavaScript errors the page logged since the last call, less any naming a ``harmless`` string."""
    return [e["message"] for e in d.get_log("browser")
            if e["level"] == "SEVERE" and not any(h in e["message"] for h in harmless)]


def offsite_requests(d: Any) -> list[str]:
    """The URLs requested since the last call that leave this machine."""
    urls = []
    for entry in d.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg.get("method") == "Network.requestWillBeSent":
            url = msg["params"]["request"]["url"]
            if not url.startswith(LOCAL):
                urls.append(url)
    return urls

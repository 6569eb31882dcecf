"""A real browser engine for the web pages' tests: QtWebEngine (Chromium, from the
PySide6 wheel) offscreen, run as a process of its own so that its Chromium starts before
any other Qt application (it needs ``--no-sandbox`` as root).

``python -m tests.club.browser PLAN`` reads a JSON plan: ``url``, ``width``, ``height``
and ``steps``, each ``{"js": ...}`` (run in the page; ``"load": true`` waits for the page
it leads to), ``{"until": ...}`` (a script run again until its value is true, for up to
``seconds``), ``{"shot": path}`` (the page as shown, as PNG), and for a test that acts on
the server meanwhile, ``{"touch": path}`` (a file made, to say a step is reached) and
``{"await": path}`` (until that file is there), and ``{"wait": seconds}``. With
``"scripts": false`` the page runs no script of its own. A step that loads a page waits for
the page it leads to (not for the end of loading the page before, which a script may
already read). It prints, as JSON, each step's value and every address the page asked for,
and each step as it begins on stderr (to say where a plan stopped).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any


def main(plan: dict[str, Any]) -> dict[str, Any]:
    flags = os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "")
    if os.geteuid() == 0 and "--no-sandbox" not in flags:
        os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = f"{flags} --no-sandbox".strip()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer, QUrl
    from PySide6.QtWebEngineCore import QWebEngineProfile, QWebEngineUrlRequestInterceptor
    from PySide6.QtWebEngineWidgets import QWebEngineView
    from PySide6.QtWidgets import QApplication

    from tests.shots import save_png

    app = QApplication([])
    asked: list[str] = []

    class Recorder(QWebEngineUrlRequestInterceptor):
        def interceptRequest(self, info) -> None:
            asked.append(info.requestUrl().toString())

    recorder = Recorder()
    profile = QWebEngineProfile(app)  # off the record: nothing kept on disk, or shared
    profile.setUrlRequestInterceptor(recorder)
    from PySide6.QtWebEngineCore import QWebEnginePage

    page = QWebEnginePage(profile, app)
    if not plan.get("scripts", True):
        from PySide6.QtWebEngineCore import QWebEngineSettings

        page.settings().setAttribute(QWebEngineSettings.WebAttribute.JavascriptEnabled, False)
    view = QWebEngineView()
    view.setPage(page)
    view.resize(plan["width"], plan["height"])
    view.show()

    def wait(signal, seconds: float = 20) -> Any:
        loop = QEventLoop()
        got: list[Any] = []

        def done(*values: Any) -> None:
            got.append(values)
            loop.quit()

        signal.connect(done)
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()
        signal.disconnect(done)
        if not got:
            raise TimeoutError("the page did not answer in time")
        return got[0]

    def run(script: str) -> Any:
        loop = QEventLoop()
        got: list[Any] = []

        def done(value: Any) -> None:
            got.append(value)
            loop.quit()

        page.runJavaScript(script, 0, done)
        QTimer.singleShot(20000, loop.quit)
        loop.exec()
        return got[0] if got else None

    def settle(milliseconds: int = 300) -> None:
        loop = QEventLoop()
        QTimer.singleShot(milliseconds, loop.quit)
        loop.exec()

    page.load(QUrl(plan["url"]))
    wait(page.loadFinished)
    values: list[Any] = []
    for number, step in enumerate(plan["steps"]):
        print(f"step {number}: {json.dumps(step)[:200]}", file=sys.stderr, flush=True)  # if stuck
        if "shot" in step:
            settle()
            save_png(view.grab(), step["shot"])
            values.append(step["shot"])
        elif "touch" in step:
            Path(step["touch"]).touch()
            values.append(True)
        elif "await" in step:
            deadline = time.monotonic() + step.get("seconds", 60)
            while not Path(step["await"]).exists() and time.monotonic() < deadline:
                settle(100)
            values.append(Path(step["await"]).exists())
        elif "wait" in step:
            settle(int(step["wait"] * 1000))
            values.append(True)
        elif "until" in step:
            deadline = time.monotonic() + step.get("seconds", 30)
            while not (got := run(step["until"])) and time.monotonic() < deadline:
                settle(200)
            values.append(got)
        elif step.get("load"):
            run("window.stepBefore = true")
            page.runJavaScript(step["js"], 0)
            (ok,) = wait(page.loadFinished)
            while run("window.stepBefore === true"):  # the page before's own load ended
                (ok,) = wait(page.loadFinished)
            values.append(ok)
        else:
            values.append(run(step["js"]))
    view.close()
    return {"values": values, "asked": asked}


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as plan_file:
        print(json.dumps(main(json.load(plan_file))))

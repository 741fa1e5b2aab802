"""A headless Chromium page driven through the DevTools protocol: navigate, evaluate, click, type, screenshot.

Input goes through `Input.dispatchMouseEvent` and `Input.insertText`/`Input.dispatchKeyEvent`, so the page sees
trusted events as from a user. Needs Debian's `chromium` and PyPI's `websocket-client`.
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request

import websocket


class PageError(Exception):
    pass


class Browser:
    def __init__(self, scratch):
        self.profile = tempfile.mkdtemp(prefix="chromium-", dir=scratch)
        self.process = None
        self.socket = None
        self.next_id = 0

    def __enter__(self):
        binary = shutil.which("chromium") or shutil.which("chromium-browser")
        if binary is None:
            raise PageError("chromium is not installed (Debian: apt-get install chromium)")
        self.process = subprocess.Popen(
            [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             "--window-size=1200,1400", "--no-first-run", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 30
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise PageError("chromium did not open its DevTools port within 30 s")
            time.sleep(0.05)
        with open(port_file) as handle:
            port = int(handle.readline())
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as answer:
            targets = json.load(answer)
        page = next(target for target in targets if target["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.call("Page.enable")
        self.call("Runtime.enable")
        return self

    def __exit__(self, *exc):
        if self.socket:
            self.socket.close()
        if self.process:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def call(self, method, **params):
        self.next_id += 1
        identifier = self.next_id
        self.socket.send(json.dumps({"id": identifier, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") != identifier:
                continue  # an event
            if "error" in message:
                raise PageError(f"{method}: {message['error']}")
            return message.get("result", {})

    def navigate(self, url):
        self.call("Page.navigate", url=url)

    def evaluate(self, expression, awaits=False):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=awaits)
        if "exceptionDetails" in result:
            raise PageError(f"{expression[:80]}…: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def click(self, selector):
        box = self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: "center"}}); const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
        if box is None:
            raise PageError(f"nothing to click at {selector}")
        x, y = box
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def type_text(self, text):
        self.call("Input.insertText", text=text)

    def press_backspace(self):
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key="Backspace", code="Backspace",
                      windowsVirtualKeyCode=8, nativeVirtualKeyCode=8)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))

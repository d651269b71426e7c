"""A fake TikTok Embed Player v1 for browser tests, speaking the postMessage protocol of the real one.

`GET /player/v1/{videoId}` serves a page that, once loaded, posts `onPlayerReady` to its parent; it answers
`play`/`pause` with `onStateChange` 1/2 and `mute`/`unMute` with `onMute` true/false, keeps every command it
received in `window.__commands`, and shows the video id, state and commands as text for `frame_locator`.
`fail(video_id, error_code, times)` makes the next `times` loads of that id send `onPlayerError` instead;
`stall(video_id, times)` makes them never say they are ready, as an embed whose scripts cannot run.
`set_duration(video_id, seconds)` gives a video an end: while playing it reports `onCurrentTime` and, at the end,
`onStateChange` 0 (ended), unless its URL asks for `loop=1`, where it starts over instead.
"""

import html
import json
import logging
import threading
from collections import Counter
from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

PLAYER_PATH = "/player/v1/"

PLAYER_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fake TikTok player</title>
<style>body{{margin:0;background:#000;color:#fff;font:14px sans-serif}}main{{padding:8px}}</style></head>
<body>
<main>
  <p>Video <span id="video-id">{video_id_text}</span></p>
  <p>State <span id="state">loading</span></p>
  <p>Muted <span id="muted">unknown</span></p>
  <ol id="commands"></ol>
</main>
<script>
  const videoId = {video_id_json};
  const failure = {failure_json};
  const duration = {duration_json};
  const loops = new URLSearchParams(location.search).get("loop") === "1";
  window.__commands = [];
  const show = (id, text) => {{ document.getElementById(id).textContent = text; }};
  const send = (type, value) => {{
    const message = {{ "x-tiktok-player": true, type }};
    if (value !== undefined) message.value = value;
    window.parent.postMessage(message, "*");
  }};
  let currentTime = 0;
  let ticking = null;
  const TICK_SECONDS = 0.25;
  const tick = () => {{
    currentTime = Math.min(currentTime + TICK_SECONDS, duration);
    send("onCurrentTime", {{ currentTime, duration }});
    if (currentTime < duration) return;
    if (loops) {{ currentTime = 0; return; }}
    clearInterval(ticking);
    ticking = null;
    show("state", "ended");
    send("onStateChange", 0);
  }};
  const play = () => {{
    if (currentTime >= duration) currentTime = 0;
    show("state", "playing");
    send("onStateChange", 1);
    if (duration !== null && ticking === null) ticking = setInterval(tick, TICK_SECONDS * 1000);
  }};
  const answers = {{
    play,
    pause: () => {{ clearInterval(ticking); ticking = null; show("state", "paused"); send("onStateChange", 2); }},
    mute: () => {{ show("muted", "true"); send("onMute", true); }},
    unMute: () => {{ show("muted", "false"); send("onMute", false); }},
  }};
  window.addEventListener("message", (event) => {{
    const data = event.data;
    if (!data || typeof data !== "object" || data["x-tiktok-player"] !== true) return;
    window.__commands.push(data.type);
    const item = document.createElement("li");
    item.textContent = data.type;
    document.getElementById("commands").append(item);
    if (answers[data.type]) answers[data.type]();
  }});
  window.addEventListener("load", () => {{
    if (failure && failure.stall) {{
      show("state", "stalled");
    }} else if (failure) {{
      show("state", "error " + failure.errorCode);
      send("onPlayerError", failure);
    }} else {{
      show("state", "ready");
      send("onPlayerReady");
    }}
  }});
</script>
</body>
</html>
"""


class FakeTikTok:
    """The fake player server: its origin, scripted failures, and how often each video was loaded."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failures: dict[str, tuple[int | str | None, int]] = {}
        self._durations: dict[str, float] = {}
        self._loads: Counter[str] = Counter()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self._server.server_port}"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def fail(self, video_id: str, error_code: int | str, times: int = 1) -> None:
        """The next `times` loads of `video_id` send onPlayerError with this code instead of onPlayerReady."""
        with self._lock:
            self._failures[str(video_id)] = (error_code, times)

    def stall(self, video_id: str, times: int = 1) -> None:
        """The next `times` loads of `video_id` never send onPlayerReady (nor anything else)."""
        with self._lock:
            self._failures[str(video_id)] = (None, times)

    def set_duration(self, video_id: str, seconds: float) -> None:
        """`video_id` plays for `seconds`, then ends (or, with loop=1, starts over)."""
        with self._lock:
            self._durations[str(video_id)] = seconds

    def loads(self, video_id: str) -> int:
        """How many times the player page of `video_id` was served."""
        with self._lock:
            return self._loads[str(video_id)]

    def reset(self) -> None:
        with self._lock:
            self._failures.clear()
            self._durations.clear()
            self._loads.clear()

    def _next_failure(self, video_id: str) -> dict | None:
        with self._lock:
            self._loads[video_id] += 1
            code, remaining = self._failures.get(video_id, (None, 0))
            if remaining <= 0:
                return None
            if remaining == 1:
                del self._failures[video_id]
            else:
                self._failures[video_id] = (code, remaining - 1)
        if code is None:
            return {"stall": True}
        error_type = code if isinstance(code, str) else "player_error"
        return {"errorCode": code, "errorType": error_type}

    def player_page(self, video_id: str) -> str:
        failure = self._next_failure(video_id)
        with self._lock:
            duration = self._durations.get(video_id)
        return PLAYER_PAGE.format(
            video_id_text=html.escape(video_id),
            video_id_json=_script_json(video_id),
            failure_json=_script_json(failure),
            duration_json=_script_json(duration),
        )

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class PlayerHandler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                path = self.path.split("?", 1)[0]
                video_id = path[len(PLAYER_PATH) :] if path.startswith(PLAYER_PATH) else ""
                if not video_id or "/" in video_id:
                    self.send_error(HTTPStatus.NOT_FOUND)
                    return
                body = fake.player_page(video_id).encode()
                self.send_response(HTTPStatus.OK)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args) -> None:
                logging.getLogger(__name__).debug(format, *args)

        return PlayerHandler


def _script_json(value) -> str:
    """JSON safe to place inside a <script> element."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@pytest.fixture(scope="session")
def fake_tiktok(app) -> Iterator[FakeTikTok]:
    """The fake player, with the app pointed at it (player origin and CSP frame-src) for the session."""
    fake = FakeTikTok()
    fake.start()
    previous = app.config["TIKTOK_PLAYER_ORIGIN"]
    app.config["TIKTOK_PLAYER_ORIGIN"] = fake.origin
    yield fake
    app.config["TIKTOK_PLAYER_ORIGIN"] = previous
    fake.stop()

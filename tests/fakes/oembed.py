"""A fake TikTok oEmbed endpoint that answers as the real one does (see the TikTok reference page).

200 with the JSON of a real captured response (title, author, a signed-looking thumbnail_url that points back
here); 400 {"message": "Something went wrong", "code": 400} for removed/private posts; and on demand 403, 429,
500 or an HTML challenge page, which say nothing about the video.
"""

import copy
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

SAMPLE = json.loads((Path(__file__).parents[1] / "fixtures" / "oembed_sample.json").read_text(encoding="utf-8"))
JPEG = b"\xff\xd8\xff\xe0fake-thumbnail\xff\xd9"


class FakeOEmbed:
    """Per-video answers: 'ok' (default), 'gone' (400), 'forbidden', 'rate-limited', 'error', 'challenge'."""

    def __init__(self):
        self.answers: dict[str, str] = {}
        self.requests: list[str] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"{self.origin}/oembed"

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, status: int, body: bytes, content_type: str):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                parsed = urlparse(self.path)
                if parsed.path.startswith("/thumb/"):
                    return self._send(200, JPEG, "image/jpeg")
                video_url = parse_qs(parsed.query).get("url", [""])[0]
                video_id = video_url.rstrip("/").rsplit("/", 1)[-1]
                fake.requests.append(video_id)
                answer = fake.answers.get(video_id, "ok")
                if answer == "gone":
                    return self._send(400, b'{"message":"Something went wrong","code":400}', "application/json")
                if answer in {"forbidden", "rate-limited", "error"}:
                    status = {"forbidden": 403, "rate-limited": 429, "error": 500}[answer]
                    return self._send(status, b"{}", "application/json")
                if answer == "challenge":
                    return self._send(200, b"<html><body>Please verify you are human</body></html>", "text/html")
                body = copy.deepcopy(SAMPLE)
                body["embed_product_id"] = video_id
                body["thumbnail_url"] = f"{fake.origin}/thumb/{video_id}.jpeg?x-expires=1700000000&x-signature=abc"
                return self._send(200, json.dumps(body).encode(), "application/json; charset=utf-8")

        return Handler

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

"""gunicorn's settings, the same for every way the site is served (`make run`, `make web`, the soak test)."""

import gc
import os

bind = f"{os.environ.get('BIND_HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_WORKERS", "3"))
# Seconds before a stuck worker is replaced: above the longest wait on TikTok within a request.
timeout = int(os.environ.get("WEB_TIMEOUT", "60"))
# Behind Caddy, which logs each request with the visitor's address, gunicorn's own line is off (ACCESS_LOG="").
accesslog = os.environ.get("ACCESS_LOG", "-") or None


def post_worker_init(worker) -> None:
    """The worker draws its first pages before it serves (app/warm_up.py); then the app's objects, loaded now and
    kept for the worker's life, leave the garbage collector's full scans."""
    from app.warm_up import warm_up

    warm_up(worker.wsgi)
    # Each full scan walked all 175,000 of them: 75-120 ms, a pause every request queued on the worker waited out.
    gc.collect()
    gc.freeze()

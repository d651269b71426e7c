"""The soak's short form: half a minute of mixed traffic through gunicorn on the run's database (`make soak` runs
it for minutes on SQLite and PostgreSQL)."""

import pytest

from app.services import accounts
from tests.ops.soak import ACCOUNT_PASSWORD, ACCOUNTS, account_email, server_settings, soak


@pytest.mark.jobs
def test_mixed_traffic_gets_no_server_error_and_no_worker_grows(app, catalog, queues, tmp_path):
    for number in range(ACCOUNTS):
        accounts.register(f"soak{number}", account_email(number), ACCOUNT_PASSWORD)
    settings = {
        **server_settings(app.config["SQLALCHEMY_DATABASE_URI"], app.config["REDIS_URL"], tmp_path),
        "RQ_QUEUE_PREFIX": app.config["RQ_QUEUE_PREFIX"],
        "MEDIA_DIR": app.config["MEDIA_DIR"],
        "TIKTOK_OEMBED_URL": app.config["TIKTOK_OEMBED_URL"],
    }

    report = soak(settings, seconds=30, warm_up=10)

    assert report["problems"] == [], report
    kinds = report["load"]["kinds"]
    for kind in ("page 200", "feed 200", "sign-in 200", "playlist 201", "report 200"):
        assert kinds.get(kind, 0) > 0, f"the soak never got {kind}: {kinds}"

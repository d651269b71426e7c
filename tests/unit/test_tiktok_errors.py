"""Classifying yt-dlp's TikTok failures: the messages listed in the TikTok reference page, as yt-dlp raises them."""

import pytest

from app.tiktok.source import Blocked, NetworkError, NotFound, SourceError, classify, clean_message, with_retries

COOKIES_HINT = (
    ". Use --cookies-from-browser or --cookies for the authentication. "
    "See  https://github.com/yt-dlp/yt-dlp/wiki/FAQ#how-do-i-pass-cookies-to-yt-dlp  for how to manually pass cookies"
)
VIDEO = "ERROR: [TikTok] 7481154741926497543: "
USER = "ERROR: [tiktok:user] rhyder.dgh: "

REPORT_HINT = (
    "; please report this issue on  https://github.com/yt-dlp/yt-dlp/issues?q= , filling out the appropriate issue "
    "template. Confirm you are on the latest version using  yt-dlp -U"
)
SECONDARY_ID = (
    "Unable to extract secondary user ID. If you are able to get the channel_id from a video posted by this user, "
    'try using "tiktokuser:channel_id" as the input URL'
)
NAME_RESOLUTION = "Unable to download webpage: <urlopen error [Errno -3] Temporary failure in name resolution>"
RESET = "unable to download video data: ('Connection aborted.', RemoteDisconnected('Remote end closed connection'))"
NO_FORMAT = "Requested format is not available. Use --list-formats for a list of available formats"

LOGIN = ". Log into an account that has access"
PRIVATE_ALL = "This user's account is likely either private or all of their videos are private" + LOGIN

# (yt-dlp's prefix, TikTok's reason, yt-dlp's advice appended to it, the kind)
CASES = [
    (VIDEO, "Your IP address is blocked from accessing this post", "", Blocked),
    (VIDEO, "TikTok is requiring login for access to this content", COOKIES_HINT, Blocked),
    (VIDEO, "Unable to extract universal data for rehydration", REPORT_HINT, Blocked),
    (VIDEO, "Unexpected response from webpage request", "", Blocked),
    (VIDEO, "Unable to solve JS challenge", "", Blocked),
    (USER, "Unable to download JSON metadata: HTTP Error 429: Too Many Requests", "", Blocked),
    (VIDEO, "You do not have permission to view this post", LOGIN + COOKIES_HINT, NotFound),
    (USER, "This user's account is private", LOGIN + COOKIES_HINT, NotFound),
    (USER, "This account does not have any videos posted", "", NotFound),
    (USER, SECONDARY_ID, "", NotFound),
    (VIDEO, "Video not available, status code 10204", "", NotFound),
    (VIDEO, "Video not available, status code 0", "", NotFound),
    (VIDEO, "Unable to download webpage: HTTP Error 404: Not Found", "", NotFound),
    (VIDEO, NAME_RESOLUTION, "", NetworkError),
    (VIDEO, "Unable to download webpage: The read operation timed out", "", NetworkError),
    (USER, "Unable to download JSON metadata: HTTP Error 502: Bad Gateway", "", NetworkError),
    ("ERROR: ", RESET, "", NetworkError),
    (VIDEO, NO_FORMAT, "", SourceError),
]


@pytest.mark.parametrize(("prefix", "reason", "advice", "kind"), CASES)
def test_each_failure_has_one_kind_and_keeps_only_tiktoks_reason(prefix, reason, advice, kind):
    error = classify(prefix + reason + advice)
    assert type(error) is kind
    assert str(error) == reason


def test_the_private_account_wording_wins_over_the_login_words_in_it():
    assert isinstance(classify(USER + PRIVATE_ALL), NotFound)
    assert isinstance(
        classify(VIDEO + "This post may not be comfortable for some audiences. Log in for access"), NotFound
    )


def test_blank_messages_still_say_something():
    assert clean_message("") == "TikTok did not answer"
    assert isinstance(classify(""), SourceError)


def test_network_failures_are_retried_with_growing_pauses_then_given_up():
    calls, pauses = [], []

    def flaky():
        calls.append(1)
        if len(calls) < 3:
            raise NetworkError("timed out")
        return "listed"

    assert with_retries(flaky, pauses.append) == "listed"
    assert pauses == [5, 20]

    def down():
        raise NetworkError("timed out")

    pauses.clear()
    with pytest.raises(NetworkError):
        with_retries(down, pauses.append)
    assert pauses == [5, 20, 60]


@pytest.mark.parametrize("error", [Blocked("blocked"), NotFound("gone")])
def test_other_failures_are_not_retried(error):
    pauses = []

    def fail():
        raise error

    with pytest.raises(type(error)):
        with_retries(fail, pauses.append)
    assert pauses == []

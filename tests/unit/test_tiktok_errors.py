"""Classifying yt-dlp's TikTok failures: the messages listed in the TikTok reference page, as yt-dlp raises them."""

import pytest

from app.tiktok.source import (
    CAUSES,
    Blocked,
    NetworkError,
    NotFound,
    SourceError,
    classify,
    clean_message,
    with_retries,
)

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
IMPERSONATE = (
    'Impersonate target "chrome" is not available. Use --list-impersonate-targets to see available targets. '
    "You may be missing dependencies required to support this target."
)
NO_FORMAT = "Requested format is not available. Use --list-formats for a list of available formats"

LOGIN = ". Log into an account that has access"
PRIVATE_ALL = "This user's account is likely either private or all of their videos are private" + LOGIN

# (yt-dlp's prefix, TikTok's reason, yt-dlp's advice appended to it, the kind, the cause)
CASES = [
    (VIDEO, "Your IP address is blocked from accessing this post", "", Blocked, "ip-blocked"),
    (VIDEO, "Video not available, status code 10204", "", Blocked, "ip-blocked"),
    (VIDEO, "TikTok is requiring login for access to this content", COOKIES_HINT, Blocked, "login-wall"),
    (VIDEO, "Unable to extract universal data for rehydration", REPORT_HINT, Blocked, "bot-check"),
    (VIDEO, "Unexpected response from webpage request", "", Blocked, "bot-check"),
    (VIDEO, "Unable to solve JS challenge", "", Blocked, "bot-check"),
    (USER, "Unable to download JSON metadata: HTTP Error 429: Too Many Requests", "", Blocked, "rate-limited"),
    (VIDEO, "Unable to download webpage: HTTP Error 403: Forbidden", "", Blocked, "forbidden"),
    ("", IMPERSONATE, "", Blocked, "no-impersonation"),
    (VIDEO, "You do not have permission to view this post", LOGIN + COOKIES_HINT, NotFound, "private-post"),
    (USER, "This user's account is private", LOGIN + COOKIES_HINT, NotFound, "private-account"),
    (USER, "This account does not have any videos posted", "", NotFound, "no-videos"),
    (VIDEO, "This post may not be comfortable for some audiences. Log in for access", "", NotFound, "age-restricted"),
    (USER, SECONDARY_ID, "", NotFound, "no-profile-id"),
    (VIDEO, "Video not available, status code 10216", "", NotFound, "removed"),
    (VIDEO, "Video not available, status code 0", "", NotFound, "removed"),
    (VIDEO, "Unable to download webpage: HTTP Error 404: Not Found", "", NotFound, "removed"),
    (VIDEO, NAME_RESOLUTION, "", NetworkError, "network"),
    (VIDEO, "Unable to download webpage: The read operation timed out", "", NetworkError, "network"),
    (USER, "Unable to download JSON metadata: HTTP Error 502: Bad Gateway", "", NetworkError, "network"),
    ("ERROR: ", RESET, "", NetworkError, "network"),
    (
        USER,
        "TikTok API keeps sending the same page. Try again with a different device_id",
        "",
        SourceError,
        "stuck-listing",
    ),
    (VIDEO, NO_FORMAT, "", SourceError, "unrecognised"),
]


@pytest.mark.parametrize(("prefix", "reason", "advice", "kind", "cause"), CASES)
def test_each_failure_has_one_kind_and_cause_and_keeps_only_tiktoks_reason(prefix, reason, advice, kind, cause):
    error = classify(prefix + reason + advice)
    assert type(error) is kind
    assert error.key == cause
    assert str(error) == reason.rstrip(".")
    assert error.raw == prefix + reason + advice
    assert error.summary.endswith(".") and error.suggestion.endswith(".")
    assert reason not in error.explained, "the admin reads a sentence, not yt-dlp's words"


def test_every_cause_is_reachable_and_told_once():
    keys = [cause.key for _, _, cause in CAUSES]
    assert len(keys) == len(set(keys))
    assert set(keys) <= {case[-1] for case in CASES}


def test_an_error_made_by_the_site_itself_explains_itself():
    error = NotFound("not a TikTok handle")
    assert (error.key, error.summary, error.suggestion) == (
        "other",
        "not a TikTok handle.",
        "Check the username or the video.",
    )


def test_the_private_account_wording_wins_over_the_login_words_in_it():
    assert isinstance(classify(USER + PRIVATE_ALL), NotFound)
    assert isinstance(
        classify(VIDEO + "This post may not be comfortable for some audiences. Log in for access"), NotFound
    )


# What yt-dlp 2026.x warned and raised for a profile listing on a machine without a network, word for word.
OFFLINE_WARNING = (
    "[tiktok:user] khaby.lame: Unable to download user webpage: Failed to perform, curl: (6) Could not resolve host: "
    "www.tiktok.com (Domain name not found). See https://curl.se/libcurl/c/libcurl-errors.html first for more details."
)
OFFLINE_FAILURE = (
    "ERROR: [tiktok:user] khaby.lame: Unable to extract secondary user ID. If you are able to get the channel_id from "
    'a video posted by this user, try using "tiktokuser:channel_id" as the input URL'
)


def test_finding_nothing_after_tiktok_could_not_be_reached_is_a_network_failure_not_a_missing_profile():
    alone = classify(OFFLINE_FAILURE)
    assert (type(alone), alone.key) == (NotFound, "no-profile-id")
    warned = ["[tiktok:user] This user's account is either private or has embedding disabled", OFFLINE_WARNING]
    offline = classify(OFFLINE_FAILURE, warnings=warned)
    assert (type(offline), offline.key) == (NetworkError, "network")
    assert offline.summary == "TikTok could not be reached."
    assert offline.raw == "\n".join([*warned, OFFLINE_FAILURE]), "the details keep what yt-dlp said, in order"
    private = classify(USER + PRIVATE_ALL, warnings=[OFFLINE_WARNING])
    assert private.key == "private-account", "an answer TikTok gave stands, whatever failed on the way"
    limited = "[tiktok:user] khaby.lame: Unable to download user webpage: HTTP Error 429: Too Many Requests"
    blocked = classify(OFFLINE_FAILURE, warnings=[OFFLINE_WARNING, limited])
    assert isinstance(blocked, Blocked), "a block TikTok answered wins: it backs off, where a network failure retries"
    assert classify(OFFLINE_FAILURE, warnings=["[tiktok:user] nothing to worry about"]).key == "no-profile-id"


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

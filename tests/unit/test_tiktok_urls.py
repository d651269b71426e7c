"""TikTok handles and video links: what is accepted, and the URL rebuilt from it."""

import pytest

from app.tiktok.urls import (
    SHORT_LINK_MESSAGE,
    VIDEO_URL_MESSAGE,
    InvalidVideoUrl,
    VideoRef,
    normalize_handle,
    parse_video_url,
    profile_url,
    watch_url,
)

VIDEO_ID = "7481154741926497543"


@pytest.mark.parametrize(
    ("text", "handle"),
    [
        ("chuechuche", "chuechuche"),
        ("  @rhyder.dgh  ", "rhyder.dgh"),
        ("@_le_cannibale_", "_le_cannibale_"),
        ("ab", "ab"),
        ("a" * 24, "a" * 24),
        ("Hara_Yoimiya", "Hara_Yoimiya"),
    ],
)
def test_handles_are_trimmed_and_lose_one_leading_at(text, handle):
    assert normalize_handle(text) == handle


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "@",
        "a",
        "a" * 25,
        "ends.",
        "has space",
        "semi;colon",
        "dash-ed",
        "@@double",
        "../etc",
        "ü_ser",
        None,
        7,
    ],
)
def test_handles_breaking_tiktok_rules_are_refused(text):
    assert normalize_handle(text) is None


@pytest.mark.parametrize(
    ("url", "ref"),
    [
        (f"https://www.tiktok.com/@chuechuche/video/{VIDEO_ID}", VideoRef(VIDEO_ID, "chuechuche")),
        (
            f"https://www.tiktok.com/@rhyder.dgh/video/{VIDEO_ID}?is_from_webapp=1&lang=en#x",
            VideoRef(VIDEO_ID, "rhyder.dgh"),
        ),
        (f"http://tiktok.com/@chuechuche/video/{VIDEO_ID}/", VideoRef(VIDEO_ID, "chuechuche")),
        (f"https://m.tiktok.com/v/{VIDEO_ID}.html", VideoRef(VIDEO_ID, None)),
        (f"https://m.tiktok.com/@chuechuche/video/{VIDEO_ID}", VideoRef(VIDEO_ID, "chuechuche")),
        (f"https://www.tiktok.com/share/video/{VIDEO_ID}/", VideoRef(VIDEO_ID, None)),
        (f"  HTTPS://WWW.TIKTOK.COM/@chuechuche/video/{VIDEO_ID}  ", VideoRef(VIDEO_ID, "chuechuche")),
    ],
)
def test_video_links_give_their_id_and_handle(url, ref):
    assert parse_video_url(url) == ref


def test_the_url_is_rebuilt_from_the_parts_only():
    ref = parse_video_url(f"https://www.tiktok.com/@chuechuche/video/{VIDEO_ID}?u=https://evil.example/#frag")
    assert ref.url == f"https://www.tiktok.com/@chuechuche/video/{VIDEO_ID}"
    assert (
        parse_video_url(f"https://m.tiktok.com/v/{VIDEO_ID}.html").url == f"https://www.tiktok.com/@_/video/{VIDEO_ID}"
    )


@pytest.mark.parametrize(
    "url", ["https://vm.tiktok.com/ZTR45GpSF/", "https://vt.tiktok.com/ZSe4FqkKd", "https://www.tiktok.com/t/ZTRC5xgJp"]
)
def test_short_links_are_refused_with_their_own_message(url):
    with pytest.raises(InvalidVideoUrl, match="Short TikTok links"):
        parse_video_url(url)
    assert SHORT_LINK_MESSAGE != VIDEO_URL_MESSAGE


HOSTILE_URLS = [
    "file:///etc/passwd",
    f"http://127.0.0.1/@user/video/{VIDEO_ID}",
    f"http://localhost:8000/@user/video/{VIDEO_ID}",
    f"https://evil.example/@user/video/{VIDEO_ID}",
    f"https://www.tiktok.com.evil.example/@user/video/{VIDEO_ID}",
    f"https://www.tiktok.com@evil.example/@user/video/{VIDEO_ID}",
    f"https://user:pass@www.tiktok.com/@user/video/{VIDEO_ID}",
    f"https://evil.example\\@www.tiktok.com/@user/video/{VIDEO_ID}",
    f"https://www.tiktok.com:8443/@user/video/{VIDEO_ID}",
    "https://www.tiktok.com/tag/dance",
    "https://www.tiktok.com/music/Build-a-Btch-6956990112127585029",
    "https://www.tiktok.com/@chuechuche",
    "https://www.tiktok.com/@chuechuche/live",
    "javascript:alert(1)//www.tiktok.com/@u/video/7481154741926497543",
    "data:text/html,<script>alert(1)</script>",
    "https://www.tiktok.com/@chuechuche/video/" + "7" * 5000,
    f"https://www.tiktok.com/@chuechuche/video/{VIDEO_ID}" + "?" + "a" * 3000,
    f"https://www.tіktok.com/@chuechuche/video/{VIDEO_ID}",  # Cyrillic 'і'
    f"https://ｗｗｗ.ｔｉｋｔｏｋ.ｃｏｍ/@chuechuche/video/{VIDEO_ID}",
    f"https://www.tiktok.com/@chuechuche/video/{VIDEO_ID[:5]}",
    f"https://www.tiktok.com/@chuechuche/video/{VIDEO_ID}/../../admin",
    f"https://www.tiktok.com/%40chuechuche/video/{VIDEO_ID}",
    f"https://www.tiktok.com/@chue chuche/video/{VIDEO_ID}",
    f"https://www.tiktok.com/@chuechuche/video/{VIDEO_ID}\nHost: evil.example",
    f"ftp://www.tiktok.com/@chuechuche/video/{VIDEO_ID}",
    f"//www.tiktok.com/@chuechuche/video/{VIDEO_ID}",
    "",
]


@pytest.mark.parametrize("url", HOSTILE_URLS)
def test_anything_but_a_tiktok_video_link_is_refused(url):
    with pytest.raises(InvalidVideoUrl):
        parse_video_url(url)


@pytest.mark.parametrize("value", [None, 42, ["https://www.tiktok.com/@u/video/7481154741926497543"]])
def test_non_text_is_refused(value):
    with pytest.raises(InvalidVideoUrl):
        parse_video_url(value)


def test_urls_for_yt_dlp_are_only_built_from_checked_parts():
    assert profile_url("rhyder.dgh") == "https://www.tiktok.com/@rhyder.dgh"
    assert watch_url("_", VIDEO_ID) == f"https://www.tiktok.com/@_/video/{VIDEO_ID}"
    for handle, video_id in [("evil.example/x", VIDEO_ID), ("rhyder.dgh", "1/../2"), ("@rhyder", VIDEO_ID)]:
        with pytest.raises(ValueError):
            watch_url(handle, video_id)
    with pytest.raises(ValueError):
        profile_url("a/b")

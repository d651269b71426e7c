"""/api/docs: every operation of the contract, readable on a phone and a desktop, without scripts of its own."""

import pytest
from playwright.sync_api import Page, expect

from app.api.openapi import build_document

pytestmark = pytest.mark.browser


def _operations(app) -> int:
    with app.test_request_context():
        return sum(len(methods) for methods in build_document()["paths"].values())


@pytest.mark.parametrize("viewport", [(1280, 800), (375, 812)], indirect=True, ids=["desktop", "phone"])
def test_the_api_reference_lists_every_operation_with_its_auth_and_models(app, page: Page, viewport, tmp_path):
    page.goto("/api/docs")
    expect(page.get_by_role("heading", name="API", exact=False).first).to_be_visible()
    calls = page.locator("details.api-call")
    expect(calls).to_have_count(_operations(app))

    review = page.locator("details#admin_api-review_report-PUT")
    review.locator("summary").click()
    expect(review).to_contain_text("PUT")
    expect(review).to_contain_text("/api/admin/video-reports/{report_id}")
    expect(review).to_contain_text("Admins")
    expect(review.get_by_role("link", name="ReviewBody")).to_be_visible()
    expect(review.get_by_role("link", name="ReviewedReport")).to_be_visible()
    expect(review).to_contain_text("403")
    review.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "api-docs-call.png"))

    review.get_by_role("link", name="ReviewedReport").click()
    model = page.locator("#model-ReviewedReport")
    expect(model).to_be_in_viewport()
    expect(model).to_contain_text("report")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], "the reference must not scroll sideways"
    page.screenshot(path=str(tmp_path / "api-docs-model.png"))

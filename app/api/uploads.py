"""Uploading a video for review (the /upload screen), and the team's inbox of uploads and contact messages."""

from flask import Blueprint, current_app, jsonify, request, send_file
from flask_login import current_user
from sqlalchemy import func, select

from app.api.guards import admin_only, signed_in
from app.api.paging import PageQuery, page_envelope
from app.api.validation import operation
from app.extensions import db, limiter
from app.models import ContactMessage
from app.ratelimit import account_or_visitor_key, configured_limit
from app.services import uploads

bp = Blueprint("uploads_api", __name__, url_prefix="/api")

MAX_UPLOAD_BODY = 120 * 1024 * 1024  # a 100 MB video, its thumbnail (10 MB) and the form


@bp.post("/uploads")
@signed_in
@limiter.limit(configured_limit("UPLOAD_RATE_LIMIT"), key_func=account_or_visitor_key)
@operation(
    "Upload a video (multipart: video, thumbnail, title, description, category, tags, visibility)",
    tag="uploads",
    auth="user",
    max_body=MAX_UPLOAD_BODY,
)
def upload():
    form = request.form
    details = uploads.UploadDetails(
        title=form.get("title", ""),
        description=form.get("description", ""),
        category=form.get("category", ""),
        tags=form.get("tags", ""),
        visibility=form.get("visibility", "public"),
    )
    quota = current_app.config["UPLOAD_QUOTA_BYTES"]
    video, thumbnail = request.files.get("video"), request.files.get("thumbnail")
    saved = uploads.save_upload(current_user, details, video, thumbnail, quota)
    return jsonify({"success": True, "message": "Upload complete!", "upload": uploads.upload_json(saved)}), 201


@bp.get("/admin/uploads")
@admin_only
@operation("Uploaded videos awaiting review, newest first", query=PageQuery, tag="admin", auth="admin")
def list_uploads(query: PageQuery):
    items, total = uploads.list_uploads(query.offset, query.limit)
    return jsonify({"uploads": items, **page_envelope(total, query.page, query.limit)})


@bp.get("/admin/uploads/<int:upload_id>/file")
@admin_only
@operation("Download an uploaded video", tag="admin", auth="admin")
def download_upload(upload_id: int):
    stored = uploads.upload_file(upload_id)
    response = send_file(
        stored.path, mimetype=stored.media_type, as_attachment=True, download_name=stored.download_name
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@bp.delete("/admin/uploads/<int:upload_id>")
@admin_only
@operation("Delete an uploaded video", tag="admin", auth="admin")
def delete_upload(upload_id: int):
    uploads.delete_upload(upload_id)
    return jsonify({"success": True, "message": "Upload deleted"})


@bp.get("/admin/contact-messages")
@admin_only
@operation("Messages sent through the contact form, newest first", query=PageQuery, tag="admin", auth="admin")
def contact_messages(query: PageQuery):
    total = db.session.scalar(select(func.count(ContactMessage.id))) or 0
    rows = db.session.scalars(
        select(ContactMessage)
        .order_by(ContactMessage.created_at.desc(), ContactMessage.id.desc())
        .offset(query.offset)
        .limit(query.limit)
    )
    items = [
        {
            "_id": str(m.id),
            "name": m.name,
            "email": m.email,
            "subject": m.subject,
            "message": m.message,
            "createdAt": m.created_at.isoformat(),
        }
        for m in rows
    ]
    return jsonify({"messages": items, **page_envelope(total, query.page, query.limit)})

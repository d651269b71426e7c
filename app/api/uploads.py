"""Uploading a video for review (the /upload screen), and the team's inbox of uploads and contact messages."""

from typing import Annotated, Self

from flask import Blueprint, current_app, send_file
from flask_login import current_user
from pydantic import ConfigDict, Field, WithJsonSchema
from werkzeug.datastructures import FileStorage

from app.api.operations import operation
from app.api.paging import PageQuery, page_envelope
from app.api.schemas import ApiModel, Message, OutModel, PageOut
from app.extensions import limiter
from app.i18n import N_
from app.models import ContactMessage, Upload
from app.ratelimit import account_or_visitor_key, configured_limit
from app.services import contact, uploads

bp = Blueprint("uploads_api", __name__, url_prefix="/api")

MAX_UPLOAD_BODY = 120 * 1024 * 1024  # a 100 MB video, its thumbnail (10 MB) and the form

File = Annotated[FileStorage | None, WithJsonSchema({"type": "string", "format": "binary"})]


class UploadForm(ApiModel):
    """The upload's parts; what they may hold is checked by the upload rules (spec §5), in the spec's words."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    video: File = Field(default=None, title="Video")
    thumbnail: File = Field(default=None, title="Thumbnail")
    title: str = Field(default="", title="Title")
    description: str = Field(default="", title="Description")
    category: str = Field(default="", title="Category")
    tags: str = Field(default="", title="Tags")
    visibility: str = Field(default="public", title="Visibility")


class UploadOut(OutModel):
    id: str = Field(alias="_id")
    title: str
    description: str
    category: str
    tags: str
    visibility: str
    originalName: str
    sizeBytes: int
    status: str
    hasThumbnail: bool
    createdAt: str
    uploadedBy: int | None = Field(description="The uploader's account id; null when that account's row is gone")

    @classmethod
    def of(cls, upload: Upload) -> Self:
        return cls(
            _id=str(upload.id),
            title=upload.title,
            description=upload.description,
            category=upload.category,
            tags=upload.tags,
            visibility=upload.visibility,
            originalName=upload.original_name,
            sizeBytes=upload.size_bytes,
            status=upload.status,
            hasThumbnail=bool(upload.thumbnail_name),
            createdAt=upload.created_at.isoformat(),
            uploadedBy=upload.user_id,
        )


class UploadDone(Message):
    upload: UploadOut


class UploadPage(PageOut):
    uploads: list[UploadOut]


class ContactMessageOut(OutModel):
    id: str = Field(alias="_id")
    name: str
    email: str
    subject: str
    message: str
    createdAt: str

    @classmethod
    def of(cls, message: ContactMessage) -> Self:
        return cls(
            _id=str(message.id),
            name=message.name,
            email=message.email,
            subject=message.subject,
            message=message.message,
            createdAt=message.created_at.isoformat(),
        )


class ContactMessagePage(PageOut):
    messages: list[ContactMessageOut]


@bp.post("/uploads")
@limiter.limit(configured_limit("UPLOAD_RATE_LIMIT"), key_func=account_or_visitor_key)
@operation(
    "Upload a video for review",
    form=UploadForm,
    response=UploadDone,
    status=201,
    errors={403: None},
    tag="uploads",
    auth="user",
    max_body=MAX_UPLOAD_BODY,
)
def upload(form: UploadForm):
    details = uploads.UploadDetails(form.title, form.description, form.category, form.tags, form.visibility)
    quota = current_app.config["UPLOAD_QUOTA_BYTES"]
    saved = uploads.save_upload(current_user, details, form.video, form.thumbnail, quota)
    return {"success": True, "message": N_("Upload complete!"), "upload": UploadOut.of(saved)}


@bp.get("/admin/uploads")
@operation(
    "Uploaded videos awaiting review, newest first", query=PageQuery, response=UploadPage, tag="admin", auth="admin"
)
def list_uploads(query: PageQuery):
    page = uploads.list_uploads(query.offset, query.limit)
    return {"uploads": [UploadOut.of(u) for u in page.items], **page_envelope(page.total, query)}


@bp.get("/admin/uploads/<int:upload_id>/file")
@operation("Download an uploaded video", file="video/*", errors={404: None}, tag="admin", auth="admin")
def download_upload(upload_id: int):
    stored = uploads.upload_file(upload_id)
    response = send_file(
        stored.path, mimetype=stored.media_type, as_attachment=True, download_name=stored.download_name
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@bp.delete("/admin/uploads/<int:upload_id>")
@operation("Delete an uploaded video", response=Message, errors={404: None}, tag="admin", auth="admin")
def delete_upload(upload_id: int):
    uploads.delete_upload(upload_id)
    return {"success": True, "message": N_("Upload deleted")}


@bp.get("/admin/contact-messages")
@operation(
    "Messages sent through the contact form, newest first",
    query=PageQuery,
    response=ContactMessagePage,
    tag="admin",
    auth="admin",
)
def contact_messages(query: PageQuery):
    page = contact.list_messages(query.offset, query.limit)
    return {"messages": [ContactMessageOut.of(m) for m in page.items], **page_envelope(page.total, query)}

"""Site-wide player settings and each user's remembered feed position."""

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.extensions import Model
from app.models.types import UTCDateTime, utcnow

GLOBAL_SETTINGS_ID = 1

# Spec: the global context's defaults are all true except loop.
PLAYER_SETTING_DEFAULTS: dict[str, bool] = {
    "controls": True,
    "progressBar": True,
    "playButton": True,
    "volumeControl": True,
    "fullscreenButton": True,
    "timestamp": True,
    "loop": False,
    "autoplay": True,
    "musicInfo": True,
    "description": True,
    "rel": True,
    "nativeContextMenu": True,
    "closedCaption": True,
    "showDownloadButtons": True,
}


class PlayerSettings(Model):
    """The one global row of embed player settings (id 1)."""

    __tablename__ = "player_settings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    controls: Mapped[bool] = mapped_column(Boolean, default=True)
    progress_bar: Mapped[bool] = mapped_column(Boolean, default=True)
    play_button: Mapped[bool] = mapped_column(Boolean, default=True)
    volume_control: Mapped[bool] = mapped_column(Boolean, default=True)
    fullscreen_button: Mapped[bool] = mapped_column(Boolean, default=True)
    timestamp: Mapped[bool] = mapped_column(Boolean, default=True)
    loop: Mapped[bool] = mapped_column(Boolean, default=False)
    autoplay: Mapped[bool] = mapped_column(Boolean, default=True)
    music_info: Mapped[bool] = mapped_column(Boolean, default=True)
    description: Mapped[bool] = mapped_column(Boolean, default=True)
    rel: Mapped[bool] = mapped_column(Boolean, default=True)
    native_context_menu: Mapped[bool] = mapped_column(Boolean, default=True)
    closed_caption: Mapped[bool] = mapped_column(Boolean, default=True)
    show_download_buttons: Mapped[bool] = mapped_column(Boolean, default=True)
    updated_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)


class VideoPosition(Model):
    """Where a user left off in a paged feed (spec: page 'categories')."""

    __tablename__ = "video_positions"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    page: Mapped[str] = mapped_column(String(32), primary_key=True)
    video_index: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

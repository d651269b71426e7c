"""Spec §7 "Player settings": the embed player's flags, read by every player and set by admins."""

from flask import Blueprint
from flask_login import current_user

from app.api.operations import operation
from app.api.schemas import ApiModel, OutModel
from app.services import player_settings

bp = Blueprint("player_settings_api", __name__, url_prefix="/api/player-settings")


class PlayerSettings(OutModel):
    controls: bool
    progressBar: bool
    playButton: bool
    volumeControl: bool
    fullscreenButton: bool
    timestamp: bool
    loop: bool
    autoplay: bool
    musicInfo: bool
    description: bool
    rel: bool
    nativeContextMenu: bool
    closedCaption: bool
    showDownloadButtons: bool


class PlayerSettingsBody(ApiModel):
    """Any of the settings; those left out keep their value."""

    controls: bool | None = None
    progressBar: bool | None = None
    playButton: bool | None = None
    volumeControl: bool | None = None
    fullscreenButton: bool | None = None
    timestamp: bool | None = None
    loop: bool | None = None
    autoplay: bool | None = None
    musicInfo: bool | None = None
    description: bool | None = None
    rel: bool | None = None
    nativeContextMenu: bool | None = None
    closedCaption: bool | None = None
    showDownloadButtons: bool | None = None


@bp.get("/global")
@operation("The global embed player settings", response=PlayerSettings, tag="player-settings")
def get_global():
    return player_settings.global_settings()


@bp.put("/global")
@operation(
    "Save the global player settings",
    body=PlayerSettingsBody,
    response=PlayerSettings,
    tag="player-settings",
    auth="admin",
)
def save_global(body: PlayerSettingsBody):
    return player_settings.save_global(body.model_dump(exclude_none=True), current_user.id)


@bp.post("/global/reset")
@operation(
    "Reset the global player settings to the defaults", response=PlayerSettings, tag="player-settings", auth="admin"
)
def reset_global():
    return player_settings.reset_global(current_user.id)

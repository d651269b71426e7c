"""Spec §7 "Player settings"."""

from flask import Blueprint, jsonify

from app.api.validation import operation
from app.services.player_settings import global_settings

bp = Blueprint("player_settings_api", __name__, url_prefix="/api/player-settings")


@bp.get("/global")
@operation("The global embed player settings", tag="player-settings")
def get_global():
    return jsonify(global_settings())

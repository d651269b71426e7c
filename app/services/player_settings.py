"""The global embed player settings: one row, the spec's defaults until an admin changes them."""

from sqlalchemy.exc import IntegrityError

from app.extensions import db
from app.models import GLOBAL_SETTINGS_ID, PLAYER_SETTING_DEFAULTS, PlayerSettings
from app.services.cache import LIST_SECONDS, memoized

# camelCase API names → snake_case columns
COLUMNS = {name: "".join(f"_{c.lower()}" if c.isupper() else c for c in name) for name in PLAYER_SETTING_DEFAULTS}


def _row() -> PlayerSettings:
    row = db.session.get(PlayerSettings, GLOBAL_SETTINGS_ID)
    if row is None:
        row = PlayerSettings(id=GLOBAL_SETTINGS_ID, **{COLUMNS[k]: v for k, v in PLAYER_SETTING_DEFAULTS.items()})
        db.session.add(row)
        try:
            db.session.commit()
        except IntegrityError:  # another request created it first
            db.session.rollback()
            row = db.session.get(PlayerSettings, GLOBAL_SETTINGS_ID)
            if row is None:  # it was not that
                raise
    return row


@memoized("player-settings", LIST_SECONDS)
def global_settings() -> dict[str, bool]:
    """The settings every visitor's player starts from."""
    row = _row()
    return {name: bool(getattr(row, column)) for name, column in COLUMNS.items()}


def save_global(changes: dict[str, bool], admin_id: int) -> dict[str, bool]:
    """Apply an admin's changes (only known names) for every visitor."""
    row = _row()
    for name, value in changes.items():
        setattr(row, COLUMNS[name], bool(value))
    row.updated_by_id = admin_id
    db.session.commit()
    return global_settings()


def reset_global(admin_id: int) -> dict[str, bool]:
    return save_global(dict(PLAYER_SETTING_DEFAULTS), admin_id)

"""Extensions, created unbound and attached to the app in create_app."""

from typing import TYPE_CHECKING, ClassVar

from flask import session
from flask_compress import Compress
from flask_limiter import Limiter
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData, Table
from sqlalchemy.orm import DeclarativeBase

from app.ratelimit import visitor_key

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Compression(Compress):
    """Flask-Compress (zstd, brotli, gzip for text), except an HTML page of a browser with a session: it holds the
    session's CSRF token beside text a request can put there (a search), which compression would leak (BREACH)."""

    def after_request(self, response):
        if response.mimetype == "text/html" and session:
            response.vary.add("Cookie")
            return response
        return super().after_request(response)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)

# Models subclass Model, which is db.Model. A type checker cannot take an attribute (db.Model) as a base class, so it is
# shown what db.Model is made of: Base with Flask-SQLAlchemy's model mixin.
if TYPE_CHECKING:
    from flask_sqlalchemy.model import Model as FlaskSQLAlchemyModel

    class Model(FlaskSQLAlchemyModel, Base):
        __abstract__ = True
        __table__: ClassVar[Table]  # every model here maps a table (SQLAlchemy allows any FromClause)

else:
    Model = db.Model

migrate = Migrate()
login_manager = LoginManager()
csrf = CSRFProtect()
limiter = Limiter(key_func=visitor_key)
compress = Compression()

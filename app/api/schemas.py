"""Request and response models shared by the API modules."""

from pydantic import BaseModel, ConfigDict, Field


class ApiModel(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=False)


class UserOut(ApiModel):
    id: str = Field(alias="_id")
    role: str
    username: str
    email: str
    avatar: str | None
    displayName: str | None = None
    subscribers: int
    subscribedTo: list[str]
    createdAt: str
    bio: str


class UserEnvelope(ApiModel):
    user: UserOut | None


class AuthResult(ApiModel):
    user: UserOut
    token: str
    csrfToken: str


class CsrfTokenOut(ApiModel):
    csrfToken: str


class Message(ApiModel):
    success: bool = True
    message: str


class PublicUser(ApiModel):
    id: str = Field(alias="_id")
    username: str
    displayName: str | None
    bio: str
    subscribers: int


class PublicUserList(ApiModel):
    users: list[PublicUser]

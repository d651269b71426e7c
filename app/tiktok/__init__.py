"""The only code that talks to TikTok: the oEmbed client (and, later, the yt-dlp source)."""

"""The only code that talks to TikTok: the oEmbed client and the video source (yt-dlp, or fixtures offline)."""

"""Transcripts: reading, replaying and writing them for any registered game."""

"""Transcripts as text: the items a file is made of, reading them, writing the canonical
text, storing a file so that no update is half-done, and the errors this layer adds."""

"""Transcripts as text: the items a file is made of, reading them, writing the canonical
text, storing a file so that no update is half-done, and the errors this layer adds."""
from referee.transcript import items
from referee.transcript.items import Item, Transcript
from referee.transcript.problems import InternalError, NotEvaluated, UsageError, internal
from referee.transcript.reader import (MAX_LINE, parse_line, read_bytes, read_more, read_path,
                                      read_text)
from referee.transcript.storage import locked, read_limited, real_path, write_atomic
from referee.transcript.writer import (format_result, format_tag, join_text, render, split_text,
                                       with_comment)

__all__ = ["InternalError", "Item", "MAX_LINE", "NotEvaluated", "Transcript", "UsageError",
           "format_result", "format_tag", "internal", "items", "join_text", "locked",
           "parse_line", "read_bytes", "read_limited", "read_more", "read_path", "read_text",
           "real_path",
           "render", "split_text", "with_comment", "write_atomic"]

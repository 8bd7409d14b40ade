"""What the commands do, as functions the command line and the service both call:
play a line, start a game, check a file, list the legal moves, report, draw a picture."""
from referee.core.faces import lazy_face

# each name this layer offers, and the module that holds it (imported on first use)
_WHERE = {
    "check_path": "check", "check_text": "check", "what_happened": "happened",
    "draw_text": "happened", "draw_words": "happened", "forum_post": "forum_post",
    "MARKUPS": "forum_markup", "recent_plies": "forum_post",
    "example_lines": "listing", "legal_lines": "listing", "move_rows": "listing",
    "next_step": "listing", "read_choices": "listing",
    "check_players": "newgame", "say_control": "move_words", "say_move": "move_words",
    "new_committed_transcript": "newgame", "new_transcript": "newgame", "player_tags": "newgame",
    "picture": "picture", "PicturesUnavailable": "picture_files", "html_page": "picture_files",
    "svg_to_png": "picture_files", "TranscriptHasErrors": "play", "play_line": "play",
    "play_text": "play", "referee_move_line": "play", "bot_move_line": "play", "Played": "played", "digest": "report",
    "format_error": "report", "format_errors": "report", "other_tags": "report",
    "replay_dict": "report", "who_next": "report", "make_salt": "salting",
    "play_game": "selfplay", "bot_line": "bot_moves", "play_bot_game": "selfplay", "tournament": "selfplay", "bot_errors": "bot_moves",
}
__all__ = sorted([*_WHERE, "rulebook"])
__getattr__ = lazy_face(__name__, _WHERE, modules=("rulebook",))

"""What the commands do, as functions the command line and the service both call:
play a line, start a game, check a file, list the legal moves, report, draw a picture."""
from referee.operations import rulebook
from referee.operations.check import check_path, check_text
from referee.operations.happened import what_happened
from referee.operations.listing import legal_lines, next_step
from referee.operations.newgame import (check_players, new_committed_transcript, new_transcript,
                                        player_tags)
from referee.operations.picture import picture
from referee.operations.picture_files import PicturesUnavailable, html_page, svg_to_png
from referee.operations.play import TranscriptHasErrors, play_line, play_text, referee_move_line
from referee.operations.played import Played
from referee.operations.report import (digest, format_error, format_errors, other_tags,
                                       replay_dict, who_next)
from referee.operations.salting import make_salt
from referee.operations.selfplay import play_game

__all__ = ["Played", "PicturesUnavailable", "TranscriptHasErrors", "check_path", "check_players",
           "check_text", "digest", "format_error", "format_errors", "html_page", "legal_lines",
           "make_salt", "new_committed_transcript", "new_transcript", "next_step", "other_tags",
           "picture", "play_game", "play_line", "play_text", "player_tags", "referee_move_line",
           "replay_dict", "rulebook", "svg_to_png", "what_happened", "who_next"]

"""Replaying a transcript through its game: moves, chance lines and control items applied
in order, the draws dealt and verified, the chain of witnesses, ``?`` assertions,
``[Position]`` starts and the replayed states kept between runs."""
from referee.replay import snapshot
from referee.replay.chain import genesis, head, link, short, witness
from referee.replay.commit import (MIN_SALT, commitment, read_secret, salts, secret_path,
                                   waiting_message)
from referee.replay.control import (PLY_KINDS, resigned, result_text, state_from_json,
                                    state_json, to_move, voided_lines)
from referee.replay.deal_algorithm import salt_commitment
from referee.replay.lines import canonical_move
from referee.replay.replayer import Replay, replay, resume
from referee.replay.seeded import new_seed
from referee.replay.witness_check import compare as compare_histories
from referee.replay.witness_check import check as check_witness
from referee.replay.witness_check import parse as parse_witness

__all__ = ["MIN_SALT", "PLY_KINDS", "Replay", "canonical_move", "check_witness",
           "commitment", "compare_histories", "genesis", "head", "link", "new_seed",
           "parse_witness", "read_secret", "replay", "resigned", "result_text", "resume",
           "salt_commitment", "salts", "secret_path", "short", "snapshot", "state_from_json",
           "state_json", "to_move", "voided_lines",
           "waiting_message", "witness"]

"""docs/trust.md's test vectors of hmac-sha256/1 and its check-by-hand program: the
specification a third party re-implements must be what the referee does."""
import hashlib
import re
import subprocess
import sys
from pathlib import Path

from tests.toy.helpers import run
from referee.replay import deal_algorithm as D

DOC = (Path(__file__).resolve().parents[2] / "docs" / "trust.md").read_text()


def test_the_published_vectors_are_what_the_referee_computes():
    key = hashlib.sha256(b"key").digest()
    stream = D.Stream(key, b"referee-test")
    assert stream.read(32).hex() in DOC
    stream = D.Stream(key, b"referee-test")
    assert " ".join(str(stream.below(n)) for n in (6, 52, 1000, 2 ** 64)) in DOC
    assert D.message(1, bytes([0x11]) * 32, [("RED", "a"), ("GREEN", "b")]).hex() in DOC
    secret = bytes([1]) * 32
    assert D.commitment(secret, 3) in DOC
    for k in (1, 2, 3):
        assert f"key_{k} {D.act_key(secret, k, 3).hex()}" in DOC
    assert D.seed_key("42").hex() in DOC
    assert D.salt_commitment("RED", "0123456789abcdef") in DOC


def test_the_check_by_hand_program_re_deals_the_order_line(tmp_path):
    program = re.search(r"```python\n(.*?)```", DOC, re.S).group(1)
    (tmp_path / "check_order.py").write_text(program)
    for seed in ("42", "7"):
        game = tmp_path / f"game{seed}.txt"
        assert run("new", "hawaii", "--players", "red,green,blue", "--seed", seed, "-o", game)[0] == 0
        done = subprocess.run([sys.executable, str(tmp_path / "check_order.py"), str(game)],
                              capture_output=True, text=True, timeout=60)
        order = next(line for line in game.read_text().splitlines() if line.startswith("* order"))
        assert done.stdout.strip() == order


def test_act_key_is_the_hash_chain_walked_one_step_at_a_time():
    """act_key keeps milestones of the chain (a host deals many acts of one game): every
    act's key must still be H^(N - act)(secret), at and between the milestones."""
    import hashlib

    from referee.replay import deal_algorithm as D

    secret, keys = hashlib.sha256(b"milestones").digest(), 1234
    chain = [secret]
    for _ in range(keys):
        chain.append(hashlib.sha256(chain[-1]).digest())
    for act in (0, 1, 2, 33, 34, 99, 100, 101, 733, 1133, 1134, 1233, 1234):
        assert D.act_key(secret, act, keys) == chain[keys - act], act
    assert D.commitment(secret, keys) == f"sha256^{keys}:{chain[keys].hex()}"

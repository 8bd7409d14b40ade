"""One click on the seat page's move builder reads the game once and parses nothing
(docs/web.md): the seat, the game and its state come from one read of the store, and
the state is the one the store keeps, not a replay of the transcript."""
from __future__ import annotations

from contextlib import contextmanager

from referee.transcript import reader


def test_a_builder_click_reads_the_store_once_and_reparses_nothing(client, hosted, monkeypatch):
    reads, parses = [], []
    store_read, read_lines = hosted.store.read, reader._read_lines

    @contextmanager
    def counted_read():
        reads.append(1)
        with store_read() as conn:
            yield conn

    def counted_parse(*args, **kw):
        parses.append(1)
        return read_lines(*args, **kw)

    monkeypatch.setattr(hosted.store, "read", counted_read)
    monkeypatch.setattr(reader, "_read_lines", counted_parse)
    link = hosted.link(hosted.to_move())
    first = client.get(f"{link}/steps")
    assert first.status_code == 200, first.text
    choice = first.json()["choices"][0]["choice"]
    reads.clear()
    parses.clear()
    second = client.get(f"{link}/steps", params={"step": choice})
    assert second.status_code == 200, second.text
    assert len(reads) == 1 and parses == []

"""The phrasing corpora (corpus-<game>.txt) read as every front end reads a line.

Kept apart from the test so that docs/reading.md can show how to print the figures:
``python -m tests.reading.corpus`` from the project folder."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from referee.errors import RefereeError
from referee.operations import play_text

HERE = Path(__file__).resolve().parent
GAMES = ("hawaii", "haleakala")
LANGUAGES = ("en", "fr", "de", "it")
REFUSED = "refused"          # the line must be refused: no reading of it is the move


@dataclass
class Tally:
    game: str
    right: list[str] = field(default_factory=list)
    language: str = "en"
    refused: list[tuple[str, str]] = field(default_factory=list)     # (line, the answer)
    wrong: list[tuple[str, str, str]] = field(default_factory=list)  # (line, read, meant)

    @property
    def total(self) -> int:
        return len(self.right) + len(self.refused) + len(self.wrong)

    def share(self, part: list) -> float:
        return len(part) / self.total if self.total else 0.0


def corpus_file(game: str, language: str = "en") -> Path:
    """English phrasings are ``corpus-<game>.txt``, another language's
    ``corpus-<game>-<language>.txt``."""
    return HERE / (f"corpus-{game}.txt" if language == "en" else f"corpus-{game}-{language}.txt")


def entries(game: str, language: str = "en") -> list[tuple[str, str, str]]:
    """(position file, line, the canonical line meant, or "refused") of a corpus."""
    out = []
    for raw in corpus_file(game, language).read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.lstrip().startswith("#"):
            position, line, meant = (part.strip() for part in raw.split("|"))
            out.append((position, line, meant))
    return out


def position(name: str) -> bytes:
    return (HERE / name).read_bytes()


def tally(game: str, language: str = "en") -> Tally:
    """A line meant to be refused counts as read right when it is refused, and as read
    wrong when any move is read from it."""
    t = Tally(game, language=language)
    for where, line, meant in entries(game, language):
        try:
            read = play_text(position(where), line, name=where, dry_run=True).lines[0]
        except RefereeError as err:
            if meant == REFUSED:
                t.right.append(line)
            else:
                t.refused.append((line, f"{err.code}: {err.reason}"))
            continue
        if read == meant:
            t.right.append(line)
        else:
            t.wrong.append((line, read, meant))
    return t


def main() -> None:
    for game, language in [(g, lang) for g in GAMES for lang in LANGUAGES
                           if corpus_file(g, lang).exists()]:
        t = tally(game, language)
        print(f"{game} ({language}): {t.total} phrasings, read right {len(t.right)} ({t.share(t.right):.0%}), "
              f"refused {len(t.refused)} ({t.share(t.refused):.0%}), "
              f"read wrong {len(t.wrong)} ({t.share(t.wrong):.0%})")
        for line, answer in t.refused:
            print(f"    refused: {line}\n        {answer[:150]}")
        for line, read, meant in t.wrong:
            print(f"    WRONG: {line}\n        read {read}\n        meant {meant}")


if __name__ == "__main__":
    main()

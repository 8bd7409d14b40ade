"""Where points came from, as a reader sees it (what a move set off, the scoring
report): in the reader's language, never a code. A Haleakala score card scores under
its own code; it is named as the card is named everywhere else."""
from __future__ import annotations

import pytest

from referee import i18n
from referee.core import registry
from referee.haleakala.data import components
from referee.haleakala.text.steps import named


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_a_bought_score_card_is_named_as_the_card(lang):
    module = registry.get("haleakala")
    cards = list(components.default().score_cards)
    assert cards
    with i18n.speaking(lang):
        for card in cards:
            said = module.score_source(card)
            assert "-" not in said and said == named("cards", card), (card, said)


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
def test_a_source_of_points_is_in_the_readers_language(lang):
    module = registry.get("haleakala")
    with i18n.speaking("en"):
        english = {c: module.score_source(c) for c in components.default().score_cards}
    with i18n.speaking(lang):
        assert all(module.score_source(c) != english[c] for c in english), lang

"""What every title's notation shares, below the games: the Lark grammars loaded and
cached, syntax errors with a position and a "did you mean", the start of a chance line."""
from referee.syntax.chance_head import chance_head
from referee.syntax.grammar import parser
from referee.syntax.hints import did_you_mean, from_lark, grammar_keywords, suggest, word_at

__all__ = ["chance_head", "did_you_mean", "from_lark", "grammar_keywords", "parser", "suggest",
           "word_at"]

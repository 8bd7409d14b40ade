"""What every title's notation shares, below the games: the Lark grammars loaded and
cached, syntax errors with a position and a "did you mean", the start of a chance line."""

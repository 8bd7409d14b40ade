"""Hawaii's rules engine: the state, the moves and everything that changes the state.

It imports nothing from ``text``: the engine never needs lark or the notation."""

"""The hosted referee: games kept in a store, played by e-mail and on the web.

The service sits above the transcript layer: it reaches the games only through
the registry, the GameModule protocol and ``referee.notation``, never through a
game's own modules, so every hosted game can always be exported as a transcript
that ``referee check`` and ``referee verify`` accept.
"""

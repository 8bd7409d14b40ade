"""The hosted referee: games kept in a store, played by e-mail and on the web.

The service sits above the layers and reaches them only through their faces
(``referee.operations``, ``referee.replay``, ``referee.transcript``, the registry),
never through a game's own modules, so every hosted game can always be exported
as a transcript that ``referee check`` and ``referee verify`` accept.
"""

"""The hosted referee: games kept in a store, played by e-mail, in forum threads and on
the web (docs/architecture.md draws its layers).

The service sits above the layers and reaches them only through their faces
(``referee.operations``, ``referee.replay``, ``referee.transcript``, the registry),
never through a game's own modules, so every hosted game can always be exported
as a transcript that ``referee check`` and ``referee verify`` accept. Inside, the
store is at the bottom, the hosted game (``hosted``) above it, the channels (``mail``,
``forum``, ``web``) above that, none importing another, and ``daemon`` on top.
"""

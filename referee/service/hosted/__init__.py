"""The hosted game: everything a game kept in the store does and says, whatever
channel its lines come by.

A channel (mail, forum thread, web page) turns its transport into "this account sent
these lines for this game" and hands them to :mod:`entry`; the session
(``session``) plays them through the transcript layer, the seat's commands
(``seat_commands``, ``takebacks``, ``repeats``, ``playing``) answer them, the clock
(``clock``) keeps late seats moving, and the game's own texts (``mails``,
``forum_answers``, ``steps``, ``lines``) say what happened. What is to be sent is
queued in the outbox (``outbox``) for a channel to deliver. Nothing here imports a
channel.
"""

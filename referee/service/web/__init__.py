"""The hosted referee's web page (``referee serve``): the games, each game, and each
seat's private page, over the same store and the same move path as the mail host."""

"""Forum games (docs/forum.md): seats held by forum accounts, the thread a
game follows read post by post through the same command reader as a mail, and the
referee's answers posted in the thread or handed to the moderator to paste. How a
forum is spoken to (feeds, APIs, webhooks) is ``referee.service.forum``'s business."""

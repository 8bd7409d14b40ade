"""Mail in and out for the hosted referee, with no store behind it.

Reading a message (``incoming``), finding the commands in what a player wrote
(``commands``), building replies (``outgoing``), sending them by SMTP (``smtp``)
and taking messages from a Maildir or an IMAP mailbox (``poll``) are pure
functions and transports, so the host can test and reuse each one on its own.
"""

"""Mail in and out for the hosted referee: the mail channel.

Reading a message (``incoming``), building a reply's MIME (``outgoing``), sending it
by SMTP (``smtp``) and taking messages from a Maildir or an IMAP mailbox (``poll``)
are transports, testable each on its own. Two modules put them to work on the store:
``ingest`` (one message in, handed to the hosted game's entry) and ``sending``
(the outbox's mail delivered). What a mail says is the hosted game's
(:mod:`referee.service.hosted`).
"""

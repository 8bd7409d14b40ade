"""Mail in and out for the hosted referee.

Reading a message (``incoming``), finding the commands in what a player wrote
(``commands``, ``quotes``, ``html_text``), building replies (``outgoing``), sending
them by SMTP (``smtp``) and taking messages from a Maildir or an IMAP mailbox
(``poll``) are pure functions and transports, testable each on its own. Three
modules put them to work on the store: ``ingest`` (one message in, run, answered),
``notify`` (what the referee tells people, queued in the outbox) and ``outbox``
(delivering it).
"""

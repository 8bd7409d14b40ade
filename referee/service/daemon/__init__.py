"""One process hosts everything (``referee serve``): the web page, mail in (an SMTP
listener, an IMAP mailbox or a Maildir), mail out and the clock, so a host runs one
command instead of wiring an MTA pipe and three cron jobs together."""
from referee.service.daemon.check import busy_ports, check
from referee.service.daemon.config import Config, ConfigError, load
from referee.service.daemon.process import Host, host_app

__all__ = ["Config", "ConfigError", "Host", "busy_ports", "check", "host_app", "load"]

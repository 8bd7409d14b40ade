"""One module per ``referee`` command; referee/cli.py puts them together."""

"""referee: rules verification and play-by-email refereeing for board games."""

__version__ = "0.1.0"

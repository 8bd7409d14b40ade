"""Hawaii: rules engine, data and notation."""

ORDER = 1      # the first title of the referee: listed first (referee.core.registry)

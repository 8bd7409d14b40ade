"""Haleakala (Racky & Klerner): rules engine, data and notation."""

ORDER = 2      # listed after Hawaii, the referee's first title (referee.core.registry)

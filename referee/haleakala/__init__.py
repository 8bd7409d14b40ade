"""Haleakala (Racky & Klerner): rules engine, data and notation."""

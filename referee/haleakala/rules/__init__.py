"""Haleakala's rules engine: the position, the moves and everything that changes the position."""

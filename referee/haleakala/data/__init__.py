"""Haleakala's component data: games/haleakala.yaml read, checked and cached as model records."""

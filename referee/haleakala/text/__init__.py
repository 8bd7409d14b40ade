"""Haleakala as text: the move notation, chance lines, renderings, the picture and the state JSON."""

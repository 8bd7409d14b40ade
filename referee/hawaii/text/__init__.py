"""Hawaii as text: the move notation, chance lines, renderings and the state JSON."""

"""Replaying a transcript through its game: moves, chance lines and control items applied
in order, the draws dealt and verified, the chain of witnesses, ``?`` assertions,
``[Position]`` starts and the replayed states kept between runs."""

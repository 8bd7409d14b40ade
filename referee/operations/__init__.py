"""What the commands do, as functions the command line and the service both call:
play a line, start a game, check a file, list the legal moves, report, draw a picture."""

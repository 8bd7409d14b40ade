#!/bin/sh
# The two pictures in docs/pictures.md: rendered by the referee, then re-encoded with a
# 256-colour palette (about a third of the size; the pictures use few colours).
# Run from the repository root: sh docs/pictures/regenerate.sh
set -eu
python -m referee show docs/examples/hawaii-5p.txt --at 60 --format png -o docs/pictures/hawaii.png
python -m referee show docs/examples/haleakala.txt --at 1200 --format png -o docs/pictures/haleakala.png
for f in docs/pictures/hawaii.png docs/pictures/haleakala.png; do
    python docs/pictures/png_palette.py "$f" "$f"
done

#!/usr/bin/env python3
"""Generate the FNC boards: engine/fnc/data/{ec,rsw}/map.txt from geography and the places files.

Usage: python3 tools/mapgen/generate.py [--out DIR] [--places DIR] [GAME ...]
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
# one thread for the linear algebra, so sums are always added in the same order
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

from mapgen import dataset, places, writer  # noqa: E402
from mapgen.build import Generator  # noqa: E402
from mapgen.games import GAMES  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    """Generate the games named on the command line (both by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(GAMES), help="ec, rsw (default: both)")
    parser.add_argument("--out", default=os.path.join(ROOT, "engine", "fnc", "data"),
                        help="folder that receives <game>/map.txt")
    parser.add_argument("--places", default=os.path.join(HERE, "places"), help="folder of <game>.toml places files")
    args = parser.parse_args()
    for name in args.games:
        if name not in GAMES:
            parser.error(f"unknown game `{name}`")
        game = GAMES[name]
        path = os.path.join(args.places, f"{name}.toml")
        try:
            gazetteer = places.load(path)
        except places.PlacesError as err:
            sys.exit(f"error: {err}")
        generator = Generator(game, gazetteer)
        try:
            board = generator.run()
        except SystemExit as err:
            sys.exit(f"error: {name}: {err}")
        shown = os.path.relpath(path, ROOT) if path.startswith(ROOT) else f"places/{name}.toml"
        text = writer.write(board, game, generator.grid,
                            writer.header(game, shown, dataset.package_version(), generator.fit, board.notes))
        target = os.path.join(args.out, name)
        os.makedirs(target, exist_ok=True)
        with open(os.path.join(target, "map.txt"), "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        print(f"{name}: {len(generator.grid.cols)} columns x {len(generator.grid.rows)} rows -> {target}/map.txt")


if __name__ == "__main__":
    main()

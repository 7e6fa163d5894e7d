"""Grid geometry, point classification and the grid fit (python3 -m unittest discover -s tools/mapgen/tests)."""

import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mapgen import hexgrid  # noqa: E402
from mapgen.fit import GridFit, LocalProjection  # noqa: E402
from mapgen.surface import LAKE, LAND, SEA, Surface, point_in_polygon  # noqa: E402


class HexGridTest(unittest.TestCase):
    def test_neighbours_match_the_engine_grid(self):
        # engine/board/src/hex.rs: 1210 touches 1209 1309 1310 1211 1110 1109 (FNC 16.0 Q6)
        self.assertEqual(hexgrid.neighbours(12, 10), [(12, 9), (13, 9), (13, 10), (12, 11), (11, 10), (11, 9)])
        self.assertEqual(hexgrid.neighbours(11, 27), [(11, 26), (12, 27), (12, 28), (11, 28), (10, 28), (10, 27)])

    def test_adjacent_hexes_share_exactly_two_corners(self):
        grid = hexgrid.Grid(list(range(1, 8)), list(range(1, 8)))
        for a, b in grid.sides():
            self.assertEqual(len(set(hexgrid.corner_keys(*a)) & set(hexgrid.corner_keys(*b))), 2, (a, b))

    def test_polyline_sides_form_a_connected_chain(self):
        grid = hexgrid.Grid(list(range(1, 12)), list(range(1, 12)))
        start, end = hexgrid.centre(2, 2), hexgrid.centre(9, 8)
        sides = grid.polyline_sides([start, ((start[0] + end[0]) / 2, start[1]), end])
        self.assertGreater(len(sides), 5)
        for s, t in zip(sides, sides[1:]):
            shared = set(grid.side_corners(*s)) & set(grid.side_corners(*t))
            self.assertEqual(len(shared), 1, f"{s} and {t} do not meet")

    def test_nearest_hex_of_a_centre_is_that_hex(self):
        grid = hexgrid.Grid(list(range(1, 6)), list(range(1, 6)))
        for c, r in grid.hexes:
            self.assertEqual(grid.nearest_hex(*hexgrid.centre(c, r)), (c, r))


class SurfaceTest(unittest.TestCase):
    def test_levels_nest_land_lake_island(self):
        def ring(w, s, e, n):
            return np.array([[w, s], [e, s], [e, n], [w, n]], dtype=float)

        polygons = [(1, ring(0, 0, 10, 10)), (2, ring(2, 2, 8, 8)), (3, ring(4, 4, 6, 6))]
        surface = Surface(polygons, -1, 11, -1, 11)
        lat = np.array([5.0, 3.0, 1.0, 10.5])
        lon = np.array([5.0, 3.0, 1.0, 5.0])
        self.assertEqual(list(surface.classify(lat, lon)), [LAND, LAKE, LAND, SEA])

    def test_point_in_polygon_takes_lat_lon_rings(self):
        ring = [[0.0, 0.0], [0.0, 2.0], [2.0, 2.0], [2.0, 0.0]]
        inside = point_in_polygon(np.array([1.0, 3.0]), np.array([1.0, 1.0]), ring)
        self.assertEqual(list(inside), [True, False])


class GridFitTest(unittest.TestCase):
    def setUp(self):
        # a squeezed, rotated layout like RSW's: columns grow north, rows grow east
        self.anchors = [(60.146, 24.988, 12, 10), (60.712, 28.745, 15, 15), (65.848, 24.147, 38, 8),
                        (65.013, 25.468, 35, 10), (60.999, 24.458, 17, 8)]
        self.fit = GridFit(self.anchors, LocalProjection(62.5, 25.5), hexgrid.centre)

    def test_every_anchor_lands_on_its_hex_centre(self):
        for lat, lon, col, row in self.anchors:
            x, y = self.fit.to_sheet(lat, lon)[0]
            cx, cy = hexgrid.centre(col, row)
            self.assertAlmostEqual(x, cx, places=2)
            self.assertAlmostEqual(y, cy, places=2)
            glat, glon = self.fit.to_geo(cx, cy)
            self.assertAlmostEqual(float(glat[0]), lat, places=4)
            self.assertAlmostEqual(float(glon[0]), lon, places=4)

    def test_both_directions_agree_away_from_the_anchors(self):
        xs, ys = np.array([100.0, 300.0, 500.0]), np.array([50.0, 150.0, 300.0])
        lat, lon = self.fit.to_geo(xs, ys)
        back = self.fit.to_sheet(lat, lon)
        self.assertLess(float(np.abs(back[:, 0] - xs).max()), 0.01)
        self.assertLess(float(np.abs(back[:, 1] - ys).max()), 0.01)


if __name__ == "__main__":
    unittest.main()

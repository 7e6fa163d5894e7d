"""The printed hex grid in sheet kilometres, corner lattice and hexsides.

Sheet coordinates: x grows with the column, y with the row, both in km. A hex is 20 km across
flats, columns are 17.32 km apart, odd columns sit half a row lower (docs/DATA_FORMAT.md).
Corners are kept as integer keys (x in half-radius units, y in 10 km units) so that lookups
never depend on float equality.
"""

import math
from collections import deque

FLAT = 20.0
RADIUS = FLAT / math.sqrt(3.0)
COL_STEP = 1.5 * RADIUS
CORNER_OFFSETS = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)]


def hex_name(col, row):
    """The printed four-digit number XXYY."""
    return f"{col:02d}{row:02d}"


def centre(col, row):
    """Sheet km of a hex centre."""
    return col * COL_STEP, (row + 0.5 * (col % 2)) * FLAT


def corner_keys(col, row):
    """Integer keys of the six corners of a hex."""
    cx, cy = 3 * col, 2 * row + (col % 2)
    return [(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS]


def corner_xy(key):
    """Sheet km of a corner key."""
    return key[0] * RADIUS / 2.0, key[1] * FLAT / 2.0


def neighbours(col, row):
    """The six neighbours, clockwise from sheet north (n, ne, se, s, sw, nw)."""
    if col % 2 == 0:
        steps = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
    else:
        steps = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
    return [(col + dc, row + dr) for dc, dr in steps]


def side_key(a, b):
    """A hexside as an ordered pair of (col, row) hexes."""
    return (a, b) if a < b else (b, a)


class Grid:
    """A rectangle of columns and rows of the sheet."""

    def __init__(self, cols, rows):
        self.cols = cols
        self.rows = rows
        self.hexes = [(c, r) for r in rows for c in cols]
        self.members = set(self.hexes)
        # corner edge -> hexsides, corner -> adjacent corners
        self.edge_sides = {}
        self.corner_links = {}
        for c, r in self.hexes:
            keys = corner_keys(c, r)
            for i in range(6):
                p, q = keys[i], keys[(i + 1) % 6]
                edge = (p, q) if p < q else (q, p)
                self.edge_sides.setdefault(edge, []).append((c, r))
                self.corner_links.setdefault(p, set()).add(q)
                self.corner_links.setdefault(q, set()).add(p)

    def contains(self, hx):
        """Whether a (col, row) position is on this grid."""
        return hx in self.members

    def grid_neighbours(self, hx):
        """The neighbours of a hex that are on this grid."""
        return [n for n in neighbours(*hx) if n in self.members]

    def sides(self):
        """Every hexside between two hexes of the grid, sorted."""
        found = set()
        for hx in self.hexes:
            for n in self.grid_neighbours(hx):
                found.add(side_key(hx, n))
        return sorted(found)

    def side_corners(self, a, b):
        """The two corner keys the hexside between adjacent hexes runs between."""
        shared = sorted(set(corner_keys(*a)) & set(corner_keys(*b)))
        return shared[0], shared[1]

    def nearest_hex(self, x, y):
        """The grid position (possibly outside the grid) whose centre is nearest to sheet (x, y)."""
        col0 = int(round(x / COL_STEP))
        best = None
        for c in range(col0 - 1, col0 + 2):
            r0 = int(round(y / FLAT - 0.5 * (c % 2)))
            for r in range(r0 - 1, r0 + 2):
                hx, hy = centre(c, r)
                d = round((hx - x) ** 2 + (hy - y) ** 2, 6)
                if best is None or (d, c, r) < best:
                    best = (d, c, r)
        return best[1], best[2]

    def nearest_corner(self, x, y):
        """The corner of the grid nearest to sheet (x, y), if any is close."""
        k0, k1 = int(round(x / (RADIUS / 2.0))), int(round(y / (FLAT / 2.0)))
        best = None
        for a in range(k0 - 3, k0 + 4):
            for b in range(k1 - 2, k1 + 3):
                if (a, b) not in self.corner_links:
                    continue
                cx, cy = corner_xy((a, b))
                d = round((cx - x) ** 2 + (cy - y) ** 2, 6)
                if best is None or (d, (a, b)) < best:
                    best = (d, (a, b))
        return None if best is None else best[1]

    def corner_path(self, start, goal):
        """Shortest chain of corners from start to goal (breadth first, sorted neighbours)."""
        if start == goal:
            return [start]
        previous = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in sorted(self.corner_links[here]):
                if nxt in previous:
                    continue
                previous[nxt] = here
                if nxt == goal:
                    path = [goal]
                    while previous[path[-1]] is not None:
                        path.append(previous[path[-1]])
                    return path[::-1]
                queue.append(nxt)
        return [start]

    def polyline_sides(self, points):
        """Hexsides along a polyline of sheet km points: snapped to the corner lattice."""
        dense = []
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / 2.0))
            for i in range(steps):
                t = i / steps
                dense.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
        if points:
            dense.append(points[-1])
        corners = []
        for x, y in dense:
            k = self.nearest_corner(x, y)
            if k is not None and (not corners or corners[-1] != k):
                corners.append(k)
        chain = corners[:1]
        for k in corners[1:]:
            chain.extend(self.corner_path(chain[-1], k)[1:])
        sides = []
        for p, q in zip(chain, chain[1:]):
            edge = (p, q) if p < q else (q, p)
            hexes = self.edge_sides.get(edge, [])
            if len(hexes) == 2:
                sides.append(side_key(hexes[0], hexes[1]))
        return sides

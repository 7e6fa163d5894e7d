"""What lies at a geographic point: sea, land or lake, from GSHHS nesting levels."""

import numpy as np

SEA, LAND, LAKE = 0, 1, 2


class Surface:
    """Point classifier over the GSHHS polygons of a lat/lon window."""

    def __init__(self, polygons, south, north, west, east):
        self.rings = []
        for level, points in polygons:
            lon, lat = points[:, 0], points[:, 1]
            x0, y0 = lon, lat
            x1, y1 = np.roll(lon, -1), np.roll(lat, -1)
            # Only edges a ray cast eastward from a point inside the window can meet.
            keep = (np.maximum(y0, y1) >= south) & (np.minimum(y0, y1) <= north) & (np.maximum(x0, x1) >= west)
            keep &= y0 != y1
            if not keep.any():
                continue
            self.rings.append((level, x0[keep], y0[keep], x1[keep], y1[keep]))

    def _inside(self, ring, lon, lat):
        _, x0, y0, x1, y1 = ring
        result = np.zeros(len(lon), dtype=bool)
        chunk = max(1, 4_000_000 // max(1, len(x0)))
        for start in range(0, len(lon), chunk):
            px = lon[start:start + chunk, None]
            py = lat[start:start + chunk, None]
            straddles = (y0 > py) != (y1 > py)
            cross_x = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
            hits = straddles & (px < cross_x)
            result[start:start + chunk] = (hits.sum(axis=1) % 2) == 1
        return result

    def classify(self, lat, lon):
        """SEA, LAND or LAKE for each point (arrays of degrees, rounded to 1e-5 first)."""
        lat = np.round(np.asarray(lat, dtype=np.float64), 5)
        lon = np.round(np.asarray(lon, dtype=np.float64), 5)
        depth = np.zeros(len(lat), dtype=np.int64)
        for ring in self.rings:
            level = ring[0]
            inside = self._inside(ring, lon, lat)
            depth = np.where(inside & (depth < level), level, depth)
        return np.where(depth == 0, SEA, np.where(depth % 2 == 1, LAND, LAKE))


def point_in_polygon(lat, lon, ring):
    """Even-odd test of points against a [lat, lon] ring from a places file."""
    ring = np.asarray(ring, dtype=np.float64)
    ry, rx = ring[:, 0], ring[:, 1]
    ny, nx = np.roll(ry, -1), np.roll(rx, -1)
    lat = np.round(np.asarray(lat, dtype=np.float64), 5)[:, None]
    lon = np.round(np.asarray(lon, dtype=np.float64), 5)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        straddles = (ry > lat) != (ny > lat)
        cross = rx + (lat - ry) * (nx - rx) / np.where(ny == ry, 1.0, ny - ry)
    return ((straddles & (lon < cross)).sum(axis=1) % 2) == 1

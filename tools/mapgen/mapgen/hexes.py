"""Classifying every hex: land or water (by sampling), water bodies, land cover, off-map land."""

import math

import numpy as np

from . import hexgrid
from .places import LAND_CODES
from .surface import LAKE, LAND, SEA, point_in_polygon

LAKE_SEED_REACH_KM = 50.0
SPARE_CODES = "WXYZ0123456789"


def sample_offsets():
    """Centre, six points half way to the edges and six towards the corners (sheet km)."""
    offsets = [(0.0, 0.0)]
    for k in range(6):
        a = math.radians(30 + 60 * k)
        offsets.append((0.5 * hexgrid.RADIUS * math.cos(a), 0.5 * hexgrid.RADIUS * math.sin(a)))
    for k in range(6):
        a = math.radians(60 * k)
        offsets.append((0.8 * hexgrid.RADIUS * math.cos(a), 0.8 * hexgrid.RADIUS * math.sin(a)))
    return offsets


def classify(g):
    """Fill g.board.terrain for every grid position."""
    offsets = sample_offsets()
    xs, ys = [], []
    for c, r in g.grid.hexes:
        cx, cy = hexgrid.centre(c, r)
        for dx, dy in offsets:
            xs.append(cx + dx)
            ys.append(cy + dy)
    lat, lon = g.fit.to_geo(np.array(xs), np.array(ys))
    kinds = g.sample_kinds(lat, lon).reshape(len(g.grid.hexes), len(offsets))
    lat = lat.reshape(kinds.shape)
    lon = lon.reshape(kinds.shape)
    bodies = WaterBodies(g)
    default = LAND_CODES[g.places["default_land"]]
    land_rows = []
    for i, hx in enumerate(g.grid.hexes):
        g.hex_geo[hx] = (float(lat[i, 0]), float(lon[i, 0]))
        row = kinds[i]
        g.land_samples[hx] = int((row == LAND).sum())
        if int((row != LAND).sum()) * 2 > len(row) and hx not in g.forced_land:
            kind = "lake" if (row == LAKE).sum() > (row == SEA).sum() else "sea"
            g.board.terrain[hx] = bodies.code_for(lat[i, 0], lon[i, 0], kind)
            continue
        area = offmap_area(g, lat[i, 0], lon[i, 0])
        if area and hx not in g.forced_land:
            g.board.terrain[hx] = "."
            g.offmap_of[hx] = area
            continue
        g.board.terrain[hx] = default
        land_rows.append(i)
    for area in g.places["areas"]:
        code = LAND_CODES[area["terrain"]]
        for i in land_rows:
            inside = point_in_polygon(lat[i], lon[i], area["polygon"])
            if inside.sum() * 2 > len(inside):
                g.board.terrain[g.grid.hexes[i]] = code
    bodies.require(g)
    g.board.codes = bodies.used_codes(g)


def make_land(g, hx):
    """Turn a water hex into land (a locale on an island or cape the sampling missed): the
    default land class, or the class of the last area whose polygon holds its centre."""
    lat, lon = g.hex_geo[hx]
    code = LAND_CODES[g.places["default_land"]]
    for area in g.places["areas"]:
        if point_in_polygon(np.array([lat]), np.array([lon]), area["polygon"])[0]:
            code = LAND_CODES[area["terrain"]]
    g.board.terrain[hx] = code


SEED_LAND_SAMPLES = 4


def claim_seed_land(g):
    """A region seed the places file puts on land (an island group, e.g. the Aland Isles) makes
    its hex land when at least a third of the hex is land, though the sampling said water."""
    for region in g.places["regions"]:
        for seed in region["seeds"]:
            if isinstance(seed, str):
                continue
            hx = g.hex_of(*seed)
            if not g.grid.contains(hx) or g.board.terrain[hx] == "." or g.is_land(hx):
                continue
            on_land = g.sample_kinds(np.array([seed[0]]), np.array([seed[1]]))[0] == LAND
            if on_land and g.land_samples[hx] >= SEED_LAND_SAMPLES:
                make_land(g, hx)
                g.note(f"{hexgrid.hex_name(*hx)} made land for a seed of {region['name']} (mostly water at this scale)")


def offmap_area(g, lat, lon):
    """The off-map area whose polygon holds the point, if any."""
    for area in g.places["offmap"]:
        if point_in_polygon(np.array([lat]), np.array([lon]), area["polygon"])[0]:
            return area["name"]
    return None


class WaterBodies:
    """Which body of water an all-water hex belongs to: the places file's [[water]] entries
    (polygon first, then the nearest seed of the same kind), else a spare lake body."""

    def __init__(self, g):
        self.g = g
        self.bodies = g.places["waters"]
        taken = {b["code"] for b in self.bodies}
        spare = [c for c in SPARE_CODES if c not in taken]
        self.other_lake = (spare[0], g.game["other_lakes"])
        self.other_sea = (spare[1], g.game["other_sea"])

    def code_for(self, lat, lon, kind):
        """The body code of an all-water hex whose centre is at (lat, lon)."""
        same = [b for b in self.bodies if b["kind"] == kind]
        point = (np.array([lat]), np.array([lon]))
        for body in same:
            if body["polygon"] and point_in_polygon(*point, body["polygon"])[0]:
                return body["code"]
        x0, y0 = self.g.projection.to_km(lat, lon)
        best = None
        for body in same:
            for s_lat, s_lon in body["seeds"]:
                x, y = self.g.projection.to_km(s_lat, s_lon)
                d = round(float(math.hypot(x - x0, y - y0)), 3)
                if best is None or d < best[0]:
                    best = (d, body["code"])
        if best is not None and (kind == "sea" or best[0] <= LAKE_SEED_REACH_KM):
            return best[1]
        return self.other_lake[0] if kind == "lake" else self.other_sea[0]

    def name_of(self, code):
        """The places file's name of a body, "" for the spare bodies."""
        return next((b["name"] for b in self.bodies if b["code"] == code), "")

    def require(self, g):
        """Bodies the rules name must show as at least one all-water hex."""
        for name in g.game["required_waters"]:
            body = next((b for b in self.bodies if b["name"] == name), None)
            if body is None:
                raise SystemExit(f"the places file declares no water body `{name}`, which the rules name")
            if any(t == body["code"] for t in g.board.terrain.values()):
                continue
            lat, lon = body["seeds"][0]
            hx = g.hex_of(lat, lon)
            if not g.grid.contains(hx) or hx in g.forced_land:
                raise SystemExit(f"{name}: its first seed is not on a free hex of the map")
            g.board.terrain[hx] = body["code"]
            g.note(f"{hexgrid.hex_name(*hx)} drawn as {name}, too small for the sampling")

    def used_codes(self, g):
        """code -> (kind, name) for the bodies that have hexes."""
        used = set(g.board.terrain.values())
        codes = {b["code"]: (b["kind"], b["name"]) for b in self.bodies if b["code"] in used}
        for code, name in (self.other_lake, self.other_sea):
            if code in used:
                codes[code] = ("lake" if (code, name) == self.other_lake else "sea", name)
        return codes

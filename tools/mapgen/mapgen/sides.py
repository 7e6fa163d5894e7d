"""Classifying hexsides between land hexes: open water and lakes from sampling, rivers from the
dataset and the places file, named lines, and the hexsides the rules fix."""

import math

import numpy as np

from . import hexes, hexgrid
from .surface import LAKE, SEA

# a dataset river this close (sheet km) to a river line of the places file is that river
RIVER_DUPLICATE_KM = 15.0
# how many of the 9 sample points must be water for a sea hexside, and lake for a lake hexside
SEA_SAMPLES = 4
LAKE_SAMPLES = 3


def classify(g):
    """Every water barrier and border hexside of the map."""
    from_geography(g)
    from_dataset_rivers(g)
    for line in g.places["lines"]:
        for side in g.grid.polyline_sides(g.to_sheet_points(line["points"])):
            set_side(g, side, line["kind"], line["name"])
    river_valleys(g)
    for entry in g.places["hexsides"]:
        a, b = entry["hexes"]
        if b not in hexgrid.neighbours(*a):
            raise SystemExit(f"hexside {hexgrid.hex_name(*a)}/{hexgrid.hex_name(*b)} joins hexes that are not adjacent")
        set_side(g, hexgrid.side_key(a, b), entry["kind"], entry["name"], forced=True)


def from_geography(g):
    """Nine points along and across each land-land hexside: mostly water makes it sea or lake."""
    pairs = [s for s in g.grid.sides() if g.is_land(s[0]) and g.is_land(s[1])]
    if not pairs:
        return
    xs, ys = [], []
    for a, b in pairs:
        p, q = (hexgrid.corner_xy(k) for k in g.grid.side_corners(a, b))
        (ax, ay), (bx, by) = hexgrid.centre(*a), hexgrid.centre(*b)
        points = [(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t) for t in (0.15, 0.325, 0.5, 0.675, 0.85)]
        points += [(ax + (bx - ax) * t, ay + (by - ay) * t) for t in (0.3, 0.4, 0.6, 0.7)]
        xs += [x for x, _ in points]
        ys += [y for _, y in points]
    lat, lon = g.fit.to_geo(np.array(xs), np.array(ys))
    kinds = g.sample_kinds(lat, lon).reshape(len(pairs), 9)
    lat, lon = lat.reshape(kinds.shape), lon.reshape(kinds.shape)
    bodies = hexes.WaterBodies(g)
    for i, side in enumerate(pairs):
        row = kinds[i]
        sea, lake = int((row == SEA).sum()), int((row == LAKE).sum())
        if sea + lake >= SEA_SAMPLES and sea >= lake:
            g.board.sides[side] = ("sea", "")
        elif lake >= LAKE_SAMPLES:
            # named after the lake it belongs to (sample 2 is the hexside's midpoint)
            g.board.sides[side] = ("lake", bodies.name_of(bodies.code_for(lat[i, 2], lon[i, 2], "lake")))


def from_dataset_rivers(g):
    """WDBII rivers, except where the places file draws (and names) the same river."""
    named = []
    for line in g.places["lines"]:
        if line["kind"] == "river":
            named += densify(g.to_sheet_points(line["points"]), 5.0)
    for points in g.river_lines:
        sheet = g.to_sheet_points([(p[1], p[0]) for p in points])
        mid = sheet[len(sheet) // 2]
        if named and min(math.hypot(mid[0] - x, mid[1] - y) for x, y in named) < RIVER_DUPLICATE_KM:
            continue
        for side in g.grid.polyline_sides(sheet):
            if g.is_land(side[0]) and g.is_land(side[1]) and g.board.sides.get(side, ("",))[0] != "sea":
                g.board.sides[side] = ("river", "")


def densify(points, step):
    """Points along a polyline at most `step` km apart."""
    dense = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        dense += [(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(n)]
    return dense + points[-1:]


def river_valleys(g):
    """Land along a named river takes the valley's terrain (EC: the Nile, a clear strip through
    the desert)."""
    valleys = g.game.get("river_valleys", {})
    for (a, b), (kind, name) in sorted(g.board.sides.items()):
        if kind == "river" and name in valleys:
            terrain, replaces = valleys[name]
            for hx in (a, b):
                if g.board.terrain[hx] in replaces:
                    g.board.terrain[hx] = terrain


def set_side(g, side, kind, name, forced=False):
    """Record a hexside: borders between any two map hexes, water barriers between land hexes
    only (next to a water hex the hexside is shore anyway)."""
    if not (g.grid.contains(side[0]) and g.grid.contains(side[1])):
        return
    if kind == "border":
        if g.board.terrain[side[0]] != "." and g.board.terrain[side[1]] != ".":
            g.board.borders[side] = name
        return
    if g.is_land(side[0]) and g.is_land(side[1]):
        g.board.sides[side] = (kind, name)
    elif forced and kind != "sea":
        raise SystemExit(
            f"{kind} hexside {hexgrid.hex_name(*side[0])}/{hexgrid.hex_name(*side[1])}: both hexes must be land")

"""From a places file and the geographic dataset to a board model (hexes, hexsides, features)."""

import math
from collections import deque

import numpy as np

from . import dataset, hexgrid
from .fit import GridFit, LocalProjection
from .places import LAND_CODES
from .surface import LAKE, LAND, SEA, Surface, point_in_polygon

MARGIN_DEG = 2.0
WATER_KINDS = ("river", "canal", "lake", "wadi", "channel", "sea")


class Board:
    """Everything the map file says, in (col, row) hexes."""

    def __init__(self):
        self.terrain = {}  # hex -> land code or water body code
        self.sides = {}  # hexside -> (kind, name) for water barriers
        self.borders = {}  # hexside -> name
        self.roads = []  # (name, [hexes])
        self.locales = []  # (hex, kinds, vp, name)
        self.regions = {}  # name -> [seed hexes]
        self.region_of = {}
        self.boxes = []  # (id, name, props, [hexes])
        self.sources = {}  # side -> [hexes]
        self.notes = []  # lines for the header about corrections the generator made


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


class Generator:
    def __init__(self, game, places):
        self.game = game
        self.places = places
        ext = places["extent"]
        self.extent = ext
        self.projection = LocalProjection((ext["south"] + ext["north"]) / 2, (ext["west"] + ext["east"]) / 2)
        anchors = [(a["at"][0], a["at"][1], a["hex"][0], a["hex"][1]) for a in places["anchors"]]
        self.fit = GridFit(anchors, self.projection, hexgrid.centre)
        self.grid = hexgrid.Grid(*self._ranges())
        south, north = ext["south"] - MARGIN_DEG, ext["north"] + MARGIN_DEG
        west, east = ext["west"] - MARGIN_DEG, ext["east"] + MARGIN_DEG
        self.surface = Surface(dataset.shorelines(game["resolution"], south, north, west, east), south, north, west, east)
        self.river_lines = dataset.rivers(game["resolution"], ext["south"], ext["north"], ext["west"], ext["east"])
        self.board = Board()
        self.locale_hex = {}

    # --- grid -------------------------------------------------------------------------
    def _ranges(self):
        ext = self.extent
        steps = np.linspace(0.0, 1.0, 41)
        lat = np.concatenate(
            [np.full(41, ext["south"]), np.full(41, ext["north"]), ext["south"] + steps * (ext["north"] - ext["south"]),
             ext["south"] + steps * (ext["north"] - ext["south"])])
        lon = np.concatenate(
            [ext["west"] + steps * (ext["east"] - ext["west"]), ext["west"] + steps * (ext["east"] - ext["west"]),
             np.full(41, ext["west"]), np.full(41, ext["east"])])
        sheet = self.fit.to_sheet(lat, lon)
        cols = sheet[:, 0] / hexgrid.COL_STEP
        rows = sheet[:, 1] / hexgrid.FLAT
        c0, c1 = max(1, int(math.ceil(cols.min()))), min(99, int(math.floor(cols.max())))
        r0, r1 = max(1, int(math.ceil(rows.min()))), min(99, int(math.floor(rows.max())))
        return list(range(c0, c1 + 1)), list(range(r0, r1 + 1))

    def hex_of(self, lat, lon):
        x, y = self.fit.to_sheet(lat, lon)[0]
        return self.grid.nearest_hex(x, y)

    def to_sheet_points(self, latlons):
        arr = np.asarray(latlons, dtype=np.float64)
        return [tuple(p) for p in self.fit.to_sheet(arr[:, 0], arr[:, 1])]

    # --- hexes ------------------------------------------------------------------------
    def classify_hexes(self):
        offsets = sample_offsets()
        xs, ys = [], []
        for c, r in self.grid.hexes:
            cx, cy = hexgrid.centre(c, r)
            for dx, dy in offsets:
                xs.append(cx + dx)
                ys.append(cy + dy)
        lat, lon = self.fit.to_geo(np.array(xs), np.array(ys))
        kinds = self.surface.classify(lat, lon).reshape(len(self.grid.hexes), len(offsets))
        lat = lat.reshape(kinds.shape)
        lon = lon.reshape(kinds.shape)
        self.hex_geo = {hx: (float(lat[i, 0]), float(lon[i, 0])) for i, hx in enumerate(self.grid.hexes)}
        forced_land = {a["hex"] for a in self.places["anchors"]} | {
            loc["hex"] for loc in self.places["locales"] if loc["hex"]}
        default = LAND_CODES[self.places["default_land"]]
        land_hexes = []
        for i, hx in enumerate(self.grid.hexes):
            row = kinds[i]
            water = int((row != LAND).sum())
            if water * 2 > len(row) and hx not in forced_land:
                kind = "lake" if (row == LAKE).sum() > (row == SEA).sum() else "sea"
                self.board.terrain[hx] = self.game["water_body"](lat[i, 0], lon[i, 0], kind)
            else:
                self.board.terrain[hx] = default
                land_hexes.append(i)
        for area in self.places["areas"]:
            code = LAND_CODES[area["terrain"]]
            for i in land_hexes:
                inside = point_in_polygon(lat[i], lon[i], area["polygon"])
                if inside.sum() * 2 > len(inside):
                    self.board.terrain[self.grid.hexes[i]] = code
        for code, (lat0, lon0) in sorted(self.game["required_lakes"].items()):
            if not any(t == code for t in self.board.terrain.values()):
                hx = self.hex_of(lat0, lon0)
                if self.grid.contains(hx) and hx not in forced_land:
                    self.board.terrain[hx] = code
                    self.board.notes.append(f"{hexgrid.hex_name(*hx)} made {self.game['codes'][code][1]} so that the lake shows")

    def is_land(self, hx):
        return self.grid.contains(hx) and self.board.terrain[hx].islower()

    # --- hexsides ---------------------------------------------------------------------
    def classify_sides(self):
        pairs = [s for s in self.grid.sides() if self.is_land(s[0]) and self.is_land(s[1])]
        xs, ys = [], []
        per = 0
        for a, b in pairs:
            p, q = (hexgrid.corner_xy(k) for k in self.grid.side_corners(a, b))
            (ax, ay), (bx, by) = hexgrid.centre(*a), hexgrid.centre(*b)
            pts = [(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t) for t in (0.15, 0.325, 0.5, 0.675, 0.85)]
            pts += [(ax + (bx - ax) * t, ay + (by - ay) * t) for t in (0.3, 0.4, 0.6, 0.7)]
            per = len(pts)
            xs += [x for x, _ in pts]
            ys += [y for _, y in pts]
        if not pairs:
            return
        lat, lon = self.fit.to_geo(np.array(xs), np.array(ys))
        kinds = self.surface.classify(lat, lon).reshape(len(pairs), per)
        for i, side in enumerate(pairs):
            row = kinds[i]
            water = int((row != LAND).sum())
            if water >= 4:
                self.board.sides[side] = ("sea", "") if (row == SEA).sum() >= (row == LAKE).sum() else ("lake", "")
        for line in self.river_lines:
            name = self.game["river_name"](float(line[len(line) // 2, 1]), float(line[len(line) // 2, 0]))
            points = self.to_sheet_points([(p[1], p[0]) for p in line])
            for side in self.grid.polyline_sides(points):
                if self.is_land(side[0]) and self.is_land(side[1]) and self.board.sides.get(side, ("",))[0] != "sea":
                    self.board.sides[side] = ("river", name)
        for line in self.places["lines"]:
            for side in self.grid.polyline_sides(self.to_sheet_points(line["points"])):
                self._set_side(side, line["kind"], line["name"])
        self._river_valleys()
        for entry in self.places["hexsides"]:
            a, b = entry["hexes"]
            if b not in hexgrid.neighbours(*a):
                raise SystemExit(f"hexside {hexgrid.hex_name(*a)}/{hexgrid.hex_name(*b)} joins hexes that are not adjacent")
            self._set_side(hexgrid.side_key(a, b), entry["kind"], entry["name"], forced=True)

    def _river_valleys(self):
        """Land along a named river is cultivated valley: it takes the valley terrain (EC: the
        Nile, a clear strip through the desert)."""
        valleys = self.game.get("river_valleys", {})
        for (a, b), (kind, name) in sorted(self.board.sides.items()):
            if kind == "river" and name in valleys:
                for hx in (a, b):
                    if self.board.terrain[hx] in valleys[name][1]:
                        self.board.terrain[hx] = valleys[name][0]

    def _set_side(self, side, kind, name, forced=False):
        if kind == "border":
            if self.grid.contains(side[0]) and self.grid.contains(side[1]):
                self.board.borders[side] = name
            return
        if forced and kind == "sea":
            # an explicit sea hexside: if either hex is already water it is shore anyway
            if self.is_land(side[0]) and self.is_land(side[1]):
                self.board.sides[side] = ("sea", name)
            return
        if self.is_land(side[0]) and self.is_land(side[1]):
            self.board.sides[side] = (kind, name)

    # --- locales, roads ---------------------------------------------------------------
    def land_hexes(self):
        return [hx for hx in self.grid.hexes if self.is_land(hx)]

    def nearest_land(self, hx, taken=()):
        x0, y0 = hexgrid.centre(*hx)
        best = None
        for cand in self.land_hexes():
            if cand in taken:
                continue
            x, y = hexgrid.centre(*cand)
            d = round((x - x0) ** 2 + (y - y0) ** 2, 4)
            if best is None or (d, cand) < best:
                best = (d, cand)
        return None if best is None else best[1]

    def place_locales(self):
        taken = {}
        ordered = sorted(self.places["locales"], key=lambda loc: (loc["hex"] is None, -loc["vp"], loc["name"]))
        for loc in ordered:
            if loc["hex"]:
                hx = loc["hex"]
                if hx in taken:
                    raise SystemExit(f"locales {taken[hx]} and {loc['name']} are both forced into {hexgrid.hex_name(*hx)}")
                if not self.grid.contains(hx):
                    raise SystemExit(f"locale {loc['name']}: {hexgrid.hex_name(*hx)} is outside the map")
            else:
                hx = self.hex_of(*loc["at"])
                if not self.is_land(hx) or hx in taken:
                    moved = self.nearest_land(hx, taken)
                    if moved is None:
                        raise SystemExit(f"locale {loc['name']}: no free land hex")
                    self.board.notes.append(
                        f"{loc['name']} moved from {hexgrid.hex_name(*hx)} to {hexgrid.hex_name(*moved)} "
                        f"({'shared with ' + taken[hx] if hx in taken else 'water there'})")
                    hx = moved
            taken[hx] = loc["name"]
            self.locale_hex[loc["name"]] = hx
            self.board.locales.append((hx, loc["kinds"], loc["vp"], loc["name"]))
        self.board.locales.sort()

    def passable(self, a, b):
        return self.board.sides.get(hexgrid.side_key(a, b), ("",))[0] != "sea"

    def land_path(self, start, goal, line):
        """Cheapest land path from start to goal, preferring hexes near the straight line."""
        import heapq

        (x0, y0), (x1, y1) = line

        def off_line(hx):
            x, y = hexgrid.centre(*hx)
            dx, dy = x1 - x0, y1 - y0
            length2 = dx * dx + dy * dy or 1.0
            t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / length2))
            return math.hypot(x - (x0 + t * dx), y - (y0 + t * dy))

        frontier = [(0.0, start)]
        cost = {start: 0.0}
        previous = {start: None}
        while frontier:
            c, here = heapq.heappop(frontier)
            if here == goal:
                break
            if c > cost[here]:
                continue
            for nxt in self.grid.grid_neighbours(here):
                if not self.is_land(nxt) or not self.passable(here, nxt):
                    continue
                step = round(1.0 + off_line(nxt) / 20.0, 6)
                total = round(c + step, 6)
                if nxt not in cost or (total, nxt) < (cost[nxt], nxt):
                    cost[nxt] = total
                    previous[nxt] = here
                    heapq.heappush(frontier, (total, nxt))
        if goal not in previous:
            return None
        path = [goal]
        while previous[path[-1]] is not None:
            path.append(previous[path[-1]])
        return path[::-1]

    def place_roads(self):
        for road in self.places["roads"]:
            hexes = []
            for point in road["via"]:
                hx = self.locale_hex[point] if isinstance(point, str) else self.hex_of(*point)
                if not self.is_land(hx):
                    hx = self.nearest_land(hx)
                if not hexes or hexes[-1] != hx:
                    hexes.append(hx)
            route = hexes[:1]
            for a, b in zip(hexes, hexes[1:]):
                leg = self.land_path(a, b, (hexgrid.centre(*a), hexgrid.centre(*b)))
                if leg is None:
                    raise SystemExit(f"road {road['name']}: no land path from {hexgrid.hex_name(*a)} to {hexgrid.hex_name(*b)}")
                route.extend(leg[1:])
            self.board.roads.append((road["name"], route))

    # --- islands, regions, boxes, sources ---------------------------------------------
    def land_components(self):
        seen, components = set(), []
        for hx in self.land_hexes():
            if hx in seen:
                continue
            part, queue = [], deque([hx])
            seen.add(hx)
            while queue:
                here = queue.popleft()
                part.append(here)
                for nxt in self.grid.grid_neighbours(here):
                    if nxt not in seen and self.is_land(nxt) and self.passable(here, nxt):
                        seen.add(nxt)
                        queue.append(nxt)
            components.append(sorted(part))
        return components

    def seed_hexes(self, region):
        hexes = []
        for seed in region["seeds"]:
            hx = self.locale_hex[seed] if isinstance(seed, str) else self.hex_of(*seed)
            if not self.is_land(hx):
                raise SystemExit(f"region {region['name']}: seed {seed} is not on a land hex")
            hexes.append(hx)
        return hexes

    def settle_islands(self):
        """Land cut off from every supply source by sea: tiny islands become water, larger ones
        are joined by a channel where a sea hexside touches the mainland; seeded regions stay."""
        source_hexes = {self.locale_hex[n] for names in self.places["sources"].values() for n in names}
        seeded = {hx for region in self.places["regions"] for hx in self.seed_hexes(region)}
        locale_hexes = {hx for hx, *_ in self.board.locales}
        for part in self.land_components():
            if source_hexes & set(part) or seeded & set(part):
                continue
            mainland = self._reachable(source_hexes | seeded)
            links = sorted(
                hexgrid.side_key(hx, n) for hx in part for n in self.grid.grid_neighbours(hx)
                if n in mainland and self.board.sides.get(hexgrid.side_key(hx, n), ("",))[0] == "sea")
            names = " ".join(hexgrid.hex_name(*hx) for hx in part)
            if links and (len(part) > 2 or locale_hexes & set(part)):
                self.board.sides[links[0]] = ("channel", "")
                self.board.notes.append(f"island {names}: joined to the mainland across channel {self.side_name(links[0])}")
            elif locale_hexes & set(part):
                raise SystemExit(f"island {names} holds a locale but touches no mainland hex")
            else:
                for hx in part:
                    self.board.terrain[hx] = self._surrounding_water(hx)
                    for n in self.grid.grid_neighbours(hx):
                        self.board.sides.pop(hexgrid.side_key(hx, n), None)
                        self.board.borders.pop(hexgrid.side_key(hx, n), None)
                self.board.notes.append(f"island {names}: too small to hold, drawn as water")

    def _reachable(self, starts):
        seen, queue = set(starts), deque(sorted(starts))
        while queue:
            here = queue.popleft()
            for nxt in self.grid.grid_neighbours(here):
                if nxt not in seen and self.is_land(nxt) and self.passable(here, nxt):
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    def _surrounding_water(self, hx):
        codes = sorted(self.board.terrain[n] for n in self.grid.grid_neighbours(hx) if not self.is_land(n))
        if not codes:
            return sorted(c for c, (kind, _) in self.game["codes"].items() if kind == "sea")[0]
        return max(sorted(set(codes)), key=codes.count)

    def side_name(self, side):
        return f"{hexgrid.hex_name(*side[0])}/{hexgrid.hex_name(*side[1])}"

    def fill_regions(self):
        owner = {}
        for region in self.places["regions"]:
            seeds = self.seed_hexes(region)
            self.board.regions[region["name"]] = list(seeds)
            queue = deque(seeds)
            for hx in seeds:
                if owner.get(hx, region["name"]) != region["name"]:
                    raise SystemExit(f"region {region['name']}: seed {hexgrid.hex_name(*hx)} lies in {owner[hx]}")
                owner[hx] = region["name"]
            while queue:
                here = queue.popleft()
                for nxt in self.grid.grid_neighbours(here):
                    side = hexgrid.side_key(here, nxt)
                    if not self.is_land(nxt) or not self.passable(here, nxt) or side in self.board.borders:
                        continue
                    if nxt in owner:
                        if owner[nxt] != region["name"]:
                            raise SystemExit(
                                f"regions {owner[nxt]} and {region['name']} meet at {self.side_name(side)}: "
                                "the border line leaves a gap")
                        continue
                    owner[nxt] = region["name"]
                    queue.append(nxt)
        for part in self.land_components():
            pending = [hx for hx in part if hx not in owner]
            while pending:
                # a piece no seed reaches (cut off by sea hexsides): it joins the nearest region
                hx = pending[0]
                x0, y0 = hexgrid.centre(*hx)
                nearest = min(
                    (round(math.hypot(hexgrid.centre(*o)[0] - x0, hexgrid.centre(*o)[1] - y0), 4), o) for o in owner)
                name = owner[nearest[1]]
                self.board.regions[name].append(hx)
                queue = deque([hx])
                owner[hx] = name
                while queue:
                    here = queue.popleft()
                    for nxt in self.grid.grid_neighbours(here):
                        side = hexgrid.side_key(here, nxt)
                        if nxt in owner or not self.is_land(nxt) or not self.passable(here, nxt):
                            continue
                        if side in self.board.borders:
                            continue
                        owner[nxt] = name
                        queue.append(nxt)
                pending = [h for h in pending if h not in owner]
        self.board.region_of = owner

    def edge_hexes(self, edge):
        cols, rows = self.grid.cols, self.grid.rows
        north_up = self.game["north"] == "up"
        found = set()
        for part in edge.split("-"):
            if north_up:
                line = {"north": ("row", rows[0]), "south": ("row", rows[-1]), "west": ("col", cols[0]),
                        "east": ("col", cols[-1])}[part]
            else:
                line = {"north": ("col", cols[-1]), "south": ("col", cols[0]), "west": ("row", rows[0]),
                        "east": ("row", rows[-1])}[part]
            axis, value = line
            found |= {hx for hx in self.grid.hexes if (hx[1] if axis == "row" else hx[0]) == value}
        return sorted(found)

    def place_boxes(self):
        for box in self.places["boxes"]:
            if "hexes" in box:
                entries = [tuple(int(h[i : i + 2]) for i in (0, 2)) for h in box["hexes"]]
            else:
                entries = [hx for hx in self.edge_hexes(box.get("edge", "")) if self.is_land(hx)]
                if box.get("region"):
                    entries = [hx for hx in entries if self.board.region_of.get(hx) == box["region"]]
                count = box.get("entry_count")
                if count is not None and len(entries) > count:
                    if "lat" in box:
                        x0, y0 = self.fit.to_sheet(box["lat"], box["lon"])[0]
                    else:
                        x0 = sum(hexgrid.centre(*hx)[0] for hx in entries) / len(entries)
                        y0 = sum(hexgrid.centre(*hx)[1] for hx in entries) / len(entries)
                    key = 1 if self.game["north"] == "up" else 0
                    entries.sort(key=lambda hx: (hx[0], hx[1]) if key == 1 else (hx[1], hx[0]))
                    best = None
                    for start in range(len(entries) - count + 1):
                        window = entries[start : start + count]
                        mx = sum(hexgrid.centre(*hx)[0] for hx in window) / count
                        my = sum(hexgrid.centre(*hx)[1] for hx in window) / count
                        d = round(math.hypot(mx - x0, my - y0), 4)
                        if best is None or d < best[0]:
                            best = (d, window)
                    entries = best[1]
                if count is not None and len(entries) != count:
                    raise SystemExit(f"box {box['id']}: {len(entries)} entry hexes on the {box.get('edge')} edge, "
                                     f"the rules want {count}")
            for hx in entries:
                if not self.is_land(hx):
                    raise SystemExit(f"box {box['id']}: entry hex {hexgrid.hex_name(*hx)} is not land")
            self.board.boxes.append((box["id"], box.get("name", box["id"]), list(box.get("props", [])), sorted(entries)))

    def place_sources(self):
        for side, names in self.places["sources"].items():
            self.board.sources[side] = sorted(self.locale_hex[n] for n in names)

    def run(self):
        self.classify_hexes()
        self.classify_sides()
        self.place_locales()
        self.settle_islands()
        self.place_roads()
        self.fill_regions()
        self.place_boxes()
        self.place_sources()
        return self.board

"""From a places file and the geographic dataset to a board: the steps, in order."""

import math

import numpy as np

from . import boxes, dataset, hexes, hexgrid, locales, regions, sides
from .fit import GridFit, LocalProjection
from .surface import LAKE, LAND, Surface, point_in_polygon

MARGIN_DEG = 2.0


class Board:
    """Everything the map file says, in (col, row) hexes."""

    def __init__(self):
        self.terrain = {}  # hex -> land code, water body code, or "." (not on the map)
        self.codes = {}  # water body code -> (kind, name)
        self.sides = {}  # hexside -> (kind, name) for water barriers
        self.borders = {}  # hexside -> name
        self.roads = []  # (name, [hexes])
        self.locales = []  # (hex, kinds, vp, name)
        self.regions = {}  # name -> [seed hexes]
        self.region_of = {}  # hex -> region name
        self.boxes = []  # (id, name, props, [hexes])
        self.sources = {}  # side -> [hexes]
        self.notes = []  # header lines: corrections the generator made

    def codes_kind(self, code):
        """The kind ("sea" or "lake") of a water body code; None for land or off-map."""
        return self.codes.get(code, (None,))[0]


class Generator:
    """The shared state of one game's generation: places, grid fit, geography and the board."""

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
        shores = dataset.shorelines(game["resolution"], south, north, west, east)
        self.surface = Surface(shores, south, north, west, east)
        self.river_lines = dataset.rivers(game["resolution"], ext["south"], ext["north"], ext["west"], ext["east"])
        self.board = Board()
        self.locale_hex = {}
        self.hex_geo = {}
        self.offmap_of = {}  # hex -> off-map area name
        self.land_samples = {}  # hex -> how many of its sample points are land
        self.forced_land = {a["hex"] for a in places["anchors"]} | {
            loc["hex"] for loc in places["locales"] if loc["hex"]}

    def _ranges(self):
        """Columns and rows of the sheet: of the bounding rectangle of the places file's
        lat/lon window on the sheet, the columns (then rows) at least half of whose hexes
        have their centres inside the window."""
        ext = self.extent
        steps = np.linspace(0.0, 1.0, 41)
        lats = ext["south"] + steps * (ext["north"] - ext["south"])
        lons = ext["west"] + steps * (ext["east"] - ext["west"])
        lat = np.concatenate([np.full(41, ext["south"]), np.full(41, ext["north"]), lats, lats])
        lon = np.concatenate([lons, lons, np.full(41, ext["west"]), np.full(41, ext["east"])])
        sheet = self.fit.to_sheet(lat, lon)
        cols = sheet[:, 0] / hexgrid.COL_STEP
        rows = sheet[:, 1] / hexgrid.FLAT
        cols = list(range(max(1, int(math.floor(cols.min()))), min(99, int(math.ceil(cols.max()))) + 1))
        rows = list(range(max(1, int(math.floor(rows.min()))), min(99, int(math.ceil(rows.max()))) + 1))
        inside = {}
        for c in cols:
            xs, ys = zip(*(hexgrid.centre(c, r) for r in rows))
            glat, glon = self.fit.to_geo(np.array(xs), np.array(ys))
            for r, la, lo in zip(rows, glat, glon):
                inside[(c, r)] = ext["south"] <= la <= ext["north"] and ext["west"] <= lo <= ext["east"]
        cols = [c for c in cols if 2 * sum(inside[(c, r)] for r in rows) >= len(rows)]
        rows = [r for r in rows if 2 * sum(inside[(c, r)] for c in cols) >= len(cols)]
        return list(range(cols[0], cols[-1] + 1)), list(range(rows[0], rows[-1] + 1))

    # --- shared queries ---------------------------------------------------------------
    def hex_of(self, lat, lon):
        """The grid position of a geographic point (possibly outside the grid)."""
        x, y = self.fit.to_sheet(lat, lon)[0]
        return self.grid.nearest_hex(x, y)

    def to_sheet_points(self, latlons):
        """Sheet km of a list of (lat, lon) points."""
        arr = np.asarray(latlons, dtype=np.float64)
        return [tuple(p) for p in self.fit.to_sheet(arr[:, 0], arr[:, 1])]

    def sample_kinds(self, lat, lon):
        """SEA/LAND/LAKE at points: the dataset, then the places file's lake polygons (old
        extents, lagoons), then its areas that replace modern water with land."""
        kinds = self.surface.classify(lat, lon)
        for body in self.places["waters"]:
            if body["kind"] == "lake" and body["polygon"]:
                kinds = np.where(point_in_polygon(lat, lon, body["polygon"]), LAKE, kinds)
        for area in self.places["areas"]:
            if area["replace_water"]:
                kinds = np.where(point_in_polygon(lat, lon, area["polygon"]), LAND, kinds)
        return kinds

    def is_land(self, hx):
        """Whether a grid position is a land hex of the map."""
        return self.grid.contains(hx) and self.board.terrain[hx].islower()

    def land_hexes(self):
        """Every land hex, in grid order."""
        return [hx for hx in self.grid.hexes if self.is_land(hx)]

    def passable(self, a, b):
        """Whether ground units can cross between two adjacent land hexes (no sea hexside)."""
        return self.board.sides.get(hexgrid.side_key(a, b), ("",))[0] != "sea"

    def nearest_land(self, hx, taken=()):
        """The land hex nearest to `hx` on the sheet, skipping `taken` ones."""
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

    def note(self, text):
        """Record an adjustment for the map header."""
        self.board.notes.append(text)

    def run(self):
        """All steps in order; the finished board."""
        hexes.classify(self)
        locales.place(self)
        hexes.claim_seed_land(self)
        sides.classify(self)
        regions.settle_islands(self)
        locales.place_roads(self)
        regions.fill(self)
        boxes.place(self)
        boxes.place_sources(self)
        return self.board

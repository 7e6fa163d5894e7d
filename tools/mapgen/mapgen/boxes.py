"""Off-map holding boxes (their entry hexes) and supply sources."""

import math

from . import hexgrid


def edge_hexes(g, edge):
    """Grid positions on a geographic map edge ("north", "south-east", ...)."""
    cols, rows = g.grid.cols, g.grid.rows
    if g.game["north"] == "up":
        lines = {"north": (1, rows[0]), "south": (1, rows[-1]), "west": (0, cols[0]), "east": (0, cols[-1])}
    else:
        lines = {"north": (0, cols[-1]), "south": (0, cols[0]), "west": (1, rows[0]), "east": (1, rows[-1])}
    found = set()
    for part in edge.split("-"):
        if part not in lines:
            raise SystemExit(f"unknown map edge `{edge}`")
        axis, value = lines[part]
        found |= {hx for hx in g.grid.hexes if hx[axis] == value}
    return sorted(found)


def candidates(g, box):
    """Land hexes bordering the box: next to its off-map area if it has one on the grid,
    else on its map edge; only in the box's region if it names one."""
    found = []
    if box.get("offmap"):
        area = {hx for hx, name in g.offmap_of.items() if name == box["offmap"]}
        found = sorted({n for hx in area for n in g.grid.grid_neighbours(hx) if g.is_land(n)})
    if not found:
        found = [hx for hx in edge_hexes(g, box.get("edge", "")) if g.is_land(hx)]
    if box.get("region"):
        found = [hx for hx in found if g.board.region_of.get(hx) == box["region"]]
    return found


def place(g):
    """Entry hexes of every box of the places file."""
    for box in g.places["boxes"]:
        if "hexes" in box:
            entries = sorted((int(h[:2]), int(h[2:])) for h in box["hexes"])
        else:
            entries = candidates(g, box)
            count = box.get("entry_count")
            if count is not None and len(entries) > count:
                centre = box.get("entry_center")
                if centre is None:
                    raise SystemExit(f"box {box['id']}: more edge hexes than entry_count and no entry_center")
                x0, y0 = g.fit.to_sheet(*centre)[0]
                entries = sorted(entries, key=lambda hx: (round(math.hypot(hexgrid.centre(*hx)[0] - x0,
                                                                           hexgrid.centre(*hx)[1] - y0), 4), hx))
                entries = sorted(entries[:count])
            if count is not None and len(entries) != count:
                raise SystemExit(f"box {box['id']}: {len(entries)} entry hexes found, the rules want {count}")
        for hx in entries:
            if not g.is_land(hx):
                raise SystemExit(f"box {box['id']}: entry hex {hexgrid.hex_name(*hx)} is not land")
        g.board.boxes.append((box["id"], box.get("name", box["id"]), list(box.get("props", [])), entries))


def place_sources(g):
    """Supply source hexes per side, from the locales the places file names."""
    for side, names in g.places["sources"].items():
        g.board.sources[side] = sorted(g.locale_hex[n] for n in names)

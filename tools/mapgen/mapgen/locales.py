"""Placing locales (towns, cities, ports, fortresses, ruins) and roads on land hexes."""

import heapq
import math

from . import hexes, hexgrid


def place(g):
    """Forced hexes first, then by VP and name. A locale whose hex came out as water but holds
    some land (an island or a cape) makes it land; otherwise a locale on water or in a taken hex
    moves to the nearest free land hex (noted in the header)."""
    taken = {}
    ordered = sorted(g.places["locales"], key=lambda loc: (loc["hex"] is None, -loc["vp"], loc["name"]))
    for loc in ordered:
        if loc["hex"]:
            hx = loc["hex"]
            if hx in taken:
                raise SystemExit(f"locales {taken[hx]} and {loc['name']} are both forced into {hexgrid.hex_name(*hx)}")
            if not g.grid.contains(hx):
                raise SystemExit(f"locale {loc['name']}: {hexgrid.hex_name(*hx)} is outside the map")
        else:
            hx = g.hex_of(*loc["at"])
            if g.grid.contains(hx) and hx not in taken and g.board.terrain[hx] != "." and not g.is_land(hx) \
                    and g.land_samples[hx] > 0:
                hexes.make_land(g, hx)
                g.note(f"{hexgrid.hex_name(*hx)} made land for {loc['name']} (mostly water at this scale)")
            if not g.is_land(hx) or hx in taken:
                moved = g.nearest_land(hx, taken)
                if moved is None:
                    raise SystemExit(f"locale {loc['name']}: no free land hex")
                why = f"shared with {taken[hx]}" if hx in taken else "not land there"
                g.note(f"{loc['name']} moved from {hexgrid.hex_name(*hx)} to {hexgrid.hex_name(*moved)} ({why})")
                hx = moved
        if "port" in loc["kinds"] and not loc["hex"] and not on_sea(g, hx):
            shore = nearest_shore(g, hx, taken)
            if shore is None:
                raise SystemExit(f"port {loc['name']}: no free coastal hex near {hexgrid.hex_name(*hx)}")
            g.note(f"{loc['name']} moved from {hexgrid.hex_name(*hx)} to {hexgrid.hex_name(*shore)} "
                   "(a port on the coast)")
            hx = shore
        taken[hx] = loc["name"]
        g.locale_hex[loc["name"]] = hx
        g.board.locales.append((hx, loc["kinds"], loc["vp"], loc["name"]))
    g.board.locales.sort()


def on_sea(g, hx):
    """Whether a land hex touches an all-sea hex (rule 10.3: ports lie on the shore)."""
    return any(g.grid.contains(n) and g.board.codes_kind(g.board.terrain[n]) == "sea"
               for n in hexgrid.neighbours(*hx))


def nearest_shore(g, hx, taken):
    """The nearest free land hex within two hexes that touches the sea."""
    x0, y0 = hexgrid.centre(*hx)
    found = [(round(math.hypot(hexgrid.centre(*c)[0] - x0, hexgrid.centre(*c)[1] - y0), 4), c)
             for c in g.land_hexes() if c not in taken and on_sea(g, c)]
    found = [f for f in found if f[0] <= 2.1 * hexgrid.FLAT]
    return min(found)[1] if found else None


def place_roads(g):
    """Each road runs through the hexes of its waypoints, joined by land paths that keep close
    to the straight line between them and never cross a sea hexside."""
    for road in g.places["roads"]:
        stops = []
        for point in road["via"]:
            hx = g.locale_hex[point] if isinstance(point, str) else g.hex_of(*point)
            if not g.is_land(hx):
                hx = g.nearest_land(hx)
            if not stops or stops[-1] != hx:
                stops.append(hx)
        if len(stops) < 2:
            g.note(f"road {road['name']}: shorter than one hex, left out")
            continue
        route = stops[:1]
        for a, b in zip(stops, stops[1:]):
            leg = land_path(g, a, b) or ferry_path(g, a, b, road["name"])
            if leg is None:
                raise SystemExit(
                    f"road {road['name']}: no land path from {hexgrid.hex_name(*a)} to {hexgrid.hex_name(*b)}")
            route.extend(leg[1:])
        g.board.roads.append((road["name"], without_loops(route, set(g.locale_hex.values()))))


def without_loops(route, keep):
    """Cut out a detour that comes back to a hex already on the road, unless a locale lies on it."""
    out = []
    for hx in route:
        if hx in out:
            cut = out.index(hx)
            if not keep & set(out[cut + 1:]):
                out = out[: cut + 1]
                continue
        out.append(hx)
    return out


def ferry_path(g, start, goal, name):
    """A road the sampling cut with a sea hexside (a strait it crossed by ferry or over the
    ice): the hexsides it must cross become channels."""
    leg = land_path(g, start, goal, sea_cost=5.0)
    if leg is None:
        return None
    for a, b in zip(leg, leg[1:]):
        side = hexgrid.side_key(a, b)
        if not g.passable(a, b):
            g.board.sides[side] = ("channel", "")
            g.note(f"road {name}: crosses {hexgrid.hex_name(*side[0])}/{hexgrid.hex_name(*side[1])}, "
                   "made a channel")
    return leg


def land_path(g, start, goal, sea_cost=None):
    """Cheapest path over land hexes; each step costs 1 plus its distance from the straight
    line (in hexes), so the road follows its waypoints. Sea hexsides are closed unless given a
    cost."""
    (x0, y0), (x1, y1) = hexgrid.centre(*start), hexgrid.centre(*goal)
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy or 1.0

    def off_line(hx):
        x, y = hexgrid.centre(*hx)
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / length2))
        return math.hypot(x - (x0 + t * dx), y - (y0 + t * dy))

    frontier = [(0.0, start)]
    cost = {start: 0.0}
    previous = {start: None}
    while frontier:
        spent, here = heapq.heappop(frontier)
        if here == goal:
            break
        if spent > cost[here]:
            continue
        for nxt in g.grid.grid_neighbours(here):
            if not g.is_land(nxt):
                continue
            extra = 0.0 if g.passable(here, nxt) else sea_cost
            if extra is None:
                continue
            total = round(spent + 1.0 + extra + off_line(nxt) / hexgrid.FLAT, 6)
            if nxt not in cost or total < cost[nxt]:
                cost[nxt] = total
                previous[nxt] = here
                heapq.heappush(frontier, (total, nxt))
    if goal not in previous:
        return None
    path = [goal]
    while previous[path[-1]] is not None:
        path.append(previous[path[-1]])
    return path[::-1]

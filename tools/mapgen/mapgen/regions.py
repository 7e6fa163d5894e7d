"""Land cut off by sea, and regions: flood fill from seeds, stopping at borders and sea hexsides."""

import math
from collections import deque

from . import hexgrid


def components(g):
    """Groups of land hexes joined without crossing a sea hexside, each sorted."""
    seen, found = set(), []
    for hx in g.land_hexes():
        if hx not in seen:
            part = sorted(reachable(g, [hx]))
            seen.update(part)
            found.append(part)
    return found


def reachable(g, starts):
    """Land hexes reachable from `starts` without crossing a sea hexside."""
    seen, queue = set(starts), deque(sorted(starts))
    while queue:
        here = queue.popleft()
        for nxt in g.grid.grid_neighbours(here):
            if nxt not in seen and g.is_land(nxt) and g.passable(here, nxt):
                seen.add(nxt)
                queue.append(nxt)
    return seen


def seed_hexes(g, region, quiet=False):
    """The land hexes of a region's seeds; seeds that fell on water are dropped (and noted,
    unless `quiet`)."""
    found = []
    for seed in region["seeds"]:
        hx = g.locale_hex[seed] if isinstance(seed, str) else g.hex_of(*seed)
        if g.is_land(hx):
            found.append(hx)
        elif not quiet:
            g.note(f"region {region['name']}: seed {seed} is not on a land hex, dropped")
    if not found and not quiet:
        raise SystemExit(f"region {region['name']}: no seed on land")
    return found


def settle_islands(g):
    """Every land hex must be reachable over land from a supply source, except the islands of
    a region the game keeps apart on purpose (RSW: the Aland Isles). Other islands are joined
    to the mainland by a channel where a sea hexside touches it, or drawn as water."""
    sources = {g.locale_hex[n] for names in g.places["sources"].values() for n in names}
    apart = set()
    for region in g.places["regions"]:
        if region["name"] in g.game["isolated_regions"]:
            apart.update(seed_hexes(g, region, quiet=True))
    locale_hexes = {hx for hx, *_ in g.board.locales}
    for part in components(g):
        if sources & set(part) or apart & set(part):
            continue
        mainland = reachable(g, sources)
        links = sorted(
            hexgrid.side_key(hx, n) for hx in part for n in g.grid.grid_neighbours(hx)
            if n in mainland and g.board.sides.get(hexgrid.side_key(hx, n), ("",))[0] == "sea")
        names = " ".join(hexgrid.hex_name(*hx) for hx in part)
        if links and (len(part) > 2 or locale_hexes & set(part)):
            g.board.sides[links[0]] = ("channel", "")
            g.note(f"island {names}: joined to the mainland across channel {side_name(links[0])}")
        elif locale_hexes & set(part):
            raise SystemExit(f"island {names} holds a locale but no sea hexside joins it to the mainland")
        else:
            for hx in part:
                g.board.terrain[hx] = surrounding_water(g, hx)
                for n in g.grid.grid_neighbours(hx):
                    g.board.sides.pop(hexgrid.side_key(hx, n), None)
            g.note(f"island {names}: out of reach over land, drawn as water")


def surrounding_water(g, hx):
    """The commonest water body around a hex (for an island drawn as water)."""
    codes = sorted(g.board.terrain[n] for n in g.grid.grid_neighbours(hx) if n in g.grid.members
                   and not g.is_land(n) and g.board.terrain[n] != ".")
    if not codes:
        return sorted(c for c, (kind, _) in g.board.codes.items() if kind == "sea")[0]
    return max(sorted(set(codes)), key=codes.count)


def side_name(side):
    """AAAA/BBBB of a hexside."""
    return f"{hexgrid.hex_name(*side[0])}/{hexgrid.hex_name(*side[1])}"


def fill(g):
    """Flood fill each region from its seeds; two regions meeting means a gap in a border line.
    Land no seed reaches (cut off by sea hexsides) joins the nearest region and seeds it."""
    owner = {}
    for region in g.places["regions"]:
        name = region["name"]
        seeds = seed_hexes(g, region)
        g.board.regions[name] = sorted(set(seeds))
        for hx in seeds:
            if owner.get(hx, name) != name:
                raise SystemExit(f"region {name}: seed {hexgrid.hex_name(*hx)} lies in {owner[hx]}")
            owner[hx] = name
        spread(g, owner, seeds, name)
    for hx in g.land_hexes():
        if hx in owner:
            continue
        x0, y0 = hexgrid.centre(*hx)
        _, nearest = min((round(math.hypot(hexgrid.centre(*o)[0] - x0, hexgrid.centre(*o)[1] - y0), 4), o)
                         for o in owner)
        name = owner[nearest]
        g.board.regions[name].append(hx)
        owner[hx] = name
        spread(g, owner, [hx], name)
    g.board.region_of = owner
    close_borders(g, owner)
    for loc in g.places["locales"]:
        hx = g.locale_hex[loc["name"]]
        if loc.get("region") and owner.get(hx) != loc["region"]:
            raise SystemExit(f"locale {loc['name']} ({hexgrid.hex_name(*hx)}) should lie in {loc['region']}, "
                             f"the region fill puts it in {owner.get(hx)}")


def close_borders(g, owner):
    """Where two regions meet across a hexside that is neither sea nor border (RSW: a channel
    between the Aland Isles and Finland), the hexside becomes a border between them, so that
    the map loader's own flood fill finds the same regions."""
    for a, b in g.grid.sides():
        if a in owner and b in owner and owner[a] != owner[b]:
            side = (a, b)
            if g.passable(a, b) and side not in g.board.borders:
                g.board.borders[side] = "/".join(sorted((owner[a], owner[b])))


def stops_region(g, side):
    """Whether a region's flood fill stops at this hexside."""
    kind = g.board.sides.get(side, ("",))[0]
    return kind == "sea" or side in g.board.borders or (kind == "channel" and g.game["channels_split_regions"])


def spread(g, owner, starts, name):
    """Flood fill one region from `starts`; meeting another region is an error."""
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for nxt in g.grid.grid_neighbours(here):
            side = hexgrid.side_key(here, nxt)
            if not g.is_land(nxt) or stops_region(g, side):
                continue
            if nxt in owner:
                if owner[nxt] != name:
                    raise SystemExit(f"regions {owner[nxt]} and {name} meet across {side_name(side)}: "
                                     "the border line leaves a gap")
                continue
            owner[nxt] = name
            queue.append(nxt)

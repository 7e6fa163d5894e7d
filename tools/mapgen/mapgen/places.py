"""Loading a places file (tools/mapgen/places/<game>.toml): anchors, locales, roads, lines,
hexsides, areas, regions, boxes, sources and the map extent."""

import tomllib

LOCALE_KINDS = {"town", "city", "port", "fortress", "ruins"}
LINE_KINDS = {"river", "canal", "lake", "wadi", "channel", "sea", "border"}
LAND_CODES = {"clear": "c", "forest": "f", "swamp": "s", "mud": "m", "hills": "h", "desert": "d"}


class PlacesError(Exception):
    """A places file that the generator cannot use, with the entry at fault."""


def _hex(text, where):
    if not (isinstance(text, str) and len(text) == 4 and text.isdigit()):
        raise PlacesError(f"{where}: `{text}` is not a four-digit hex number")
    return int(text[:2]), int(text[2:])


def _latlon(entry, where):
    try:
        lat, lon = float(entry["lat"]), float(entry["lon"])
    except (KeyError, TypeError, ValueError) as err:
        raise PlacesError(f"{where}: needs numeric lat and lon ({err})") from err
    return lat, lon


def _pairs(points, where):
    try:
        return [(float(p[0]), float(p[1])) for p in points]
    except (TypeError, ValueError, IndexError) as err:
        raise PlacesError(f"{where}: points must be [lat, lon] pairs ({err})") from err


def load(path):
    """The places file at `path` as a plain dict of checked entries."""
    try:
        with open(path, "rb") as handle:
            raw = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise PlacesError(f"{path}: {err}") from err
    places = {"game": raw.get("game", ""), "path": str(path)}

    anchors = []
    for i, entry in enumerate(raw.get("anchor", [])):
        where = f"{path}: anchor {i + 1}"
        anchors.append(
            {"name": entry.get("name", ""), "hex": _hex(entry.get("hex"), where), "at": _latlon(entry, where)})
    if len(anchors) < 3:
        raise PlacesError(f"{path}: at least three anchors are needed to fit the grid")
    places["anchors"] = anchors

    locales = []
    for i, entry in enumerate(raw.get("locale", [])):
        where = f"{path}: locale {entry.get('name', i + 1)}"
        kinds = entry.get("kinds", [])
        if not kinds or any(k not in LOCALE_KINDS for k in kinds):
            raise PlacesError(f"{where}: kinds must be among {sorted(LOCALE_KINDS)}")
        vp = entry.get("vp", 0)
        if not isinstance(vp, int) or vp < 0:
            raise PlacesError(f"{where}: vp must be a whole number")
        forced = _hex(entry["hex"], where) if "hex" in entry else None
        at = _latlon(entry, where) if "lat" in entry or forced is None else None
        locales.append({"name": entry.get("name", ""), "kinds": list(kinds), "vp": vp, "hex": forced, "at": at,
                        "region": entry.get("region")})
    names = [loc["name"] for loc in locales]
    if len(set(names)) != len(names):
        raise PlacesError(f"{path}: two locales share a name")
    places["locales"] = locales

    roads = []
    for i, entry in enumerate(raw.get("road", [])):
        where = f"{path}: road {entry.get('name', i + 1)}"
        via = []
        for point in entry.get("via", []):
            if isinstance(point, str):
                if point not in names:
                    raise PlacesError(f"{where}: no locale named `{point}`")
                via.append(point)
            else:
                via.append(_latlon(point, where))
        if len(via) < 2:
            raise PlacesError(f"{where}: a road needs two waypoints")
        roads.append({"name": entry.get("name", f"road {i + 1}"), "via": via})
    places["roads"] = roads

    lines = []
    for i, entry in enumerate(raw.get("line", [])):
        where = f"{path}: line {entry.get('name', i + 1)}"
        if entry.get("kind") not in LINE_KINDS:
            raise PlacesError(f"{where}: kind must be among {sorted(LINE_KINDS)}")
        points = _pairs(entry.get("points", []), where)
        if len(points) < 2:
            raise PlacesError(f"{where}: a line needs two points")
        lines.append({"kind": entry["kind"], "name": entry.get("name", ""), "points": points})
    places["lines"] = lines

    sides = []
    for i, entry in enumerate(raw.get("hexside", [])):
        where = f"{path}: hexside entry {i + 1}"
        if entry.get("kind") not in LINE_KINDS:
            raise PlacesError(f"{where}: kind must be among {sorted(LINE_KINDS)}")
        for text in entry.get("hexsides", []):
            if not isinstance(text, str) or "/" not in text:
                raise PlacesError(f"{where}: `{text}` is not AAAA/BBBB")
            a, b = text.split("/", 1)
            hexes = (_hex(a, where), _hex(b, where))
            sides.append({"kind": entry["kind"], "name": entry.get("name", ""), "hexes": hexes})
    places["hexsides"] = sides

    default_land = raw.get("default_land", "clear")
    if default_land not in LAND_CODES:
        raise PlacesError(f"{path}: default_land must be among {sorted(LAND_CODES)}")
    places["default_land"] = default_land
    areas = []
    for i, entry in enumerate(raw.get("area", [])):
        where = f"{path}: area {entry.get('name', i + 1)}"
        if entry.get("terrain") not in LAND_CODES:
            raise PlacesError(f"{where}: terrain must be among {sorted(LAND_CODES)}")
        ring = _pairs(entry.get("polygon", []), where)
        if len(ring) < 3:
            raise PlacesError(f"{where}: a polygon needs three points")
        areas.append({"terrain": entry["terrain"], "name": entry.get("name", ""), "polygon": ring,
                      "replace_water": bool(entry.get("replace_water", False))})
    places["areas"] = areas

    waters = []
    for i, entry in enumerate(raw.get("water", [])):
        where = f"{path}: water {entry.get('name', i + 1)}"
        code = entry.get("code", "")
        if entry.get("kind") not in ("sea", "lake"):
            raise PlacesError(f"{where}: kind must be sea or lake")
        if not (isinstance(code, str) and len(code) == 1 and (code.isupper() or code.isdigit())):
            raise PlacesError(f"{where}: code must be one upper-case letter or digit")
        if not entry.get("name"):
            raise PlacesError(f"{where}: a water body needs a name")
        seeds = _pairs(entry.get("seeds", []), where)
        polygon = _pairs(entry["polygon"], where) if "polygon" in entry else None
        if not seeds and not polygon:
            raise PlacesError(f"{where}: a water body needs seeds or a polygon")
        waters.append({"kind": entry["kind"], "name": entry["name"], "code": code, "seeds": seeds, "polygon": polygon})
    if len({w["code"] for w in waters}) != len(waters):
        raise PlacesError(f"{path}: two water bodies share a code")
    places["waters"] = waters

    offmap = []
    for i, entry in enumerate(raw.get("offmap", [])):
        where = f"{path}: offmap {entry.get('name', i + 1)}"
        ring = _pairs(entry.get("polygon", []), where)
        if len(ring) < 3 or not entry.get("name"):
            raise PlacesError(f"{where}: an off-map area needs a name and a polygon")
        offmap.append({"name": entry["name"], "polygon": ring})
    places["offmap"] = offmap

    regions = []
    for i, entry in enumerate(raw.get("region", [])):
        where = f"{path}: region {entry.get('name', i + 1)}"
        seeds = []
        for seed in entry.get("seeds", []):
            if isinstance(seed, str):
                if seed not in names:
                    raise PlacesError(f"{where}: no locale named `{seed}`")
                seeds.append(seed)
            else:
                seeds.append(_latlon(seed, where) if isinstance(seed, dict) else _pairs([seed], where)[0])
        if not entry.get("name") or not seeds:
            raise PlacesError(f"{where}: a region needs a name and seeds")
        regions.append({"name": entry["name"], "seeds": seeds})
    places["regions"] = regions

    boxes = []
    for i, entry in enumerate(raw.get("box", [])):
        where = f"{path}: box {entry.get('id', i + 1)}"
        if not entry.get("id"):
            raise PlacesError(f"{where}: a box needs an id")
        box = dict(entry)
        if "entry_center" in box:
            box["entry_center"] = _latlon(box["entry_center"], where)
        if box.get("offmap") and box["offmap"] not in {area["name"] for area in offmap}:
            raise PlacesError(f"{where}: no off-map area named `{box['offmap']}`")
        boxes.append(box)
    places["boxes"] = boxes

    sources = {}
    for side, locs in raw.get("sources", {}).items():
        for name in locs:
            if name not in names:
                raise PlacesError(f"{path}: source `{name}` of {side} is not a locale")
        sources[side] = list(locs)
    places["sources"] = sources

    extent = raw.get("extent", {})
    try:
        places["extent"] = {k: float(extent[k]) for k in ("south", "north", "west", "east")}
    except (KeyError, TypeError, ValueError) as err:
        raise PlacesError(f"{path}: [extent] needs south, north, west and east ({err})") from err
    return places

#!/usr/bin/env python3
"""Check the places files against the facts the FNC rules state.

Usage: python3 tools/mapgen/places/check.py   (exit status 1 and one line per fault if any)

Checks, per game: the file parses as TOML; names used by roads, regions, sources and boxes
are locales; every anchor is the hex of the locale of the same name (EC's Marabout beach is
the one anchor without a locale); the locale VP totals of 14.1 / 15.1 and the fixed VP of
14.2 / 15.2; the supply sources of 12.5-12.8; the box entry counts of 8.6; coordinates lie
near the map extent; polygons and lines have enough points.
"""

import os
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))

# Facts from the rules (see /work/shared/rules/README.md of the project's rules folder).
RULES = {
    "ec": {
        "anchors": {"1127": "Alexandria", "1028": "Marabout", "1227": "Aboukir", "1833": "Cairo",
                    "1444": "El Minya", "3127": "El Arish", "3623": "Jaffa", "3718": "Acre", "4213": "Damascus"},
        "anchors_without_locale": {"Marabout"},
        # 14.1: the French start with the VP of their three start hexes (3), the Ottomans with the rest (31)
        "vp_groups": {"french start hexes": ({"1028", "1127", "1227"}, 3)},
        "vp_rest": 31,
        "fixed_vp": {"Alexandria": 2, "Gaza": 1},  # 14.2
        "sources": {"french": ["Alexandria"], "ottoman": ["Cairo", "El Minya", "Jaffa", "Acre", "Damascus"]},
        "fortresses": ["Alexandria", "El Arish", "Jaffa", "Acre", "Damascus"],  # 3.1, 3.2
        "box_entries": {"anatolia": 4, "upper-egypt": 15},  # 8.6
        "regions": {"Egypt", "Syria-Palestine"},
    },
    "rsw": {
        "anchors": {"1210": "Sveaborg", "1309": "Helsingfors", "1311": "Svartholma", "1708": "Hameenlina",
                    "3510": "Oulu", "3808": "Tornia", "1515": "Vyborg", "1318": "To St. Petersburg"},
        "anchors_without_locale": set(),
        # 15.1: Russia starts with 7 VP (its territory), Sweden with 30 (Finland and the Aland Isles)
        "vp_regions": {"Russia": 7, "Finland+Aland Isles": 30},
        "fixed_vp": {"Vyborg": 2, "Hango": 1},  # 15.2
        "sources": {"russian": ["Vyborg", "To St. Petersburg"], "swedish": ["Sveaborg", "Tornia", "Oulu", "Hameenlina"]},
        "fortresses": ["Sveaborg", "Svartholma", "Hameenlina", "Oulu", "Tornia", "Vyborg", "To St. Petersburg"],
        "box_entries": {},
        "regions": {"Finland", "Aland Isles", "Russia"},
    },
}


def check(game):
    """The faults of one places file, as a list of strings."""
    path = os.path.join(HERE, f"{game}.toml")
    faults = []
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as err:
        return [f"{path}: {err}"]
    facts = RULES[game]
    locales = {entry["name"]: entry for entry in data.get("locale", [])}
    if len(locales) != len(data.get("locale", [])):
        faults.append("two locales share a name")

    def known(name, where):
        if isinstance(name, str) and name not in locales:
            faults.append(f"{where}: no locale named `{name}`")

    for road in data.get("road", []):
        if len(road.get("via", [])) < 2:
            faults.append(f"road {road.get('name')}: fewer than two waypoints")
        for point in road.get("via", []):
            known(point, f"road {road.get('name')}")
    for region in data.get("region", []):
        for seed in region.get("seeds", []):
            known(seed, f"region {region.get('name')}")
    declared_regions = {region.get("name") for region in data.get("region", [])}
    if declared_regions != facts["regions"]:
        faults.append(f"regions are {sorted(declared_regions)}, expected {sorted(facts['regions'])}")

    # anchors: the rules' hexes, each the forced hex of the locale of the same name
    anchors = {entry["hex"]: entry for entry in data.get("anchor", [])}
    for hex_id, name in facts["anchors"].items():
        anchor = anchors.get(hex_id)
        if anchor is None or anchor.get("name") != name:
            faults.append(f"anchor {hex_id} should be {name}")
            continue
        if name in facts["anchors_without_locale"]:
            continue
        locale = locales.get(name)
        if locale is None or locale.get("hex") != hex_id:
            faults.append(f"locale {name} must be forced into anchor hex {hex_id}")
        elif (locale["lat"], locale["lon"]) != (anchor["lat"], anchor["lon"]):
            faults.append(f"locale {name} and its anchor give different coordinates")

    # VP
    for name, vp in facts["fixed_vp"].items():
        if locales.get(name, {}).get("vp") != vp:
            faults.append(f"{name} must be worth {vp} VP")
    for entry in locales.values():
        if "ruins" in entry.get("kinds", []) and entry.get("kinds") == ["ruins"] and entry.get("vp", 0) != 0:
            faults.append(f"ruins {entry['name']} carry locale VP")
        if entry.get("region") not in facts["regions"]:
            faults.append(f"locale {entry['name']}: region `{entry.get('region')}` unknown")
    if "vp_groups" in facts:
        grouped = set()
        for label, (hexes, total) in facts["vp_groups"].items():
            found = sum(e.get("vp", 0) for e in locales.values() if e.get("hex") in hexes)
            grouped |= {e["name"] for e in locales.values() if e.get("hex") in hexes}
            if found != total:
                faults.append(f"{label}: {found} VP, rules say {total}")
        rest = sum(e.get("vp", 0) for e in locales.values() if e["name"] not in grouped)
        if rest != facts["vp_rest"]:
            faults.append(f"all other locales: {rest} VP, rules say {facts['vp_rest']}")
    if "vp_regions" in facts:
        for label, total in facts["vp_regions"].items():
            members = set(label.split("+"))
            found = sum(e.get("vp", 0) for e in locales.values() if e.get("region") in members)
            if found != total:
                faults.append(f"{label}: {found} VP, rules say {total}")

    for name in facts["fortresses"]:
        if "fortress" not in locales.get(name, {}).get("kinds", []):
            faults.append(f"{name} must be a fortress")
    sources = data.get("sources", {})
    for side, names in facts["sources"].items():
        if sorted(sources.get(side, [])) != sorted(names):
            faults.append(f"{side} sources are {sources.get(side)}, rules say {names}")

    boxes = {box.get("id"): box for box in data.get("box", [])}
    for box_id, count in facts["box_entries"].items():
        if boxes.get(box_id, {}).get("entry_count") != count:
            faults.append(f"box {box_id} must have {count} entry hexes")
    offmap = {area.get("name") for area in data.get("offmap", [])}
    for box in boxes.values():
        if "supply" not in box.get("props", []):
            faults.append(f"box {box.get('id')}: holding boxes are supplied (8.6, 8.9, 8.10)")
        if box.get("offmap") and box["offmap"] not in offmap:
            faults.append(f"box {box.get('id')}: no off-map area `{box['offmap']}`")

    # geometry: points near the extent, polygons closed rings of 3+ points
    extent = data.get("extent", {})
    margin = 1.5

    def near(lat, lon, where):
        if not (extent["south"] - margin <= lat <= extent["north"] + margin
                and extent["west"] - margin <= lon <= extent["east"] + margin):
            faults.append(f"{where}: ({lat}, {lon}) is far outside the map extent")

    for entry in list(locales.values()) + data.get("anchor", []):
        near(entry["lat"], entry["lon"], entry["name"])
    for kind in ("area", "offmap", "water"):
        for entry in data.get(kind, []):
            ring = entry.get("polygon")
            if ring is not None and len(ring) < 3:
                faults.append(f"{kind} {entry.get('name')}: polygon of fewer than 3 points")
    for entry in data.get("line", []):
        if len(entry.get("points", [])) < 2:
            faults.append(f"line {entry.get('name')}: fewer than two points")
        for lat, lon in entry.get("points", []):
            near(lat, lon, f"line {entry.get('name')}")
    return [f"{game}: {fault}" for fault in faults]


def main():
    faults = check("ec") + check("rsw")
    for fault in faults:
        print(fault)
    if faults:
        sys.exit(1)
    print("places files ok: ec, rsw")


if __name__ == "__main__":
    main()

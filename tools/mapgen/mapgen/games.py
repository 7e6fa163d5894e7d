"""What differs between the two games: titles, sheet orientation, water bodies, river names.

Water bodies are decided per all-water hex from the geographic point at its centre:
`water_body(lat, lon, surface_kind)` returns a code declared in `codes`.
"""

EC = {
    "game": "ec",
    "title": "The Egyptian Campaign, 1798-99",
    "north": "up",
    "resolution": "i",
    "codes": {
        "M": ("sea", "Mediterranean"),
        "G": ("sea", "Gulfs of Suez and Aqaba"),
        "B": ("lake", "Lake Bourlos"),
        "Z": ("lake", "Lake Menzoleh"),
        "K": ("lake", "Lake Mareotis"),
        "Q": ("lake", "Lake Qarun"),
        "T": ("lake", "Bitter Lakes and Lake Timsah"),
        "D": ("lake", "Dead Sea"),
        "J": ("lake", "Sea of Galilee"),
        "L": ("lake", "Other lakes"),
    },
    # Coastal lagoons GSHHS draws as part of the sea, and lakes: (code, south, north, west, east)
    "lake_windows": [
        ("B", 31.25, 31.65, 30.45, 31.20),
        ("Z", 30.95, 31.50, 31.72, 32.32),
        ("K", 30.95, 31.25, 29.60, 30.10),
        ("Q", 29.35, 29.60, 30.35, 30.90),
        ("T", 30.20, 30.65, 32.20, 32.60),
        ("D", 30.90, 31.80, 35.30, 35.65),
        ("J", 32.60, 33.00, 35.45, 35.75),
    ],
    # Lakes that must appear as at least one all-lake hex: code -> (lat, lon) of a point inside.
    "required_lakes": {"B": (31.45, 30.80), "Z": (31.25, 32.05)},
    "river_name": lambda lat, lon: "Nile" if lon < 32.4 and lat < 31.7 else "",
    # river name -> (terrain of the hexes along it, terrains it replaces)
    "river_valleys": {"Nile": ("c", ("d",))},
}


def ec_water_body(lat, lon, kind):
    """Mediterranean, or the gulfs south of Suez; lakes by window."""
    for code, south, north, west, east in EC["lake_windows"]:
        if south <= lat <= north and west <= lon <= east:
            return code
    if kind == "lake":
        return "L"
    return "G" if lat < 30.05 and lon > 32.2 else "M"


EC["water_body"] = ec_water_body

RSW = {
    "game": "rsw",
    "title": "The Russo-Swedish War, 1808",
    "north": "right",
    "resolution": "i",
    "codes": {
        "B": ("sea", "Gulf of Bothnia"),
        "F": ("sea", "Gulf of Finland"),
        "L": ("lake", "Lake Ladoga"),
        "S": ("lake", "Lake Saimaa"),
        "P": ("lake", "Lake Paijanne"),
        "N": ("lake", "Lake Nasijarvi"),
        "O": ("lake", "Lake Oulujarvi"),
        "I": ("lake", "Lake Pielinen"),
        "K": ("lake", "Lake Kallavesi"),
        "W": ("lake", "Other Finnish lakes"),
    },
    "lake_windows": [
        ("L", 59.90, 61.80, 29.80, 33.00),
        ("O", 64.05, 64.60, 26.60, 27.80),
        ("I", 62.90, 63.80, 29.30, 30.30),
        ("K", 62.60, 63.30, 27.40, 28.20),
        ("P", 61.00, 62.40, 25.20, 25.90),
        ("N", 61.45, 61.90, 23.55, 24.05),
        ("S", 61.00, 62.40, 27.50, 29.50),
    ],
    "required_lakes": {"L": (60.90, 31.40)},
    "river_name": lambda lat, lon: "",
}


def rsw_water_body(lat, lon, kind):
    """Gulf of Finland east of Hango and south of 60.8N; everything else at sea is Bothnia."""
    if kind == "lake":
        for code, south, north, west, east in RSW["lake_windows"]:
            if south <= lat <= north and west <= lon <= east:
                return code
        return "W"
    if lon >= 29.8 and lat >= 59.9:
        return "L"
    return "F" if lon >= 22.9 and lat < 60.8 else "B"


RSW["water_body"] = rsw_water_body

GAMES = {"ec": EC, "rsw": RSW}

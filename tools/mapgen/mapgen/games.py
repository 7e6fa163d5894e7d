"""What the places files do not say: titles, sheet orientation, dataset resolution, the bodies
of water the rules name, regions kept apart on purpose, river valleys."""

EC = {
    "game": "ec",
    "title": "The Egyptian Campaign, 1798-99",
    "north": "up",
    "resolution": "i",
    # rules 8.8, 10.2, 10.4: these must show as all-water hexes
    "required_waters": ["Mediterranean", "Gulfs of Suez and Aqaba", "Lake Bourlos", "Lake Menzoleh"],
    "isolated_regions": [],
    "channels_split_regions": False,
    # river name -> (terrain of the land hexes along it, the terrains it replaces)
    "river_valleys": {"Nile": ("c", ("d",))},
    "other_lakes": "Other lakes",
    "other_sea": "Other seas",
}

RSW = {
    "game": "rsw",
    "title": "The Russo-Swedish War, 1808",
    "north": "right",
    "resolution": "i",
    # rules 9.18, 10.5: these must show as all-water hexes
    "required_waters": ["Gulf of Finland", "Gulf of Bothnia", "Lake Ladoga"],
    # rule 12.8: the Aland Isles are reached by sea; supplied through Marienhamm
    "isolated_regions": ["Aland Isles"],
    # the Aland Isles region ends at the Skiftet channel (places file), a border is drawn there
    "channels_split_regions": True,
    "river_valleys": {},
    "other_lakes": "Other Finnish lakes",
    "other_sea": "Other seas",
}

GAMES = {"ec": EC, "rsw": RSW}

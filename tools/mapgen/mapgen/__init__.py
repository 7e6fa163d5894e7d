"""Map generator for the Forgotten Napoleonic Campaigns boards (see ../README.md)."""

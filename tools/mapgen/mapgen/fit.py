"""Fitting the hex grid to geography through the anchor hexes the rules fix.

A least-squares affine transform between local kilometres and sheet kilometres, plus a
thin-plate spline of the anchors' residuals, so that every anchor lands on its hex centre.
The sheet-to-geography map is the master (hexes are classified through it); geography to
sheet inverts it by Newton's method, starting from a separately fitted forward map, so that
both directions agree everywhere, not only at the anchors.
"""

import math

import numpy as np

KM_PER_DEG_LAT = 110.574


class LocalProjection:
    """Equirectangular kilometres around a reference point (x east, y north)."""

    def __init__(self, lat0, lon0):
        self.lat0, self.lon0 = lat0, lon0
        self.kx = 111.320 * math.cos(math.radians(lat0))

    def to_km(self, lat, lon):
        """Kilometres east and north of the reference point."""
        return (np.asarray(lon) - self.lon0) * self.kx, (np.asarray(lat) - self.lat0) * KM_PER_DEG_LAT

    def to_deg(self, x, y):
        """Latitude and longitude of kilometres east and north."""
        return self.lat0 + np.asarray(y) / KM_PER_DEG_LAT, self.lon0 + np.asarray(x) / self.kx


class WarpedAffine:
    """Affine least squares plus an exact thin-plate-spline correction of the residuals."""

    SCALE = 100.0  # km per spline unit, for conditioning

    def __init__(self, src, dst):
        src = np.asarray(src, dtype=np.float64)
        dst = np.asarray(dst, dtype=np.float64)
        design = np.hstack([src, np.ones((len(src), 1))])
        self.affine, *_ = np.linalg.lstsq(design, dst, rcond=None)
        residual = dst - design @ self.affine
        self.nodes = src / self.SCALE
        n = len(src)
        kernel = self._kernel(self.nodes, self.nodes)
        poly = np.hstack([np.ones((n, 1)), self.nodes])
        system = np.zeros((n + 3, n + 3))
        system[:n, :n] = kernel
        system[:n, n:] = poly
        system[n:, :n] = poly.T
        rhs = np.zeros((n + 3, 2))
        rhs[:n] = residual
        self.weights = np.linalg.solve(system, rhs)
        self.max_residual = float(np.abs(residual).max()) if n else 0.0

    @staticmethod
    def _kernel(a, b):
        d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2)
        with np.errstate(divide="ignore", invalid="ignore"):
            k = 0.5 * d2 * np.log(d2)
        return np.where(d2 > 0, k, 0.0)

    def __call__(self, points):
        points = np.asarray(points, dtype=np.float64)
        base = np.hstack([points, np.ones((len(points), 1))]) @ self.affine
        scaled = points / self.SCALE
        n = len(self.nodes)
        warp = self._kernel(scaled, self.nodes) @ self.weights[:n]
        warp += np.hstack([np.ones((len(points), 1)), scaled]) @ self.weights[n:]
        return base + warp


class GridFit:
    """Both directions between (lat, lon) and sheet km, through anchors [(lat, lon, col, row)]."""

    def __init__(self, anchors, projection, centre_of):
        self.projection = projection
        geo = np.array([projection.to_km(a[0], a[1]) for a in anchors], dtype=np.float64)
        sheet = np.array([centre_of(a[2], a[3]) for a in anchors], dtype=np.float64)
        self.forward = WarpedAffine(geo, sheet)
        self.inverse = WarpedAffine(sheet, geo)
        linear = self.forward.affine[:2]
        # sheet km per geographic km along east and north, for the header
        self.scale_east = float(np.hypot(*linear[0]))
        self.scale_north = float(np.hypot(*linear[1]))

    def to_sheet(self, lat, lon):
        """Sheet km of geographic points: the inverse of `to_geo`, by Newton steps."""
        x, y = self.projection.to_km(np.atleast_1d(lat), np.atleast_1d(lon))
        target = np.column_stack([x, y])
        sheet = self.forward(target)
        step = 0.01
        for _ in range(20):
            here = self.inverse(sheet)
            dx = (self.inverse(sheet + [step, 0.0]) - here) / step
            dy = (self.inverse(sheet + [0.0, step]) - here) / step
            error = here - target
            det = dx[:, 0] * dy[:, 1] - dy[:, 0] * dx[:, 1]
            # solve [dx dy] * delta = error for each point
            delta_x = (error[:, 0] * dy[:, 1] - dy[:, 0] * error[:, 1]) / det
            delta_y = (dx[:, 0] * error[:, 1] - error[:, 0] * dx[:, 1]) / det
            sheet = sheet - np.column_stack([delta_x, delta_y])
            if float(np.abs(error).max()) < 1e-6:
                break
        return np.round(sheet, 4)

    def to_geo(self, xs, ys):
        """Latitude and longitude (rounded to 1e-5 degree) of sheet km points."""
        geo = self.inverse(np.column_stack([np.atleast_1d(xs), np.atleast_1d(ys)]))
        lat, lon = self.projection.to_deg(geo[:, 0], geo[:, 1])
        return np.round(lat, 5), np.round(lon, 5)

"""Make ``assets/map/coasts.json``, the campaign map's coastlines, from Natural Earth.

Natural Earth's 1:50m land (public domain, version 4.1.0) is read from the TopoJSON
``land-50m.json`` that the npm package ``world-atlas`` (2.0.2) redistributes. Fetch
it by the ordinary client, outside the repository, then run this from the top of
the repository::

    cd /tmp && npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    python tools/make_coasts.py /tmp/package/land-50m.json assets/map/coasts.json

What it does: decodes the topology's arcs into rings (a polygon's first ring is its
coast, the others its holes, i.e. inland seas), keeps the rings near the chart,
clips them to a box a little larger than the chart (so that the cut edges lie
outside the chart's frame), simplifies each ring (Douglas-Peucker, measured on the
chart's projection: longitudes narrowed by the cosine of the middle latitude),
drops islets too small to see, and writes longitudes and latitudes in hundredths
of a degree. The game projects them itself (``game.ui.campaign_map.Chart``).

Not run by the tests (it needs the downloaded data); the game only reads its output.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

# The chart's extent (game/ui/campaign_map.py: WEST, EAST, SOUTH, NORTH) and a margin.
WEST, EAST, SOUTH, NORTH = -27.0, 44.0, 29.5, 58.6
MARGIN = 1.5
NARROW = math.cos(math.radians(44))  # the chart's projection (campaign_map.NARROW)
TOLERANCE = 0.035  # Douglas-Peucker, in projected degrees (about 4 km)
MIN_AREA = 0.012  # islands smaller than this (square projected degrees) are left out

Point = tuple[float, float]


def decode_arcs(topology: dict) -> list[list[Point]]:
    """The topology's arcs as lists of (longitude, latitude)."""
    transform = topology.get("transform")
    arcs = []
    for arc in topology["arcs"]:
        if transform is None:
            arcs.append([(float(x), float(y)) for x, y, *_ in arc])
            continue
        (kx, ky), (dx, dy) = transform["scale"], transform["translate"]
        x = y = 0
        points = []
        for px, py, *_ in arc:
            x += px
            y += py
            points.append((x * kx + dx, y * ky + dy))
        arcs.append(points)
    return arcs


def ring(arcs: list[list[Point]], indices: list[int]) -> list[Point]:
    """One ring from its arcs (``~i`` is arc ``i`` reversed); closed, the last point
    not repeated."""
    out: list[Point] = []
    for i in indices:
        arc = arcs[i] if i >= 0 else arcs[~i][::-1]
        out.extend(arc if not out else arc[1:])
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def polygons(topology: dict, name: str) -> list[list[list[Point]]]:
    """Every polygon of object ``name``: a list of rings, the coast first."""
    arcs = decode_arcs(topology)
    out = []
    for geometry in topology["objects"][name]["geometries"]:
        if geometry["type"] == "Polygon":
            parts = [geometry["arcs"]]
        elif geometry["type"] == "MultiPolygon":
            parts = geometry["arcs"]
        else:
            continue
        out += [[ring(arcs, r) for r in part] for part in parts]
    return out


def clip(points: list[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """Sutherland-Hodgman: the ring cut to the box (west, south, east, north)."""
    west, south, east, north = box
    edges = (
        (lambda p: p[0] >= west, lambda a, b: _at_x(a, b, west)),
        (lambda p: p[0] <= east, lambda a, b: _at_x(a, b, east)),
        (lambda p: p[1] >= south, lambda a, b: _at_y(a, b, south)),
        (lambda p: p[1] <= north, lambda a, b: _at_y(a, b, north)),
    )
    for inside, cross in edges:
        if not points:
            break
        source, points = points, []
        prev = source[-1]
        for p in source:
            if inside(p):
                if not inside(prev):
                    points.append(cross(prev, p))
                points.append(p)
            elif inside(prev):
                points.append(cross(prev, p))
            prev = p
    return points


def _at_x(a: Point, b: Point, x: float) -> Point:
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + (b[1] - a[1]) * t)


def _at_y(a: Point, b: Point, y: float) -> Point:
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + (b[0] - a[0]) * t, y)


def _projected(p: Point) -> Point:
    return (p[0] * NARROW, p[1])


def simplify(points: list[Point], tolerance: float) -> list[Point]:
    """Douglas-Peucker on an open line (the ends kept), on the chart's projection."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    todo = [(0, len(points) - 1)]
    while todo:
        first, last = todo.pop()
        a, b = _projected(points[first]), _projected(points[last])
        worst, at = 0.0, -1
        for i in range(first + 1, last):
            d = _distance(_projected(points[i]), a, b)
            if d > worst:
                worst, at = d, i
        if worst > tolerance:
            keep[at] = True
            todo += [(first, at), (at, last)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def simplify_ring(points: list[Point], tolerance: float) -> list[Point]:
    """Douglas-Peucker on a closed ring: cut at its first point and the point farthest
    from it, each half simplified."""
    if len(points) < 4:
        return points
    a = _projected(points[0])
    far = max(range(len(points)), key=lambda i: math.dist(a, _projected(points[i])))
    one = simplify(points[: far + 1], tolerance)
    two = simplify([*points[far:], points[0]], tolerance)
    return one + two[1:-1]


def _distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    if length == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def area(points: list[Point]) -> float:
    """The ring's area on the chart's projection (square degrees, unsigned)."""
    proj = [_projected(p) for p in points]
    twice = sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(proj, proj[1:] + proj[:1], strict=True)
    )
    return abs(twice) / 2


def _flat(points: list[Point]) -> list[int]:
    out: list[int] = []
    last = None
    for lon, lat in points:
        q = (round(lon * 100), round(lat * 100))
        if q != last:
            out += q
        last = q
    if len(out) > 2 and out[:2] == out[-2:]:
        del out[-2:]
    return out


def make(topology: dict) -> dict:
    box = (WEST - MARGIN, SOUTH - MARGIN, EAST + MARGIN, NORTH + MARGIN)
    land: list[list[int]] = []
    seas: list[list[int]] = []
    for polygon in polygons(topology, "land"):
        for n, points in enumerate(polygon):
            xs = [p[0] for p in points]
            ys = [p[1] for p in points]
            if max(xs) < box[0] or min(xs) > box[2] or max(ys) < box[1] or min(ys) > box[3]:
                continue
            cut = clip(points, box)
            if len(cut) < 3 or area(cut) < MIN_AREA:
                continue
            simple = simplify_ring(cut, TOLERANCE)
            flat = _flat(simple)
            if len(flat) >= 6:
                (seas if n else land).append(flat)
    land.sort(key=len, reverse=True)
    return {
        "about": (
            "The campaign map's coasts: Natural Earth 1:50m land (public domain), "
            "cut to the chart and simplified by tools/make_coasts.py"
        ),
        "unit": "hundredths of a degree; each ring is lon, lat, lon, lat, ...",
        "extent": [WEST, SOUTH, EAST, NORTH],
        "land": land,
        "seas": seas,
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    source, target = Path(argv[0]), Path(argv[1])
    data = make(json.loads(source.read_text(encoding="utf-8")))
    text = json.dumps(data, separators=(",", ":"))
    text = text.replace("],[", "],\n[")  # a ring a line: readable diffs
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text + "\n", encoding="utf-8")
    points = sum(len(r) // 2 for r in data["land"] + data["seas"])
    print(
        f"{target}: {len(data['land'])} coasts, {len(data['seas'])} seas, "
        f"{points} points, {len(text)} bytes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

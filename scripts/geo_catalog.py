#!/usr/bin/env python3
"""Adds store locations to a gen_catalog.py catalog, for the geo benchmark: each record gets a `_geoloc`
spread around one of 40 European cities (a deterministic seed), and writes the workloads that compare W1
with W1 plus an around filter and a bounding box.

Usage: geo_catalog.py IN.jsonl OUT.jsonl WORKLOADS.jsonl
"""
import json
import random
import sys

CITIES = [
    (48.8566, 2.3522), (51.5074, -0.1278), (52.5200, 13.4050), (40.4168, -3.7038), (41.9028, 12.4964),
    (52.3676, 4.9041), (50.8503, 4.3517), (48.2082, 16.3738), (59.3293, 18.0686), (55.6761, 12.5683),
    (60.1699, 24.9384), (59.9139, 10.7522), (52.2297, 21.0122), (50.0755, 14.4378), (47.4979, 19.0402),
    (38.7223, -9.1393), (53.3498, -6.2603), (45.4642, 9.1900), (41.3851, 2.1734), (45.7640, 4.8357),
    (43.2965, 5.3698), (50.1109, 8.6821), (48.1351, 11.5820), (53.5511, 9.9937), (51.2277, 6.7735),
    (44.4268, 26.1025), (42.6977, 23.3219), (37.9838, 23.7275), (46.2044, 6.1432), (47.3769, 8.5417),
    (43.7102, 7.2620), (45.0703, 7.6869), (40.8518, 14.2681), (39.4699, -0.3763), (37.3891, -5.9845),
    (51.0543, 3.7174), (54.6872, 25.2797), (56.9496, 24.1052), (59.4370, 24.7536), (45.8150, 15.9819),
]


def main():
    source, output, workloads = sys.argv[1:4]
    rng = random.Random(7)
    with open(source) as lines, open(output, "w") as out:
        for line in lines:
            record = json.loads(line)
            lat, lng = rng.choice(CITIES)
            record["_geoloc"] = {"lat": round(lat + rng.gauss(0, 0.15), 5), "lng": round(lng + rng.gauss(0, 0.2), 5)}
            out.write(json.dumps(record) + "\n")
    with open("../shared/bench/workloads.jsonl" if len(sys.argv) < 5 else sys.argv[4]) as base:
        w1 = json.loads(base.readline())
    request = w1["requests"][0]
    around = dict(request, aroundLatLng="48.8566, 2.3522", aroundRadius=10000)
    box = dict(request, insideBoundingBox=[[49.0, 2.1, 48.7, 2.6]])
    text_around = dict(request, query="wireless", aroundLatLng="48.8566, 2.3522", aroundRadius=10000)
    with open(workloads, "w") as out:
        for name, body in [("W1", request), ("W1+around", around), ("W1+box", box), ("text+around", text_around)]:
            out.write(json.dumps({"name": name, "requests": [body]}) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Top CPU costs in a JFR recording: self time per method and inclusive time per io.malipo method.

Usage: bench/jfr-top.py recording.jfr [rows]
Reads jdk.ExecutionSample through the JDK's `jfr print --json`; percentages are of all samples.
"""
import collections, json, subprocess, sys

rec, rows = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 25
out = subprocess.run(["jfr", "print", "--json", "--events", "jdk.ExecutionSample", rec],
                     capture_output=True, text=True, check=True).stdout
events = json.loads(out)["recording"]["events"]
self_t, incl, incl_any = collections.Counter(), collections.Counter(), collections.Counter()
for e in events:
    frames = e["values"]["stackTrace"]["frames"] if e["values"].get("stackTrace") else []
    names = [f["method"]["type"]["name"].replace("/", ".") + "." + f["method"]["name"] for f in frames]
    if not names:
        continue
    self_t[names[0]] += 1
    for n in set(names):
        incl_any[n] += 1
        if n.startswith("io.malipo") and "$$Lambda" not in n:
            incl[n] += 1
total = len(events)
print(f"{total} samples")
print("-- self --")
for n, c in self_t.most_common(rows):
    print(f"{100 * c / total:5.1f}%  {n}")
print("-- inclusive, io.malipo --")
for n, c in incl.most_common(rows):
    print(f"{100 * c / total:5.1f}%  {n}")
if len(sys.argv) > 3:
    print("-- inclusive, matching " + sys.argv[3] + " --")
    for n, c in incl_any.most_common():
        if sys.argv[3] in n:
            print(f"{100 * c / total:5.1f}%  {n}")

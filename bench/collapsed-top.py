#!/usr/bin/env python3
"""Top costs in an async-profiler collapsed-stack file recorded with the `threads` option.

Usage: bench/collapsed-top.py FILE [rows] [thread-prefix ...]
Prints CPU share per thread group, then self and inclusive shares of the chosen threads' samples
(default: Tomcat's http-nio workers), inclusive for frames outside the JDK only.
"""
import collections, re, sys

path = sys.argv[1]
rows = int(sys.argv[2]) if len(sys.argv) > 2 else 30
prefixes = tuple(sys.argv[3:]) or ("[http-nio",)
groups, self_t, incl = collections.Counter(), collections.Counter(), collections.Counter()
total = chosen = 0
for line in open(path):
    stack, _, n = line.rstrip("\n").rpartition(" ")
    n = int(n)
    frames = stack.split(";")
    total += n
    groups[re.sub(r"[-\d ]+\d+.*\]$", "]", frames[0].split(" tid=")[0])] += n
    if not frames[0].startswith(prefixes):
        continue
    chosen += n
    self_t[frames[-1]] += n
    for f in set(frames[1:]):
        if not f.startswith(("java/", "jdk/", "sun/")):
            incl[f] += n
print(f"{total} samples")
for g, c in groups.most_common(12):
    print(f"{100 * c / total:5.1f}%  {g}")
print(f"-- self, {chosen} samples of {prefixes} --")
for f, c in self_t.most_common(rows):
    print(f"{100 * c / chosen:5.1f}%  {f}")
print("-- inclusive --")
for f, c in incl.most_common(rows):
    print(f"{100 * c / chosen:5.1f}%  {f}")

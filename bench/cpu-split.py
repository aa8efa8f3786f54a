#!/usr/bin/env python3
"""CPU time per process name between two moments, and per request: steadier than requests/s on a
host whose speed moves from run to run.

Usage: bench/cpu-split.py save FILE          before the measured run
       bench/cpu-split.py diff FILE [COUNT]  after it; COUNT (e.g. wrk's request count) adds ms per request
Reads utime+stime of every process in /proc; PostgreSQL's backends are summed as "postgres". A
process that ended in between (the load generator itself) is not counted. When more than one JVM
used CPU (Malipo and a harness written in Java, such as bench/CheckoutBench.java and its callback
receiver), an indented line under "java" gives each its own share, named by its jar or main class.
"""
import collections, json, os, sys


def jvm(pid):
    """A JVM's jar (java -jar X) or main class or source file (the first argument that is neither an option nor its value)."""
    try:
        with open(f"/proc/{pid}/cmdline") as f:
            args = f.read().split("\0")[1:]
    except OSError:
        return "java"
    for i, arg in enumerate(args):
        if arg == "-jar" and i + 1 < len(args):
            return os.path.basename(args[i + 1])
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in ("-cp", "-classpath", "--class-path", "-p", "--module-path", "--add-opens", "--add-exports"):
            skip = True
        elif arg and not arg.startswith("-"):
            return os.path.basename(arg)
    return "java"


def snapshot():
    ticks = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        # pid and start time name a process; a kernel worker's name changes with its work.
        ticks[f"{pid}|{fields[19]}|{name}"] = int(fields[11]) + int(fields[12])
    return ticks


if sys.argv[1] == "save":
    with open(sys.argv[2], "w") as f:
        json.dump(snapshot(), f)
else:
    with open(sys.argv[2]) as f:
        before = json.load(f)
    count = float(sys.argv[3]) if len(sys.argv) > 3 else 0
    per_name = collections.Counter()
    jvms = collections.Counter()
    before = {tuple(key.split("|", 2)[:2]): t for key, t in before.items()}
    for key, now in snapshot().items():
        pid, start, name = key.split("|", 2)
        process = (pid, start)
        used = now - before.get(process, 0)
        per_name["postgres" if name.startswith("postgres") else name] += used
        if name == "java" and used > 0:
            jvms[f"{jvm(pid)} (pid {pid})"] += used
    hz = os.sysconf("SC_CLK_TCK")

    def line(name, t):
        per = f"  {1000 * t / hz / count:.3f} ms a request" if count else ""
        return f"{name}: {t / hz:.1f} s{per}"

    for name, t in per_name.most_common(5):
        if t > 0:
            print(line(name, t))
            if name == "java" and len(jvms) > 1:
                for jvm_name, used in jvms.most_common():
                    print("  " + line(jvm_name, used))

#!/usr/bin/env python3
# FuzzTesting/fuzz-report.py - Renders Reports/fuzz.json and Reports/fuzz.md from the last campaign.
#
# Usage: fuzz-report.py ARTIFACTS_DIR REPORTS_DIR   (run by `FuzzTesting/fuzz.sh --report`)
# Reads ARTIFACTS_DIR/<target>.stats and <target>.timeline (written by fuzz.sh) and lists every regression
# vector under Vectors/*/regressions/ with its manifest description, so findings link to their vectors.
# Appends the campaign to REPORTS_DIR/fuzz-history.json (never rewriting a row; the campaign of the fuzz.json
# being replaced is recorded first when the history lacks it) and renders the history in fuzz.md, newest first.
import datetime
import json
import os
import platform
import sys


def read_stats(path):
    stats = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            key, _, value = line.rstrip("\n").partition("=")
            stats[key] = value
    for key in ("seconds", "jobs", "execs", "execs_per_sec", "execs_per_cpu_sec", "edges", "features", "corpus",
                "exit"):
        stats[key] = int(stats.get(key) or 0)
    stats["cpu_seconds"] = float(stats.get("cpu_seconds") or 0)
    stats["findings"] = [checkout_relative(finding) for finding in stats.get("findings", "").split()]
    stats["coverage_over_time"] = read_timeline(path[:-len(".stats")] + ".timeline")
    return stats


def read_timeline(path):
    """The "seconds edges" lines fuzz.sh's sampler wrote, as [[seconds, edges], ...] in time order."""
    points = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                fields = line.split()
                if len(fields) == 2 and fields[0].isdigit() and fields[1].isdigit():
                    points.append([int(fields[0]), int(fields[1])])
    return sorted(points)


HISTORY = "fuzz-history.json"


def history_entry(report):
    """One campaign as a history row: when, on which commit, and per target its time, execs, edges, findings."""
    targets = [{"target": t["target"], "seconds": t["seconds"], "cpu_seconds": t["cpu_seconds"], "execs": t["execs"],
                "edges": t["edges"], "findings": len(t.get("findings", []))} for t in report.get("targets", [])]
    provenance = report.get("provenance", {})
    return {"date": provenance.get("date", ""), "commit": provenance.get("commit", ""),
            "command": provenance.get("command", ""), "targets": targets,
            "findings": sum(t["findings"] for t in targets)}


def append_history(reports, previous, report):
    """Adds the campaign being replaced (when the history lacks it) and this one to fuzz-history.json, in the
    order they ran; a row already there (same date and commit) is kept as it is and not added again. A history
    that cannot be read stops the report: it is never replaced."""
    path = os.path.join(reports, HISTORY)
    campaigns = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            campaigns = json.load(handle)["campaigns"]
    for source in (previous, report):
        if not source or not source.get("targets"):
            continue
        entry = history_entry(source)
        if not any(c.get("date") == entry["date"] and c.get("commit") == entry["commit"] for c in campaigns):
            campaigns.append(entry)
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        json.dump({"campaigns": campaigns}, handle, indent=2, sort_keys=True)
        handle.write("\n")
    os.replace(path + ".tmp", path)
    return campaigns


def history_lines(campaigns):
    lines = ["", "## Campaign history", "",
             "Every `make fuzz-report` and `make fuzz-long` campaign, newest first, from `Reports/%s` (appended by "
             "each campaign, never rewritten). Edges are the sum over the targets of each target's edges." % HISTORY,
             "", "| finished | commit | command | targets | wall s per target | CPU s | execs | edges | findings |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    if not campaigns:
        lines.append("| – | – | – | 0 | – | 0 | 0 | 0 | 0 |")
    for c in reversed(campaigns):
        targets = c.get("targets", [])
        seconds = sorted({t.get("seconds", 0) for t in targets})
        lines.append("| %s | %s | `%s` | %d | %s | %.0f | %d | %d | %d |" % (
            c.get("date", ""), c.get("commit", "") or "?", c.get("command", ""), len(targets),
            "–".join(str(s) for s in (seconds[:1] + seconds[-1:] if len(seconds) > 1 else seconds)),
            sum(t.get("cpu_seconds", 0) for t in targets), sum(t.get("execs", 0) for t in targets),
            sum(t.get("edges", 0) for t in targets), c.get("findings", 0)))
    return lines


def campaign_commit(targets):
    """The commit the campaign ran on: FUZZ_REPORT_COMMIT, else the one every target recorded, else HEAD
    (so a report rendered again later keeps the campaign's commit, not the checkout's)."""
    if os.environ.get("FUZZ_REPORT_COMMIT"):
        return os.environ["FUZZ_REPORT_COMMIT"]
    recorded = {t.get("commit") for t in targets}
    if len(recorded) == 1 and None not in recorded and "" not in recorded:
        return recorded.pop()
    return os.popen("git rev-parse --short HEAD 2>/dev/null").read().strip()


def campaign_end(targets):
    """When the campaign's last target finished and the load average then, as the targets recorded them
    (a report rendered again later keeps them); the render's own for older stats files."""
    ended = sorted((t["finished"], t.get("load", "")) for t in targets if t.get("finished"))
    if ended and ended[-1][1]:
        return ended[-1][0], ended[-1][1].split()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return now, open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else []


def checkout_relative(path):
    """A finding's path as a user of the checkout names it (FuzzTesting/artifacts/...), not this machine's."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    absolute = os.path.abspath(path)
    return os.path.relpath(absolute, root) if absolute.startswith(root + os.sep) else path


def regressions(root):
    manifest = {}
    manifest_path = os.path.join(root, "Vectors", "manifest.json")
    if os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as handle:
            data = json.load(handle)
        for vector in data.get("vectors", data if isinstance(data, list) else []):
            if isinstance(vector, dict) and "input" in vector:
                manifest[os.path.normpath(vector["input"])] = vector
    found = []
    vectors = os.path.join(root, "Vectors")
    for area in sorted(os.listdir(vectors)) if os.path.isdir(vectors) else []:
        folder = os.path.join(vectors, area, "regressions")
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if name.endswith(".json"):
                continue
            path = os.path.join("Vectors", area, "regressions", name)
            entry = manifest.get(path) or manifest.get(os.path.join(area, "regressions", name)) or {}
            found.append({"path": path, "area": area, "id": entry.get("id", ""),
                          "description": entry.get("description", "")})
    return found


def main():
    artifacts, reports = sys.argv[1], sys.argv[2]
    root = os.getcwd()
    targets = [read_stats(os.path.join(artifacts, name))
               for name in sorted(os.listdir(artifacts)) if name.endswith(".stats")]
    ended, load = campaign_end(targets)
    report = {
        "provenance": {
            "date": ended,
            "os": platform.platform(),
            "kernel": platform.release(),
            "command": os.environ.get("FUZZ_REPORT_COMMAND")
            or "make fuzz-report FUZZ_SECONDS=%s" % (targets[0]["seconds"] if targets else 0),
            "engine": "libFuzzer (Swift toolchain), AddressSanitizer",
            "cores": os.cpu_count(),
            "load_average": load,
            "commit": campaign_commit(targets),
        },
        "cpu_seconds": round(sum(t["cpu_seconds"] for t in targets), 1),
        "targets": targets,
        "regressions": regressions(root),
    }
    os.makedirs(reports, exist_ok=True)
    previous = None
    if os.path.exists(os.path.join(reports, "fuzz.json")):
        with open(os.path.join(reports, "fuzz.json"), encoding="utf-8") as handle:
            previous = json.load(handle)
    campaigns = append_history(reports, previous, report)
    with open(os.path.join(reports, "fuzz.json"), "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=2, sort_keys=True)
        handle.write("\n")
    lines = [
        "# Fuzzing report",
        "",
        "Generated by `%s` on %s (%s). Do not edit; see Docs/fuzzing.md."
        % (report["provenance"]["command"], report["provenance"]["date"], report["provenance"]["os"]),
        "",
        "Build: %s + AddressSanitizer + libFuzzer, commit %s; %s cores, load average at the end %s. "
        "CPU time is the fuzzers' own (rusage of the -jobs processes), %.0f s in total (%.2f CPU-hours); "
        "execs per CPU second is what one idle core would give, execs/s is per wall second."
        % (targets[0].get("configuration", "?") if targets else "?", report["provenance"]["commit"] or "?",
           report["provenance"]["cores"], " ".join(report["provenance"]["load_average"]), report["cpu_seconds"],
           report["cpu_seconds"] / 3600),
        "",
        "| target | build | wall s | jobs | CPU s | execs | execs/s | execs/CPU-s | edges | features | corpus | result |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for t in targets:
        lines.append("| %s | %s | %d | %d | %.0f | %d | %d | %d | %d | %d | %d | %s |" % (
            t["target"], t.get("configuration", ""), t["seconds"], t["jobs"], t["cpu_seconds"], t["execs"],
            t["execs_per_sec"], t["execs_per_cpu_sec"], t["edges"], t["features"], t["corpus"], t.get("result", "")))
    if any(t["coverage_over_time"] for t in targets):
        lines += ["", "![Edges covered against seconds of the campaign, one line and marker shape per target]"
                  "(fuzz-coverage-time.png)", "",
                  "Coverage over time (`fuzz-coverage-time.png`, drawn by `xds report --only fuzz` from "
                  "`coverage_over_time` in fuzz.json): the most edges any job of a target had reached, sampled "
                  "about 60 times per target while it ran."]
    goal = 30000
    slow = [t["target"] for t in targets if t["execs_per_cpu_sec"] < goal]
    lines += ["", "Campaign size: %.2f CPU-hours of fuzzing (%s one CPU-hour). Speed: %d of %d targets at %d execs per "
              "CPU second or more%s." % (
                  report["cpu_seconds"] / 3600, "at least" if report["cpu_seconds"] >= 3600 else "short of",
                  len(targets) - len(slow), len(targets), goal,
                  "; below: " + ", ".join(slow) if slow else "")]
    speed = os.path.join(artifacts, "speed.txt")
    if os.path.exists(speed):
        with open(speed, encoding="utf-8") as handle:
            text = handle.read().splitlines()
        header = text[0].lstrip("# ") if text and text[0].startswith("#") else ""
        reference = [line.split()[2:4] for line in text if line.startswith("# reference_loop_cpu_seconds ")]
        rows = [line.split() for line in text if line.strip() and not line.startswith("#")]
        lines += ["", "## Speed on a fixed workload", "",
                  "Measured by `make fuzz-speed` (`FuzzTesting/fuzz-speed.sh`, %s): each target alone, from its seed "
                  "corpus, a fixed number of executions; CPU seconds are the process's own, so the rate is what one "
                  "idle core gives. Load average before and after each run shown. *Check* and *mutator* are the "
                  "shares of the run's wall time (from the first execution on) spent in the target's check (the "
                  "code under test and its oracle) and in its custom mutator, timed inside the run "
                  "(`XDS_FUZZ_TIMING`); the rest is libFuzzer's own work. *Without the check* is the rate the "
                  "rest alone would give (execs/CPU-s ÷ (1 − check)): no faster check can go beyond it." % header
                  + (" The machine's own speed: a fixed Perl loop (none of our code) took %s CPU s before the "
                     "targets and %s after (the median of three each); rates in two reports compare only as far as "
                     "their loops agree." % tuple(reference[0]) if reference and len(reference[0]) == 2 else ""),
                  "", "| target | execs | CPU s | execs/CPU-s | ≥ %d | check | mutator | without the check | load |"
                  % goal, "|---|---:|---:|---:|---|---:|---:|---:|---|"]
        def share(field):
            try:
                return float(field)
            except ValueError:
                return None
        for row in rows:
            if len(row) >= 7:
                check = share(row[7]) if len(row) >= 9 else None
                mutator = share(row[8]) if len(row) >= 9 else None
                ceiling = "%d" % (int(row[4]) / (1 - check)) if check is not None and check < 1 else "–"
                lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s–%s |" % (
                    row[0], row[2], row[3], row[4], "yes" if int(row[4]) >= goal else "no",
                    "%d %%" % round(100 * check) if check is not None else "–",
                    "%d %%" % round(100 * mutator) if mutator is not None else "–", ceiling, row[5], row[6]))
    if os.environ.get("FUZZ_REPORT_NOTE"):
        lines += ["", os.environ["FUZZ_REPORT_NOTE"]]
    compare = os.path.join(artifacts, "mutator-compare.txt")
    if os.path.exists(compare):
        with open(compare, encoding="utf-8") as handle:
            rows = [line.split() for line in handle if line.strip() and not line.startswith("#")]
        lines += ["", "## Structure-aware mutator vs plain libFuzzer (same wall time, side by side)", "",
                  "Measured by `make fuzz-mutator` (`FuzzTesting/mutator-compare.sh`): both runs of a target start "
                  "from the vector inputs alone (not the committed corpus, where neither would find anything new "
                  "in minutes), at the same time and priority, one process each; `XDS_FUZZ_MUTATOR=0` is plain "
                  "libFuzzer. Compare edges and features reached in the same time, not execs.", "",
                  "| target | mutator | seconds | CPU s | execs | edges | features | corpus | findings |",
                  "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
        lines += ["| %s |" % " | ".join(row) for row in rows]
    lines += history_lines(campaigns)
    lines += ["", "## Findings of this campaign", ""]
    new = [(t["target"], f) for t in targets for f in t["findings"]]
    lines += ["- %s: `%s`" % pair for pair in new] or ["None."]
    lines += ["", "## Regression vectors (earlier findings, replayed by every campaign and by `make test`)", ""]
    for r in report["regressions"]:
        label = r["id"] or os.path.basename(r["path"])
        lines.append("- [%s](../%s)%s" % (label, r["path"], " — " + r["description"] if r["description"] else ""))
    if not report["regressions"]:
        lines.append("None yet.")
    with open(os.path.join(reports, "fuzz.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

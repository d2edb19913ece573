#!/usr/bin/env python3
"""FuzzTesting/mutation/reach.py - make mutation-reach: which mutants the vectors can reach at all.

The vectors judge of `make mutation` runs `xds conformance --impl reference`. A mutant on a line that run never
executes survives that judge whatever the vectors expect, so the share of mutants on executed lines bounds the
vectors score from above. This measures it for every mutant `make mutation` generates (no sample):

  1. one coverage build of `xds` (debug, -profile-generate -profile-coverage-mapping, in .build/coverage);
  2. three runs of the vectors against the reference with that build, as the vectors judge runs them, merged
     (a few lines run or not by scheduling: a line ran when it ran in any run);
  3. llvm-cov's line counts, and for each mutant whether its line ran, did not run, or is not code to llvm-cov.

Writes Reports/mutation-reach.json and .md: per module the mutants on executed lines (the ceiling of the vectors
score); per file the lines no vector executes and how many mutants sit on them; and a check against the sample in
Reports/mutation.json: a mutant the vectors killed on a line they never execute would mean this measurement is
wrong, and makes the run fail. Docs/mutation.md, "What the vectors can reach", explains the report.
"""

import argparse
import datetime
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import judge_reach  # noqa: E402  (the one measurement of the lines the vectors execute)
import mutation  # noqa: E402  (the one generator of mutants: same tool, rules, ids and left-out lines)

ROOT = mutation.ROOT
coverage_module = judge_reach.coverage_module


def measure(modules, runs):
    """{absolute source path: {line: ran}} over the modules' sources: a line ran when it ran in any of `runs` runs of
    the vectors with the coverage build (their profiles merged), since a few lines run or not by scheduling."""
    judge_reach.build()
    return judge_reach.vectors_lines(judge_reach.module_sources(modules), runs)


def where(mutant, executed):
    """'executed', 'not-executed' or 'not-code' (a line llvm-cov gives no count: a declaration, a lone brace)."""
    state = executed.get(os.path.join(ROOT, mutant["path"]), {}).get(mutant["line"])
    return "not-code" if state is None else ("executed" if state else "not-executed")


def sample_check(mutants, reports):
    """The sample of Reports/mutation.json seen through the reach: per module, its compiled non-equivalent mutants
    whose line ran, and the contradictions (killed by the vectors on a line they never execute)."""
    path = os.path.join(reports, "mutation.json")
    if not os.path.exists(path):
        return None
    sample = json.load(open(path, encoding="utf-8"))
    by_id = {m["id"]: m for m in mutants}
    modules, contradictions, unmatched = {}, [], 0
    for row in sample["mutants"]:
        mutant = by_id.get(row["id"])
        if mutant is None:
            unmatched += 1  # its source changed since the sample: no longer generated
            continue
        if row["verdict"] in ("uncompiled", "equivalent"):
            continue
        entry = modules.setdefault(row["module"], {"scored": 0, "reached": 0, "killed_by_vectors": 0})
        entry["scored"] += 1
        reached = mutant["reach"] != "not-executed"
        entry["reached"] += reached
        entry["killed_by_vectors"] += row["verdict"] == "killed-vectors"
        if row["verdict"] == "killed-vectors" and not reached:
            contradictions.append(f"{row['id'][:16]} {row['path']}:{row['line']}")
    for entry in modules.values():
        entry["ceiling"] = mutation.percent(entry["reached"], entry["scored"])
        entry["vectors_score"] = mutation.percent(entry["killed_by_vectors"], entry["scored"])
        entry["vectors_score_of_reached"] = mutation.percent(entry["killed_by_vectors"], entry["reached"])
    return {"report": sample["command"] + ", " + sample["date"], "matched": len(sample["mutants"]) - unmatched,
            "sampled": len(sample["mutants"]), "modules": modules, "contradictions": contradictions}


def build_report(args, mutants, left_out, executed, seconds, profiles):
    modules = {}
    for module in args.modules:
        chosen = [m for m in mutants if m["module"] == module]
        counts = {state: sum(1 for m in chosen if m["reach"] == state)
                  for state in ("executed", "not-executed", "not-code")}
        modules[module] = {"generated": len(chosen), **counts,
                           "ceiling": mutation.percent(counts["executed"] + counts["not-code"], len(chosen))}
    ranges = coverage_module().ranges
    files = []
    for path in sorted({m["path"] for m in mutants}):
        chosen = [m for m in mutants if m["path"] == path]
        lines = executed.get(os.path.join(ROOT, path), {})
        missed = sorted(n for n, ran in lines.items() if not ran)
        files.append({"path": path, "module": chosen[0]["module"], "generated": len(chosen),
                      "not_executed": sum(1 for m in chosen if m["reach"] == "not-executed"),
                      "executable_lines": len(lines), "lines_not_executed": ranges(missed)})
    total = len(mutants)
    reached = sum(1 for m in mutants if m["reach"] != "not-executed")
    return {
        "command": args.command,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "tool": "universalmutator 1.14.1, rules FuzzTesting/mutation/swift.rules; llvm-cov line counts",
        "vectors_run": {"command": "xds conformance --vectors Vectors --impl reference --jobs 2",
                        "runs": args.runs, "seconds_per_run": round(seconds, 1), "profiles": profiles},
        "modules": modules,
        "overall": {"generated": total, "reached": reached, "ceiling": mutation.percent(reached, total)},
        "not_compiled_here": left_out,
        "files": files,
        "sample": sample_check(mutants, args.out),
    }


def render_markdown(report):
    def score(value):
        return "–" if value is None else f"{value} %"

    lines = ["# Mutation reach: the mutants the vectors can reach", "",
             f"`{report['command']}`, {report['date']}: {report['tool']}. Every generated mutant, no sample. "
             "Docs/mutation.md (\"What the vectors can reach\") explains the columns.", "",
             f"{report['vectors_run']['runs']} runs of `{report['vectors_run']['command']}` with a coverage build of "
             f"`xds` ({report['vectors_run']['seconds_per_run']} s each, {report['vectors_run']['profiles']} process "
             "profiles, merged: a line ran when it ran in any run). A mutant on a line those runs never execute survives the vectors judge of `make mutation` whatever the "
             "vectors expect, so **the ceiling** (mutants on executed lines, and on lines llvm-cov gives no count) "
             "bounds the vectors score from above. A line counts as executed when any part of it ran, so the "
             "ceiling is itself generous.", "",
             "| module | generated | on executed lines | on lines never executed | on lines without a count "
             "| ceiling of the vectors score |",
             "|---|---:|---:|---:|---:|---:|"]
    for name, row in report["modules"].items():
        lines.append(f"| {name} | {row['generated']} | {row['executed']} | {row['not-executed']} | {row['not-code']} "
                     f"| {score(row['ceiling'])} |")
    overall = report["overall"]
    lines.append(f"| **overall** | {overall['generated']} | | {overall['generated'] - overall['reached']} | "
                 f"| {score(overall['ceiling'])} |")
    sample = report["sample"]
    lines += [""]
    if sample:
        lines += ["## The sample of Reports/mutation.md through the reach", "",
                  f"`{sample['report']}`: {sample['matched']} of its {sample['sampled']} mutants are still generated"
                  + ("" if sample["matched"] == sample["sampled"] else " (the others' lines changed since)")
                  + ". Over its compiled, non-equivalent mutants, as its scores are:", "",
                  "| module | scored | on lines the vectors execute | ceiling | vectors score "
                  "| vectors score of the reached |", "|---|---:|---:|---:|---:|---:|"]
        for name, row in sample["modules"].items():
            lines.append(f"| {name} | {row['scored']} | {row['reached']} | {score(row['ceiling'])} "
                         f"| {score(row['vectors_score'])} | {score(row['vectors_score_of_reached'])} |")
        lines += ["", ("Contradictions (killed by the vectors on a line they never execute): "
                       + (", ".join(sample["contradictions"]) if sample["contradictions"] else "none") + "."), ""]
    lines += ["## Lines no vector executes", "",
              "Per file: the mutants generated, those on lines the vectors never execute, and those lines.", "",
              "| file | mutants | on lines never executed | lines never executed |", "|---|---:|---:|---|"]
    for entry in report["files"]:
        lines.append(f"| `{entry['path']}` | {entry['generated']} | {entry['not_executed']} "
                     f"| {entry['lines_not_executed'] or '–'} |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", nargs="+", default=list(mutation.MODULES), choices=list(mutation.MODULES))
    parser.add_argument("--out", default=os.path.join(ROOT, "Reports"))
    parser.add_argument("--command", default="make mutation-reach")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of the vectors whose coverage is merged (a line ran when it ran in any)")
    args = parser.parse_args()
    mutate = mutation.ensure_tool()
    mutants, left_out = mutation.generate(mutate, args.modules)
    executed, seconds, profiles = measure(args.modules, args.runs)
    for mutant in mutants:
        mutant["reach"] = where(mutant, executed)
    report = build_report(args, mutants, left_out, executed, seconds, profiles)
    mutation.write_report(args.out, "mutation-reach", report, render_markdown(report))
    summary = ", ".join(f"{name} {row['ceiling']} %" for name, row in report["modules"].items())
    mutation.log(f"reach: wrote {args.out}/mutation-reach.{{json,md}}: ceilings {summary}")
    if report["sample"] and report["sample"]["contradictions"]:
        mutation.log("reach: killed by the vectors on lines they never execute (the measurement is wrong): "
                     + ", ".join(report["sample"]["contradictions"]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

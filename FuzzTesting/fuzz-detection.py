#!/usr/bin/env python3
"""FuzzTesting/fuzz-detection.py - make fuzz-detection: the fuzz harness measured by the seeded bugs it finds.

For every seeded bug of FuzzTesting/seeded-bugs/manifest.json: applies its patch to a scratch copy of the checkout
(.build/fuzz-detection/tree, mutation.py's scratch tree; the checkout is never written), builds the fuzz targets
(release + ASan + libFuzzer, .clusterfuzzlite/build.sh as make fuzz does, incrementally), and runs each target the
manifest names, one process at a time, TRIALS times (-seed=1..N): from the committed seed corpus (fuzz_seeds, as
make fuzz) with a cap of CORPUS_CAP CPU seconds, and from an empty corpus with a cap of EMPTY_CAP CPU seconds. A
trial's time is the fuzzer's own CPU time (utime + stime) until it stops with a finding; a trial that reaches its
cap is censored. A finding counts only when its input passes the unpatched build (replayed once), so it is the
seeded bug's and not one of the checkout. The unpatched build also runs every target once per mode for the same
budget: the false-positive control. Writes Reports/fuzz-detection.{json,md}; Docs/fuzz-detection.md says how to
read them. Every trial's result is cached under .build/fuzz-detection/cache by what decides it (patch, target,
mode, seed, cap, sources), so a stopped run resumes and a larger TRIALS extends a smaller one.

  fuzz-detection.py [--trials N] [--corpus-cap S] [--empty-cap S] [--modes corpus empty] [--bugs ID…]
  fuzz-detection.py --check-patches     every patch applies to the checkout's sources (git apply --check)
  fuzz-detection.py --render JSON OUT   Markdown from a fuzz-detection.json (the tests use it)
"""

import argparse
import datetime
import hashlib
import importlib.util
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BUGS = os.path.join(ROOT, "FuzzTesting", "seeded-bugs")
WORK = os.path.join(ROOT, ".build", "fuzz-detection")
CACHE = os.path.join(WORK, "cache")
# The goal of issue #28: every seeded decoder bug found by at least one target within these CPU seconds.
GOAL_CORPUS = 60
GOAL_EMPTY = 600
# Bumped when a trial's meaning changes, so cached trials are run again.
TRIAL_VERSION = "1"
TICKS = os.sysconf("SC_CLK_TCK")


def log(message):
    print(f"fuzz-detection: {message}", flush=True)


def load_mutation():
    """FuzzTesting/mutation/mutation.py, for its scratch tree, its fuzz-dictionary lookup and its fingerprint."""
    spec = importlib.util.spec_from_file_location("mutation", os.path.join(ROOT, "FuzzTesting", "mutation",
                                                                          "mutation.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_manifest():
    with open(os.path.join(BUGS, "manifest.json"), encoding="utf-8") as file:
        return json.load(file)


def patched_paths(patch):
    """The files a patch changes (its `+++ b/…` lines)."""
    with open(patch, encoding="utf-8") as file:
        return [line[6:].strip() for line in file if line.startswith("+++ b/")]


def check_patches(manifest):
    """Every patch applies cleanly to the checkout's sources; the problems, one line each."""
    problems = []
    for bug in manifest["bugs"]:
        patch = os.path.join(BUGS, bug["patch"])
        if not os.path.exists(patch):
            problems.append(f"{bug['id']}: {bug['patch']} is missing")
            continue
        result = subprocess.run(["git", "apply", "--check", patch], cwd=ROOT, capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"{bug['id']}: {result.stderr.strip()}")
    return problems


# --- statistics and verdicts (pure, tested through --render) ----------------------------------------------


def summarize(trials, cap):
    """found/censored counts and the median CPU seconds to the first finding; a censored trial counts as
    infinite, so the median is None ("not found within the cap") when half the trials or more are censored."""
    times = sorted(t["cpu"] if t["found"] else float("inf") for t in trials)
    found = sum(1 for t in trials if t["found"])
    median = statistics.median(times) if times else float("inf")
    return {"trials": len(trials), "found": found, "censored": len(trials) - found, "cap": cap,
            "median_cpu": None if median == float("inf") else round(median, 2),
            "times": [None if t == float("inf") else round(t, 2) for t in times]}


def verdict(bug_rows, mode, goal):
    """A bug is found in a mode when one of its targets has a median ≤ goal CPU seconds; None when no target
    ran in that mode or when every run was censored at a cap below the goal (nothing can be said)."""
    runs = [row[mode] for row in bug_rows if row.get(mode)]
    if not runs:
        return None
    if any(r["median_cpu"] is not None and r["median_cpu"] <= goal for r in runs):
        return True
    if all(r["cap"] < goal for r in runs):
        return None
    return False


# --- running a fuzzer -------------------------------------------------------------------------------------


def process_cpu(pid):
    """utime + stime of a running process, in seconds (its own, not its children's)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def finding_line(text):
    """What was found (the oracle's finding, else the sanitizer's or libFuzzer's error) and, for a crash, the
    first frame in the project's code."""
    line = ""
    for marker in ("FUZZ FINDING", "ERROR: AddressSanitizer", "Fatal error", "ERROR: libFuzzer", "ERROR"):
        found = [entry.strip() for entry in text.splitlines() if marker in entry]
        if found:
            line = found[0]
            break
    if "FUZZ FINDING" not in line:
        frames = [entry.split(" in ", 1)[1].split()[0] for entry in text.splitlines()
                  if entry.strip().startswith("#") and " in $s" in entry]
        project = [frame for frame in frames if any(module in frame for module in PROJECT_MODULES)]
        if project:
            line += " at " + demangle(project[0])
    return line[:300]


PROJECT_MODULES = ("BinaryPlist", "DocumentSource", "Icons", "FuzzCommon", "TaggedJSON")


def demangle(symbol):
    try:
        result = subprocess.run(["swift", "demangle", "--simplified", "--compact", symbol], capture_output=True,
                                text=True, timeout=30)
        return result.stdout.strip().split("\n")[0] or symbol
    except (OSError, subprocess.TimeoutExpired):
        return symbol


class Fuzzers:
    """Runs one libFuzzer process at a time, measured in CPU seconds, killed at its cap; remembers the child
    for the signal handler."""

    def __init__(self, mutation, tree_root):
        self.mutation = mutation
        self.tree_root = tree_root
        self.child = None
        self.seeds = {}

    def seed_corpus(self, target):
        """The target's seed corpus (fuzz_seeds, as make fuzz), made once per run."""
        if target not in self.seeds:
            into = os.path.join(WORK, "seeds", target)
            shutil.rmtree(into, ignore_errors=True)
            subprocess.run(["bash", "-c", f'. FuzzTesting/targets.sh && FUZZ_ROOT="$PWD" && fuzz_seeds {target} '
                            f'"{into}"'], cwd=self.tree_root, check=True, stdout=subprocess.DEVNULL)
            self.seeds[target] = into
        return self.seeds[target]

    def trial(self, binary, target, mode, seed, cap):
        """{found, cpu, finding, artifact}: one run of binary from the seed corpus or an empty one."""
        scratch = tempfile.mkdtemp(prefix="trial-", dir=WORK)
        try:
            corpus = os.path.join(scratch, "corpus")
            if mode == "corpus":
                shutil.copytree(self.seed_corpus(target), corpus)
            else:
                os.makedirs(corpus)
            artifacts = os.path.join(scratch, "artifacts")
            os.makedirs(artifacts)
            logfile = os.path.join(scratch, "log")
            dictionary = os.path.join(self.tree_root, "FuzzTesting", self.mutation.fuzz_dict(target))
            command = [binary, f"-seed={seed}", "-max_len=4096", "-timeout=10", "-rss_limit_mb=2048",
                       f"-dict={dictionary}", f"-artifact_prefix={artifacts}/", "-print_final_stats=1", corpus]
            env = dict(os.environ, SWIFT_BACKTRACE="enable=no", ASAN_OPTIONS="malloc_context_size=0",
                       XDS_FUZZ_MUTATOR="1")
            with open(logfile, "wb") as output:
                self.child = subprocess.Popen(command, cwd=scratch, stdout=output, stderr=subprocess.STDOUT,
                                              stdin=subprocess.DEVNULL, env=env, start_new_session=True)
            pid = self.child.pid
            started = time.monotonic()
            # A shared machine may give a niced fuzzer a fraction of a core: the wall bound is generous.
            wall = cap * 10 + 120
            cpu, status, censored = 0.0, None, None
            while True:
                done, raw, usage = os.wait4(pid, os.WNOHANG)
                if done:
                    cpu = usage.ru_utime + usage.ru_stime
                    status = raw
                    break
                try:
                    cpu = process_cpu(pid)
                except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                    pass
                if cpu >= cap or time.monotonic() - started > wall:
                    censored = "cap" if cpu >= cap else "wall"
                    os.killpg(pid, signal.SIGKILL)
                    _, raw, usage = os.wait4(pid, 0)
                    cpu = usage.ru_utime + usage.ru_stime
                    break
                time.sleep(0.1)
            self.child.returncode = 0
            self.child = None
            text = open(logfile, encoding="utf-8", errors="replace").read()
            files = sorted(os.listdir(artifacts))
            if censored or (status == 0 and not files):
                return {"found": False, "cpu": round(cpu, 2), "stopped": censored or "exit 0"}
            artifact = None
            if files:
                keep = os.path.join(WORK, "findings")
                os.makedirs(keep, exist_ok=True)
                artifact = os.path.join(keep, f"{os.path.basename(binary)}-{mode}-{seed}-{files[0]}")
                shutil.copy(os.path.join(artifacts, files[0]), artifact)
            return {"found": True, "cpu": round(cpu, 2), "finding": finding_line(text), "artifact": artifact,
                    "kind": files[0].split("-")[0] if files else "exit"}
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def replay(self, binary, artifact):
        """Whether the input passes binary (run once): the finding is then not that build's."""
        if not artifact:
            return False
        env = dict(os.environ, SWIFT_BACKTRACE="enable=no", ASAN_OPTIONS="malloc_context_size=0")
        result = subprocess.run([binary, "-timeout=10", "-rss_limit_mb=2048", artifact], capture_output=True,
                                env=env, timeout=300, cwd=WORK)
        return result.returncode == 0

    def kill(self):
        self.mutation.kill_group(self.child)


# --- the scratch tree ---------------------------------------------------------------------------------------


def make_tree(mutation):
    tree = mutation.Tree(0)
    tree.root = os.path.join(WORK, "tree")
    tree.fuzz_out = os.path.join(WORK, "out")
    return tree


def apply_patch(tree, patch):
    """Applies a seeded bug's patch in the scratch tree; the files' original bytes are kept for restore()."""
    originals = []
    for path in patched_paths(patch):
        with open(os.path.join(tree.root, path), "rb") as file:
            originals.append((os.path.join(tree.root, path), file.read()))
    tree.replaced_files = originals
    with tree.lock:
        tree.active.append(tree)
    subprocess.run(["patch", "-p1", "--forward", "--silent", "--no-backup-if-mismatch", "-i", patch],
                   cwd=tree.root, check=True, capture_output=True)


def restore(tree):
    for path, data in getattr(tree, "replaced_files", []):
        with open(path, "wb") as file:
            file.write(data)
    tree.replaced_files = []
    with tree.lock:
        if tree in tree.active:
            tree.active.remove(tree)


def build(tree, out):
    env = {"OUT": out, "SRC": os.path.dirname(tree.root), "SANITIZER": "address", "FUZZ_CONFIGURATIONS": "release",
           "FUZZ_SEED_CORPORA": "0"}
    status, seconds, tail = tree.run([".clusterfuzzlite/build.sh"], timeout=3600, env=env)
    if status != 0:
        errors = [line for line in tail.splitlines() if "error:" in line]
        raise SystemExit(f"fuzz-detection: the fuzz build failed: {(errors or tail.splitlines()[-3:])}")
    return seconds


# --- the cache --------------------------------------------------------------------------------------------


def cache_key(mutation, patch_text, target, mode, seed, cap):
    sources = mutation.tree_fingerprint(["Sources", "FuzzTesting/Sources", "FuzzTesting/seed-corpus", "Vectors",
                                         "FuzzTesting/targets.sh", "FuzzTesting/handmade-seeds.py",
                                         "FuzzTesting/bplist.dict", "FuzzTesting/appinfo.dict",
                                         "FuzzTesting/taggedjson.dict", "FuzzTesting/image.dict",
                                         ".clusterfuzzlite/build.sh"])
    text = "\n".join([TRIAL_VERSION, sources, patch_text, target, mode, str(seed), str(cap)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cached(key):
    path = os.path.join(CACHE, key + ".json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    return None


def store(key, result):
    os.makedirs(CACHE, exist_ok=True)
    with open(os.path.join(CACHE, key + ".json.new"), "w", encoding="utf-8") as file:
        json.dump(result, file, indent=1)
    os.replace(os.path.join(CACHE, key + ".json.new"), os.path.join(CACHE, key + ".json"))


# --- the report ---------------------------------------------------------------------------------------------


def cell(run):
    if not run:
        return "–"
    median = "> %g" % run["cap"] if run["median_cpu"] is None else "%.1f" % run["median_cpu"]
    return "%s (%d/%d)" % (median, run["found"], run["trials"])


def yes_no(value):
    return {True: "yes", False: "**no**", None: "–"}[value]


def render_markdown(report):
    settings = report["settings"]
    summary = report["summary"]
    lines = ["# Fuzz detection: seeded bugs found", "",
             f"Generated by `{report['command']}` on {report['date']} (commit {report['commit']}, "
             f"{report['cores']} cores, load average at the end {' '.join(report['load_average'])}). Do not edit; "
             "see Docs/fuzz-detection.md.", "",
             "**%s**" % headline(report), "",
             f"Seeded bugs: manifest version {report['manifest_version']}, {len(report['bugs'])} bugs "
             f"(`FuzzTesting/seeded-bugs/`). Each cell: the median CPU seconds to the first finding over the trials "
             f"(found/trials); a trial that reaches its cap is censored and counts as infinite, so \"> cap\" means "
             f"half the trials or more found nothing within the cap. Trials: {trials_text(settings)}; seeds 1…N, "
             "release + ASan + libFuzzer, one process, the structure-aware mutator on. A finding counts only when "
             "its input passes the unpatched build.", "",
             f"Goal (issue #28): every seeded decoder bug found by at least one target within {GOAL_CORPUS} CPU s from "
             f"the corpus and within {GOAL_EMPTY} CPU s from an empty corpus.", "",
             "| bug | area | target | from corpus | from empty | first finding (corpus) |",
             "|---|---|---|---:|---:|---|"]
    for bug in report["bugs"]:
        for row in bug["targets"]:
            finding = row.get("finding", "") or ""
            lines.append("| %s | %s | %s | %s | %s | %s |" % (
                bug["id"], bug["area"], row["target"], cell(row.get("corpus")), cell(row.get("empty")),
                finding.replace("|", "\\|").replace("`", "'")[:120]))
    lines += ["", "## Verdict per bug", "",
              f"Found: some target's median ≤ {GOAL_CORPUS} CPU s from the corpus, ≤ {GOAL_EMPTY} CPU s from an "
              "empty corpus; – when not measured, or when every run stopped at a cap below the goal (nothing can be "
              "said).", "",
              "| bug | area | origin | found from corpus | found from empty | best target |",
              "|---|---|---|---|---|---|"]
    for bug in report["bugs"]:
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            bug["id"], bug["area"], bug["origin"], yes_no(bug["found_corpus"]), yes_no(bug["found_empty"]),
            bug.get("best_target") or "–"))
    lines += ["", "## False-positive control", "",
              "The unpatched build, every target the manifest names, for the same caps and seeds 1…N: a finding here "
              "means the harness reports bugs that are not seeded (a red campaign on the checkout).", "",
              "| target | mode | trials | CPU s each (cap) | findings |", "|---|---|---:|---:|---|"]
    for row in report["control"]:
        lines.append("| %s | %s | %d | %s | %s |" % (
            row["target"], row["mode"], row["trials"], row["cap"],
            "none" if not row["findings"] else "; ".join(row["findings"])[:200]))
    if not report["control"]:
        lines.append("| – | – | 0 | – | not run |")
    lines += ["", "## Diagnostics", "",
              "Execs per CPU second are in Reports/fuzz.md (make fuzz-report); the time to a finding is the "
              "measure here. Trials per bug and target, CPU seconds each (– censored at the cap):", ""]
    for bug in report["bugs"]:
        for row in bug["targets"]:
            for mode in ("corpus", "empty"):
                run = row.get(mode)
                if run:
                    times = ", ".join("–" if t is None else "%g" % t for t in run["times"])
                    lines.append(f"- {bug['id']} × {row['target']} ({mode}): {times}")
    if report.get("not_run"):
        lines += ["", f"Not run: {report['not_run']} runs of a bug's target or of the control were left out by the "
                  "time budget (DETECTION_BUDGET); their cells are – or count fewer trials."]
    lines += ["", f"Summary: {summary['decoder_found_corpus']} of {summary['decoder_bugs']} decoder bugs found from "
              f"the corpus, {summary['decoder_found_empty']} from an empty corpus "
              f"({summary['decoder_measured_empty']} measured); {summary['control_findings']} control findings."]
    return "\n".join(lines) + "\n"


def trials_text(settings):
    parts = []
    if "corpus" in settings["modes"]:
        parts.append("%d from the committed corpus (cap %g CPU s)" % (settings["trials"], settings["corpus_cap"]))
    if "empty" in settings["modes"]:
        parts.append("%d from an empty corpus (cap %g CPU s%s)" % (
            settings["empty_trials"], settings["empty_cap"],
            ", only each bug's quickest target from the corpus" if settings.get("empty_targets") == "best" else ""))
    text = ", ".join(parts) or "none"
    if settings.get("stop_censored"):
        text += "; a target that found nothing in its first trial was not tried again"
    if settings.get("budget_seconds"):
        text += "; trials were started for %g wall seconds at most" % settings["budget_seconds"]
    if settings.get("control_trials") not in (None, settings["trials"]):
        text += "; the control ran %d trial(s) per target and mode" % settings["control_trials"]
    return text


def headline(report):
    s = report["summary"]
    text = (f"{s['decoder_found_corpus']} of {s['decoder_bugs']} seeded decoder bugs found from the committed corpus "
            f"within {GOAL_CORPUS} CPU s by at least one target")
    if s.get("decoder_run_empty"):
        text += (f"; from an empty corpus {s['decoder_found_empty']} of the {s['decoder_run_empty']} run found within "
                 f"{min(GOAL_EMPTY, report['settings']['empty_cap']):g} CPU s")
        if report["settings"]["empty_cap"] < GOAL_EMPTY:
            text += f" (a cap below the goal's {GOAL_EMPTY} s: a censored run says nothing)"
    else:
        text += "; none measured from an empty corpus"
    if s["other_bugs"]:
        text += f" ({s['other_found_corpus']} of {s['other_bugs']} other seeded bugs from the corpus)"
    text += "; unpatched build: %s." % ("no finding" if s["control_findings"] == 0 else
                                        f"{s['control_findings']} findings")
    return text


def finish_report(report):
    """Verdicts per bug and the summary, from the per-target runs."""
    for bug in report["bugs"]:
        bug["found_corpus"] = verdict(bug["targets"], "corpus", GOAL_CORPUS)
        bug["found_empty"] = verdict(bug["targets"], "empty", GOAL_EMPTY)
        medians = [(row["corpus"]["median_cpu"], row["target"]) for row in bug["targets"]
                   if row.get("corpus") and row["corpus"]["median_cpu"] is not None]
        bug["best_target"] = min(medians)[1] if medians else None
    decoder = [b for b in report["bugs"] if b["area"] == "decoder"]
    other = [b for b in report["bugs"] if b["area"] != "decoder"]
    report["summary"] = {
        "decoder_bugs": len(decoder),
        "decoder_found_corpus": sum(1 for b in decoder if b["found_corpus"]),
        "decoder_found_empty": sum(1 for b in decoder if b["found_empty"]),
        "decoder_measured_empty": sum(1 for b in decoder if b["found_empty"] is not None),
        "decoder_run_empty": sum(1 for b in decoder if any(row.get("empty") for row in b["targets"])),
        "other_bugs": len(other),
        "other_found_corpus": sum(1 for b in other if b["found_corpus"]),
        "control_findings": sum(len(row["findings"]) for row in report["control"]),
        "goal_corpus_met": all(b["found_corpus"] for b in decoder) if decoder else None,
        "goal_empty_met": (all(b["found_empty"] for b in decoder)
                           if decoder and all(b["found_empty"] is not None for b in decoder) else None),
    }
    return report


class Baseline:
    """The unpatched fuzz targets, built once per run when first needed (the replay of findings, the control)."""

    def __init__(self, tree):
        self.tree = tree
        self.out = os.path.join(WORK, "out-baseline")
        self.built = False

    def ensure(self):
        if not self.built:
            log("building the unpatched fuzz targets")
            seconds = build(self.tree, self.out)
            log(f"unpatched build {seconds:.0f} s")
            self.built = True
        return self.out


class Budget:
    """DETECTION_BUDGET: after this many wall seconds no new trial starts (0: no limit); the trials left out are
    counted and reported as not run."""

    def __init__(self, seconds):
        self.deadline = time.monotonic() + seconds if seconds > 0 else None
        self.skipped = 0

    def allows(self):
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.skipped += 1
            return False
        return True


def run_bug(bug, args, plan, mutation, tree, fuzzers, baseline, budget):
    """Every trial of one seeded bug (from the cache, or run on its patched build, built once when needed)."""
    patch = os.path.join(BUGS, bug["patch"])
    patch_text = open(patch, encoding="utf-8").read()
    built = False
    runs = {}
    try:
        for mode, trials, cap in plan:
            targets = bug["targets"]
            if mode == "empty" and args.empty_targets == "best" and "corpus" in runs_modes(runs):
                medians = [(summarize(runs[(t, "corpus")], args.corpus_cap)["median_cpu"], index, t)
                           for index, t in enumerate(bug["targets"])]
                found = sorted(m for m in medians if m[0] is not None)
                targets = [found[0][2] if found else bug["targets"][0]]
            for target in targets:
                results = runs.setdefault((target, mode), [])
                for seed in range(1, trials + 1):
                    key = cache_key(mutation, patch_text, target, mode, seed, cap)
                    result = cached(key)
                    if result is None and not budget.allows():
                        break
                    if result is None:
                        if not built:
                            baseline.ensure()
                            apply_patch(tree, patch)
                            seconds = build(tree, tree.fuzz_out)
                            log(f"{bug['id']}: build {seconds:.0f} s")
                            built = True
                        result = run_trial(fuzzers, tree, baseline.out, target, mode, seed, cap)
                        store(key, result)
                        log(f"{bug['id']} × {target} {mode} seed {seed}: "
                            + (f"found in {result['cpu']:.1f} CPU s: {result.get('finding', '')[:100]}"
                               if result["found"] else f"nothing ({result.get('stopped')}, {result['cpu']:.1f} CPU s)"))
                    results.append(result)
                    if args.stop_censored and seed == 1 and not result["found"]:
                        break
    finally:
        restore(tree)
    rows = []
    for target in bug["targets"]:
        row = {"target": target}
        for mode, trials, cap in plan:
            if runs.get((target, mode)):
                row[mode] = summarize(runs[(target, mode)], cap)
        firsts = [r for r in runs.get((target, plan[0][0]), []) if r["found"]]
        row["finding"] = firsts[0].get("finding", "") if firsts else ""
        rows.append(row)
    return {key: bug[key] for key in ("id", "area", "origin", "models", "effect", "detection")} | {"targets": rows}


def runs_modes(runs):
    return {mode for (_, mode) in runs}


def run_trial(fuzzers, tree, baseline_out, target, mode, seed, cap):
    """One trial on the patched build; a finding whose input also fails the unpatched build is not counted."""
    result = fuzzers.trial(os.path.join(tree.fuzz_out, f"{target}_release"), target, mode, seed, cap)
    if result["found"]:
        passes = fuzzers.replay(os.path.join(baseline_out, f"{target}_release"), result["artifact"])
        result["unpatched_passes"] = passes
        if not passes:
            result["found"] = False
            result["stopped"] = "finding reproduces on the unpatched build"
    return result


# --- main -----------------------------------------------------------------------------------------------


class Interrupted(Exception):
    pass


def on_signal(number, _frame):
    raise Interrupted(f"signal {number}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--empty-trials", type=int, default=None, help="trials from an empty corpus (--trials)")
    parser.add_argument("--corpus-cap", type=float, default=GOAL_CORPUS)
    parser.add_argument("--empty-cap", type=float, default=GOAL_EMPTY)
    parser.add_argument("--modes", nargs="+", default=["corpus", "empty"], choices=["corpus", "empty"])
    parser.add_argument("--bugs", nargs="*", default=[], help="ids (or their number prefixes); all when empty")
    parser.add_argument("--no-control", action="store_true")
    parser.add_argument("--budget", type=float, default=0,
                        help="wall seconds after which no new trial starts (0: none); the rest is reported as not run")
    parser.add_argument("--control-trials", type=int, default=None, help="trials of the control per target and mode")
    parser.add_argument("--stop-censored", action="store_true",
                        help="a target that finds nothing in its first trial of a mode is not tried again")
    parser.add_argument("--empty-targets", choices=["all", "best"], default="all",
                        help="best: from empty, only the target quickest from the corpus (else the first named)")
    parser.add_argument("--out", default=os.path.join(ROOT, "Reports"))
    parser.add_argument("--command", default="make fuzz-detection")
    parser.add_argument("--check-patches", action="store_true")
    parser.add_argument("--render", nargs=2, metavar=("JSON", "OUT"))
    args = parser.parse_args()

    if args.render:
        with open(args.render[0], encoding="utf-8") as file:
            report = finish_report(json.load(file))
        with open(args.render[1], "w", encoding="utf-8") as file:
            file.write(render_markdown(report))
        return 0
    manifest = read_manifest()
    problems = check_patches(manifest)
    if args.check_patches or problems:
        for problem in problems:
            print(f"fuzz-detection: {problem}", file=sys.stderr)
        return 1 if problems else 0

    os.nice(max(0, 15 - os.nice(0)))
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, on_signal)
    empty_trials = args.trials if args.empty_trials is None else args.empty_trials
    chosen = [b for b in manifest["bugs"]
              if not args.bugs or any(b["id"] == want or b["id"].startswith(want + "-") for want in args.bugs)]
    mutation = load_mutation()
    tree = make_tree(mutation)
    fuzzers = Fuzzers(mutation, tree.root)
    baseline = Baseline(tree)
    budget = Budget(args.budget)
    started = time.monotonic()
    plan = [(mode, args.trials if mode == "corpus" else empty_trials,
             args.corpus_cap if mode == "corpus" else args.empty_cap) for mode in args.modes]
    report_bugs, control = [], []
    # The commit the scratch copy is made from (a later commit of the checkout does not reach the copy).
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    try:
        tree.sync()
        for bug in chosen:
            report_bugs.append(run_bug(bug, args, plan, mutation, tree, fuzzers, baseline, budget))
        if not args.no_control:
            targets = sorted({t for b in chosen for t in b["targets"]})
            for target in targets:
                for mode, trials, cap in plan:
                    findings, ran = [], 0
                    trials = trials if args.control_trials is None else args.control_trials
                    for seed in range(1, trials + 1):
                        key = cache_key(mutation, "", target, mode, seed, cap)
                        result = cached(key)
                        if result is None and not budget.allows():
                            break
                        if result is None:
                            binary = os.path.join(baseline.ensure(), f"{target}_release")
                            result = fuzzers.trial(binary, target, mode, seed, cap)
                            store(key, result)
                            log(f"control {target} {mode} seed {seed}: "
                                + ("FOUND " + result.get("finding", "") if result["found"] else "nothing"))
                        ran += 1
                        if result["found"]:
                            findings.append(f"seed {seed}: {result.get('finding', '')}")
                    if ran:
                        control.append({"target": target, "mode": mode, "trials": ran, "cap": cap,
                                        "findings": findings})
    except (Interrupted, KeyboardInterrupt) as error:
        log(f"stopped ({error}); every trial so far is cached, the next run resumes")
        return 130
    finally:
        fuzzers.kill()
        tree.kill_child()
        restore(tree)

    report = finish_report({
        "command": args.command,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit,
        "cores": os.cpu_count(),
        "load_average": open("/proc/loadavg").read().split()[:3],
        "manifest_version": manifest["version"],
        "settings": {"trials": args.trials, "empty_trials": empty_trials, "corpus_cap": args.corpus_cap,
                     "empty_cap": args.empty_cap, "modes": args.modes, "stop_censored": args.stop_censored,
                     "empty_targets": args.empty_targets,
                     "control_trials": args.trials if args.control_trials is None else args.control_trials,
                     "budget_seconds": args.budget},
        "not_run": budget.skipped,
        "wall_seconds": round(time.monotonic() - started),
        "bugs": report_bugs,
        "control": control,
    })
    mutation.write_report(args.out, "fuzz-detection", report, render_markdown(report))
    log(f"wrote {args.out}/fuzz-detection.{{json,md}}: {headline(report)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

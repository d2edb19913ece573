#!/usr/bin/env python3
"""FuzzTesting/mutation/mutation.py - make mutation: how strong the suite is, measured by mutants.

Generates mutants of the reference's modules with universalmutator (FuzzTesting/mutation/swift.rules,
the tool pinned in requirements.txt and installed into .build/mutation/venv), applies each one in turn
to a scratch copy of the checkout (.build/mutation/tree-N, never the checkout itself; with --in-place, the
checkout, for CI's throwaway clone that `make test` has just built), and judges it:

  1. build `xds` (debug, incremental); a mutant that does not compile is discarded and counted;
  2. the vectors: `xds conformance --impl reference`, any deviation at any level kills;
  3. the module's unit tests: `swift test --skip-build --filter <Module>Tests`;
  4. a short fuzz campaign of the targets that reach the module (release + ASan, fixed seed, bounded time).

The first judge that fails the mutant kills it; the rest are not run. Every verdict is cached under
.build/mutation/cache/ by the SHA-256 of the mutant's diff, so a run that is stopped resumes where it
was. Survivors listed in FuzzTesting/mutation/equivalent.txt (id, file:line, reason) count as equivalent.
Writes Reports/mutation.json and Reports/mutation.md. Docs/mutation.md says how to read them.
"""

import argparse
import datetime
import difflib
import hashlib
import json
import os
import re
import signal
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import judge_reach  # noqa: E402  (which lines each judge executes: a judge runs only where it does)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HERE = os.path.join(ROOT, "FuzzTesting", "mutation")
WORK = os.path.join(ROOT, ".build", "mutation")
CACHE = os.path.join(WORK, "cache")
RULES = os.path.join(HERE, "swift.rules")
REQUIREMENTS = os.path.join(HERE, "requirements.txt")
EQUIVALENT = os.path.join(HERE, "equivalent.txt")

# The modules mutated and the fuzz targets whose oracles reach each (Docs/mutation.md, "Oracle independence").
MODULES = {
    "BinaryPlist": ["FuzzPlistRoundTrip", "FuzzPlistDifferential", "FuzzAttribute", "FuzzTaggedJSON"],
    "DocumentSource": ["FuzzAttribute"],
    "Icons": ["FuzzIconSelection", "FuzzAppInfoParser", "FuzzIconImage"],
    "TaggedJSON": ["FuzzTaggedJSON", "FuzzAdapterOutput"],
    "AttributeFiles": [],
}
# Bumped when a judge changes meaning, so that cached survivors are judged again.
JUDGE_VERSION = "2"
KILLED = ("killed-vectors", "killed-tests", "killed-fuzz")


def log(message):
    print(f"mutation: {message}", flush=True)


def sha256(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- the tool -------------------------------------------------------------------------------------------


def ensure_tool():
    """The pinned universalmutator in .build/mutation/venv (installed again when requirements.txt changes)."""
    venv = os.path.join(WORK, "venv")
    stamp = os.path.join(venv, "requirements.sha256")
    want = sha256(open(REQUIREMENTS, encoding="utf-8").read())
    mutate = os.path.join(venv, "bin", "mutate")
    if os.path.exists(mutate) and os.path.exists(stamp) and open(stamp, encoding="utf-8").read() == want:
        return mutate
    log("installing universalmutator into .build/mutation/venv")
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "--no-deps", "--require-hashes",
                    "-r", REQUIREMENTS], check=True)
    with open(stamp, "w") as file:
        file.write(want)
    return mutate


# --- mutants --------------------------------------------------------------------------------------------


def mutant_diff(path, original, mutated):
    """The unified diff of one mutant and its id: the SHA-256 of the diff without the hunk's line numbers,
    so that an edit elsewhere in the file keeps every other mutant's id (and its cached verdict)."""
    diff = "".join(difflib.unified_diff(original, mutated, "a/" + path, "b/" + path, n=2))
    stable = re.sub(r"^@@ .* @@", "@@", diff, flags=re.M)
    return diff, sha256(stable)


# Compilation conditions whose value on this platform (Linux) is known; any other condition counts as true, so a
# mutant is left out only where the code is certainly not compiled here.
KNOWN_CONDITIONS = {"canImport(Darwin)": False, "os(macOS)": False, "os(iOS)": False, "canImport(Glibc)": True,
                    "os(Linux)": True}


def condition_value(text):
    text = text.strip()
    if text.startswith("!"):
        value = condition_value(text[1:])
        return None if value is None else not value
    return KNOWN_CONDITIONS.get(text)


def inactive_lines(lines):
    """The 1-based numbers of the lines inside `#if` branches this platform certainly does not compile."""
    inactive, frames = set(), []  # per open #if: [this branch's value, a branch taken, every branch so far false]
    for number, line in enumerate(lines, 1):
        words = line.strip().split(None, 1)
        directive, condition = (words + [""])[:2] if words else ("", "")
        if directive == "#if":
            value = condition_value(condition)
            frames.append([value, value is True, value is False])
        elif directive == "#elseif" and frames:
            frame = frames[-1]
            value = False if frame[1] else condition_value(condition)
            frame[:] = [value, frame[1] or value is True, frame[2] and value is False]
        elif directive == "#else" and frames:
            frame = frames[-1]
            frame[0] = False if frame[1] else (True if frame[2] else None)
        elif directive == "#endif" and frames:
            frames.pop()
        elif any(frame[0] is False for frame in frames):
            inactive.add(number)
    return inactive


def generate(mutate, modules):
    """Every mutant of every Swift file of the modules, in a fixed order, without duplicates, and per module the
    number left out because their line is in code this platform does not compile (`#if canImport(Darwin)`)."""
    mutants, left_out = [], {}
    seen = set()
    for module in modules:
        directory = os.path.join(ROOT, "Sources", module)
        names = sorted(os.path.relpath(os.path.join(folder, name), directory)
                       for folder, _, files in os.walk(directory) for name in files if name.endswith(".swift"))
        left_out[module] = 0
        for name in names:
            path = f"Sources/{module}/{name}"
            source = os.path.join(ROOT, path)
            out = os.path.join(WORK, "generated", module, name[:-6])
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            subprocess.run([mutate, source, "--only", RULES, "--noCheck", "--mutantDir", out],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            original = open(source, encoding="utf-8").read().splitlines(keepends=True)
            not_compiled = inactive_lines(original)
            files = [f for f in os.listdir(out) if ".mutant." in f]
            files.sort(key=lambda f: int(f.split(".mutant.")[1].split(".")[0]))
            for file in files:
                text = open(os.path.join(out, file), encoding="utf-8").read()
                mutated = text.splitlines(keepends=True)
                if mutated == original:
                    continue
                diff, ident = mutant_diff(path, original, mutated)
                if ident in seen:
                    continue
                seen.add(ident)
                line = next((i + 1 for i, (a, b) in enumerate(zip(original, mutated)) if a != b),
                            min(len(original), len(mutated)) + 1)
                if line in not_compiled:
                    left_out[module] += 1
                    continue
                mutants.append({"id": ident, "module": module, "path": path, "line": line, "diff": diff,
                                "text": text})
    return mutants, left_out


def sample(mutants, count, seed):
    """MUTANTS=N: each module's N mutants ranked first by the SHA-256 of the seed and the mutant's id (all of them
    when N is 0). The id leaves out line numbers, so an edit changes the draw only by the mutants it removes or
    adds: two commits' runs judge mostly the same mutants, and their scores compare. A larger N extends a smaller
    one's sample (and reuses its cached verdicts); the order the mutants were generated in does not matter."""
    if count <= 0:
        return list(mutants)
    chosen = []
    for module in MODULES:
        pool = sorted((m for m in mutants if m["module"] == module), key=lambda m: sha256(f"{seed}:{m['id']}"))
        chosen += pool[:count]
    return chosen


def read_equivalents():
    """FuzzTesting/mutation/equivalent.txt: `ID FILE:LINE # reason` per line; a line without a reason is an error."""
    listed = {}
    if not os.path.exists(EQUIVALENT):
        return listed
    for number, raw in enumerate(open(EQUIVALENT, encoding="utf-8"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, _, reason = line.partition("#")
        fields = head.split()
        if len(fields) != 2 or not reason.strip():
            sys.exit(f"mutation: {EQUIVALENT}:{number}: want `ID FILE:LINE # reason`, got: {line}")
        listed[fields[0]] = {"where": fields[1], "reason": reason.strip()}
    return listed


def equivalent_entry(listed, ident):
    return next((entry | {"id": key} for key, entry in listed.items() if ident.startswith(key)), None)


# --- the scratch trees ----------------------------------------------------------------------------------


class Interrupted(Exception):
    pass


def descendants(pid):
    """Every process below pid, read from /proc: `swift test` runs the test binary in a process group of its own,
    so killing the child's group alone left a runaway test running after its timeout."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as file:
                    parent = int(file.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    found, pending = [], [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


def kill_group(child):
    """Kills a started child's whole process group (it runs in its own) and every process below it, whatever group
    it moved to; nothing when there is none or it is gone."""
    if child is not None:
        for pid in descendants(child.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class Tree:
    """A scratch copy of the checkout with its own .build; every mutant is applied here, and only here."""

    active = []  # (tree) with a file replaced or a child running, for the signal handler
    lock = threading.Lock()

    def __init__(self, index, in_place=False):
        self.root = ROOT if in_place else os.path.join(WORK, "tree" if index == 0 else f"tree-{index}")
        self.in_place = in_place
        self.index = index
        self.child = None
        self.replaced = None  # (path, original bytes)
        self.fuzz_out = os.path.join(WORK, f"fuzz-out-{index}")
        self.fuzz_built = False

    def sync(self):
        """Copies every tracked and untracked-but-not-ignored file of the checkout that differs (by content)."""
        if self.in_place:
            return
        os.makedirs(self.root, exist_ok=True)
        for attempt in range(3):
            files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                                   capture_output=True).stdout
            copy = subprocess.run(["rsync", "-a", "--checksum", "--from0", "--files-from=-", "./", self.root + "/"],
                                  cwd=ROOT, input=files)
            # 24: a listed file vanished before rsync read it (the checkout changed meanwhile): list and copy again.
            if copy.returncode != 24 or attempt == 2:
                break
        if copy.returncode != 0:
            raise subprocess.CalledProcessError(copy.returncode, copy.args)
        self.remove_stale(set(files.decode("utf-8", "surrogateescape").split("\0")) - {""})

    def remove_stale(self, listed):
        """Deletes the copy's files that the checkout no longer has (moved or deleted sources would otherwise
        still compile, or leave stale modules behind), keeping what the checkout's .gitignore ignores (builds)."""
        present, directories = [], []
        for directory, subdirectories, names in os.walk(self.root):
            subdirectories[:] = [d for d in subdirectories if d not in (".build", ".git")]
            directories.append(directory)
            for name in names:
                path = os.path.relpath(os.path.join(directory, name), self.root)
                if path not in listed:
                    present.append(path)
        if present:
            ignored = subprocess.run(["git", "check-ignore", "--no-index", "--stdin", "-z"], cwd=ROOT,
                                     capture_output=True,
                                     input="\0".join(present).encode("utf-8", "surrogateescape")).stdout
            keep = set(ignored.decode("utf-8", "surrogateescape").split("\0"))
            for path in present:
                if path not in keep:
                    os.remove(os.path.join(self.root, path))
        for directory in reversed(directories[1:]):
            if not os.listdir(directory):
                os.rmdir(directory)

    def apply(self, mutant):
        path = os.path.join(self.root, mutant["path"])
        with open(path, "rb") as file:
            self.replaced = (path, file.read())
        with Tree.lock:
            Tree.active.append(self)
        with open(path, "w", encoding="utf-8") as file:
            file.write(mutant["text"])

    def restore(self):
        if self.replaced:
            path, data = self.replaced
            with open(path, "wb") as file:
                file.write(data)
            self.replaced = None
        with Tree.lock:
            if self in Tree.active:
                Tree.active.remove(self)

    def run(self, command, timeout, env=None, cwd=None):
        """(status or "timeout", seconds, output tail) of a command in the tree, in its own process group."""
        started = time.monotonic()
        with tempfile.TemporaryFile() as output:
            self.child = subprocess.Popen(command, cwd=cwd or self.root, stdout=output, stderr=subprocess.STDOUT,
                                          stdin=subprocess.DEVNULL, start_new_session=True,
                                          env=dict(os.environ, **(env or {})))
            try:
                status = self.child.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                kill_group(self.child)
                self.child.wait()
                status = "timeout"
            finally:
                self.child = None
            output.seek(0)
            tail = output.read().decode("utf-8", "replace")[-20000:]
        return status, time.monotonic() - started, tail

    def forget_objects(self, mutant):
        """Deletes what the debug build made of the mutant's file (its object and dependency files), so that the next
        build compiles it afresh whatever the incremental build believes."""
        stem = os.path.basename(mutant["path"])[:-len(".swift")]
        folder = os.path.join(self.root, ".build", "debug", f"{mutant['module']}.build")
        for name in (f"{stem}.swift.o", f"{stem}.swiftdeps", f"{stem}.d"):
            path = os.path.join(folder, name)
            if os.path.exists(path):
                os.remove(path)

    def kill_child(self):
        kill_group(self.child)


def module_sources(modules):
    """{path: SHA-256} of every Swift file of the modules in the checkout (what --in-place must leave as it found)."""
    digests = {}
    for module in modules:
        folder = os.path.join(ROOT, "Sources", module)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), "rb") as file:
                    digests[os.path.join("Sources", module, name)] = hashlib.sha256(file.read()).hexdigest()
    return digests


def on_signal(number, _frame):
    raise Interrupted(f"signal {number}")


# --- the judges -----------------------------------------------------------------------------------------


class Judges:
    def __init__(self, tree, fuzz_seconds, timeouts):
        self.tree = tree
        self.fuzz_seconds = fuzz_seconds
        self.timeouts = timeouts

    def build(self):
        return self.tree.run(["swift", "build", "--product", "xds"], timeout=3600)

    def vectors(self, areas=None):
        """(killed, seconds, detail): any deviation of the reference, at any level, or a crash of xds itself, in
        the areas given (all by default)."""
        with tempfile.TemporaryDirectory() as scratch:
            listed = os.path.join(scratch, "deviations.txt")
            status, seconds, tail = self.tree.run(
                [".build/debug/xds", "conformance", "--vectors", "Vectors", "--impl", "reference", "--jobs", "2",
                 "--write-known-failures", listed] + (["--area", ",".join(areas)] if areas else []),
                timeout=self.timeouts["vectors"])
            deviations = []
            if os.path.exists(listed):
                deviations = [line.split()[0] for line in open(listed, encoding="utf-8")
                              if line.strip() and not line.startswith("#")]
        if status != 0:
            return True, seconds, f"xds conformance: {status}: {last_line(tail)}"
        if deviations:
            shown = ", ".join(deviations[:5]) + (" …" if len(deviations) > 5 else "")
            return True, seconds, f"{len(deviations)} deviations: {shown}"
        return False, seconds, ""

    def build_tests(self):
        return self.tree.run(["swift", "build", "--build-tests"], timeout=3600)

    def tests(self, module):
        status, seconds, tail = self.tree.run(
            ["swift", "test", "--skip-build", "--filter", f"^{module}Tests\\."], timeout=self.timeouts["tests"])
        if status != 0:
            # Swift Testing marks a failure with ✘, XCTest with "error:"; a bare "error" may be a test's argument.
            lines = tail.splitlines()
            failed = ([line for line in lines if "✘" in line or "error:" in line]
                      or [line for line in lines if "failed" in line])
            return True, seconds, f"swift test: {status}: {(failed or [last_line(tail)])[0].strip()[:300]}"
        return False, seconds, ""

    def build_fuzz(self):
        env = {"OUT": self.tree.fuzz_out, "SRC": os.path.dirname(self.tree.root), "SANITIZER": "address",
               "FUZZ_CONFIGURATIONS": "release", "FUZZ_SEED_CORPORA": "0"}
        return self.tree.run([".clusterfuzzlite/build.sh"], timeout=3600, env=env)

    def campaign(self, target, corpus, seconds):
        """(status, seconds, output tail) of one campaign of the built target: its seed corpus copied into
        `corpus` (where libFuzzer also keeps what it finds), -seed=1, `seconds` long."""
        seeds = f'. FuzzTesting/targets.sh && FUZZ_ROOT="$PWD" && fuzz_seeds {target} "{corpus}"'
        self.tree.run(["bash", "-c", seeds], timeout=600)
        artifacts = corpus + "-artifacts"
        os.makedirs(artifacts, exist_ok=True)
        binary = os.path.join(self.tree.fuzz_out, f"{target}_release")
        return self.tree.run(
            [binary, "-seed=1", f"-max_total_time={seconds}", f"-max_len={fuzz_max_len(target)}", "-timeout=10",
             "-rss_limit_mb=2048", f"-artifact_prefix={artifacts}/", f"-dict=FuzzTesting/{fuzz_dict(target)}",
             corpus],
            timeout=seconds * 4 + 120,
            env={"SWIFT_BACKTRACE": "enable=no", "ASAN_OPTIONS": "malloc_context_size=0", "XDS_FUZZ_MUTATOR": "1"})

    def fuzz(self, targets):
        """A campaign of fuzz_seconds per target from its seed corpus, -seed=1; any finding kills."""
        total = 0.0
        for target in targets:
            with tempfile.TemporaryDirectory() as scratch:
                status, seconds, tail = self.campaign(target, os.path.join(scratch, "corpus"), self.fuzz_seconds)
                total += seconds
                if status != 0:
                    return True, total, f"{target}: {status}: {fuzz_finding(tail)}"
        return False, total, ""


def fuzz_dict(target):
    return targets_sh("fuzz_dict", target)


def fuzz_max_len(target):
    return int(targets_sh("fuzz_max_len", target))


def targets_sh(function, target):
    """What FuzzTesting/targets.sh, the one list of the targets' settings, says of a target."""
    status = subprocess.run(["bash", "-c", f'. FuzzTesting/targets.sh && {function} {target}'], cwd=ROOT,
                            capture_output=True, text=True, check=True)
    return status.stdout.strip()


def fuzz_finding(text):
    """The line that says what the fuzzer found: the oracle's finding, else libFuzzer's or a sanitizer's error."""
    lines = text.splitlines()
    for marker in ("FUZZ FINDING", "ERROR: libFuzzer", "ERROR: AddressSanitizer", "Fatal error", "ERROR"):
        found = [line for line in lines if marker in line]
        if found:
            return found[0].strip()[:300]
    return last_line(text)


def first_error(text):
    """A build's first error line (else its last line): why a mutant did not compile."""
    errors = [line for line in text.splitlines() if "error:" in line]
    return (errors or [last_line(text)])[0].strip()[:300]


def last_line(text):
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].strip()[:300] if lines else ""


def baseline(tree, modules, fuzz, floor=(120, 300)):
    """Builds the unmutated tree and checks that every judge passes it; returns the timeouts from its times: five
    times the baseline's, at least `floor` (vectors, tests) seconds."""
    judges = Judges(tree, fuzz, {"vectors": 3600, "tests": 3600})
    status, seconds, tail = judges.build()
    if status != 0:
        sys.exit(f"mutation: the unmutated tree does not build:\n{tail}")
    log(f"baseline build {seconds:.0f} s")
    killed, vector_seconds, detail = judges.vectors()
    if killed:
        sys.exit(f"mutation: the unmutated reference deviates from the vectors: {detail}")
    status, seconds, tail = judges.build_tests()
    if status != 0:
        sys.exit(f"mutation: the unmutated tests do not build:\n{tail}")
    test_seconds = 0.0
    for module in modules:
        killed, seconds, detail = judges.tests(module)
        if killed:
            sys.exit(f"mutation: {module}Tests fail on the unmutated tree: {detail}")
        test_seconds = max(test_seconds, seconds)
    log(f"baseline vectors {vector_seconds:.0f} s, slowest module tests {test_seconds:.0f} s")
    return {"vectors": max(floor[0], 5 * vector_seconds), "tests": max(floor[1], 5 * test_seconds)}


def judge(tree, mutant, judges, fuzz_targets, fuzz_enabled, reach=None):
    """The verdict of one mutant: uncompiled, killed-vectors, killed-tests, killed-fuzz or survived. With a reach
    map, the vectors run only in the areas that execute the mutant's line and the tests only if they execute it
    (a judge that never runs the line cannot tell the mutant from the original); `skipped` says which did not."""
    started = time.monotonic()
    result = {"id": mutant["id"], "module": mutant["module"], "judge": JUDGE_VERSION, "steps": {}}
    needed = judges_needed(mutant, reach, fuzz_targets, fuzz_enabled)
    areas, tests_run, fuzz_targets = needed["areas"], needed["tests"], needed["fuzz"]
    skipped = ([] if areas else ["vectors"]) + ([] if tests_run else ["tests"])
    # Judged by fuzzing: every target that reaches the module ran, or the map says its campaign never runs the line.
    fuzzed = needed["fuzzed"]
    if fuzzed and not fuzz_targets:
        skipped.append("fuzzing")
    if reach and fuzzed:
        result["fuzz_targets"] = fuzz_targets
    if reach:
        result["reach"] = reach.key
    result["judged"] = needed
    tree.apply(mutant)
    try:
        status, seconds, tail = judges.build()
        result["steps"]["build"] = round(seconds, 1)
        if status != 0:
            result.update(verdict="uncompiled", detail=first_error(tail))
            return finish(result, started)
        if vectors_and_tests(judges, mutant, areas, tests_run, result):
            return finish(result, started)
        if areas or tests_run:
            # Survived: judged once more after its file is compiled afresh, since an incremental build that missed
            # the mutated file (seen once, after five uncompiled mutants of one module) would pass the original.
            tree.forget_objects(mutant)
            status, seconds, tail = judges.build()
            result["steps"]["rebuild"] = round(seconds, 1)
            if status != 0:
                result.update(verdict="uncompiled", detail=first_error(tail))
                return finish(result, started)
            if vectors_and_tests(judges, mutant, areas, tests_run, result, again=True):
                result["detail"] = "after a rebuild of its file (not before): " + result["detail"]
                return finish(result, started)
        if fuzz_targets:
            status, seconds, tail = judges.build_fuzz()
            result["steps"]["build-fuzz"] = round(seconds, 1)
            if status != 0:
                result.update(verdict="uncompiled", detail="fuzz: " + first_error(tail))
                return finish(result, started)
            killed, seconds, detail = judges.fuzz(fuzz_targets)
            result["steps"]["fuzz"] = round(seconds, 1)
            if killed:
                result.update(verdict="killed-fuzz", detail=detail)
                return finish(result, started)
        names = {"vectors": "the vectors", "tests": f"{mutant['module']}Tests", "fuzzing": "the fuzz campaigns"}
        result.update(verdict="survived", fuzzed=fuzzed,
                      detail=("its line never runs in " + either([names[s] for s in skipped])) if skipped else "")
        if skipped:
            result["skipped"] = skipped
        return finish(result, started)
    finally:
        tree.restore()


def vectors_and_tests(judges, mutant, areas, tests_run, result, again=False):
    """Runs the vectors (in `areas`) and then the module's tests (if `tests_run`); sets the verdict and returns True
    when one of them kills the mutant (or the tests do not compile against it)."""
    step = (lambda name: name + "-again") if again else (lambda name: name)
    if areas:
        killed, seconds, detail = judges.vectors(None if len(areas) == len(judge_reach.AREAS) else areas)
        result["steps"][step("vectors")] = round(seconds, 1)
        if killed:
            result.update(verdict="killed-vectors", detail=detail)
            return True
    if tests_run:
        status, seconds, tail = judges.build_tests()
        result["steps"][step("build-tests")] = round(seconds, 1)
        if status != 0:
            result.update(verdict="uncompiled", detail="tests: " + first_error(tail))
            return True
        killed, seconds, detail = judges.tests(mutant["module"])
        result["steps"][step("tests")] = round(seconds, 1)
        if killed:
            result.update(verdict="killed-tests", detail=detail)
            return True
    return False


def judges_needed(mutant, reach, fuzz_targets, fuzz_enabled):
    """Which judges a mutant goes to: the areas of the vectors, whether the module's tests, and which fuzz targets
    (`fuzzed`: fuzzing was on and some target reaches the module). With a reach map, only those that execute its
    line; without one, all of them. judge() runs these, and a cached survivor stands only if it went to them all."""
    areas = reach.vectors_areas(mutant) if reach else list(judge_reach.AREAS)
    tests = reach.tests_run(mutant) if reach else True
    targets = list(fuzz_targets) if fuzz_enabled else []
    if reach and targets and reach.fuzz_seconds is not None:
        targets = reach.fuzz_targets(mutant, targets)
    return {"areas": areas, "tests": tests, "fuzz": targets, "fuzzed": bool(fuzz_enabled and fuzz_targets)}


def either(words):
    """"a", "a or b", "a, b or c"."""
    return " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def finish(result, started):
    result["seconds"] = round(time.monotonic() - started, 1)
    return result


# --- the cache ------------------------------------------------------------------------------------------


def all_killed(mutants):
    """Whether every mutant has a cached kill by the vectors or a non-compiling verdict, which stand whatever the
    map says (then no judge, and no map, is needed)."""
    for mutant in mutants:
        path = os.path.join(CACHE, mutant["id"] + ".json")
        if not os.path.exists(path) or json.load(open(path, encoding="utf-8")).get("verdict") not in \
                ("killed-vectors", "uncompiled"):
            return False
    return True


def cached(mutant, needed):
    """A verdict of an earlier run: a kill by the vectors or a non-compiling mutant stands; a kill by the tests or by
    fuzzing stands while the judges before them are unchanged (below). A survivor stands only if it went to
    every judge it goes to now (`needed`, from judges_needed: the areas of the vectors, the tests, the fuzz targets,
    fuzzing on or off) and none of those judges changed since: each part it was judged by (one area's vectors, its
    module's tests, the fuzz targets) has the fingerprint it had then. So a new test of another module, or a new
    vector of another area, leaves it standing; one that could kill it sends it back to the judges."""
    path = os.path.join(CACHE, mutant["id"] + ".json")
    if not os.path.exists(path):
        return None
    entry = json.load(open(path, encoding="utf-8"))
    if entry.get("verdict") in ("killed-vectors", "uncompiled"):
        return entry
    judged = entry.get("judged")
    if entry.get("verdict") in KILLED:
        # A kill stays a kill, but which judge made it is part of the verdict (the vectors score counts the
        # vectors' kills): a kill by the tests stands while the vectors that ran before them are unchanged, a kill
        # by fuzzing while the vectors and the tests are, so that a new vector that kills it is credited.
        if not isinstance(judged, dict) or not isinstance(entry.get("suite"), dict):
            return entry  # judged before the parts were recorded: kept as judged
        earlier = {"areas": needed["areas"], "tests": needed["tests"] and entry["verdict"] == "killed-fuzz"}
        covers = set(earlier["areas"]) <= set(judged.get("areas", [])) and (judged.get("tests") or not earlier["tests"])
        unchanged = all(entry["suite"].get(part) == fingerprint
                        for part, fingerprint in suite_parts(mutant["module"], earlier).items())
        return entry if covers and unchanged else None
    if entry.get("judge") != JUDGE_VERSION or not isinstance(judged, dict) or \
            not isinstance(entry.get("suite"), dict):
        return None
    covers = set(needed["areas"]) <= set(judged.get("areas", [])) and \
        (judged.get("tests") or not needed["tests"]) and \
        (judged.get("fuzzed") or not needed["fuzzed"]) and set(needed["fuzz"]) <= set(judged.get("fuzz", []))
    unchanged = entry["suite"] == suite_parts(mutant["module"], judged)
    return entry if covers and unchanged else None


def suite_parts(module, judged):
    """The fingerprint of each part of the suite that judged a mutant ({"vectors:plist": …, "tests": …,
    "fuzz": …}), for the areas, tests and fuzz targets in `judged`."""
    parts = {f"vectors:{area}": part_fingerprint(f"vectors:{area}") for area in judged.get("areas", [])}
    if judged.get("tests"):
        parts["tests"] = part_fingerprint(f"tests:{module}")
    if judged.get("fuzz"):
        parts["fuzz"] = part_fingerprint("fuzz")
    return parts


def part_fingerprint(part):
    """The SHA-256 of one part of the suite as it is in the checkout:
    - `vectors:<area>`: the manifest's entries of that area (and its other fields), and the files under
      Vectors/<area>/;
    - `tests:<Module>`: the module's test target, TestSupport and Package.swift, and the vectors too when the
      module's tests name a file under Vectors/ (IconsTests reads the icons vectors);
    - `fuzz`: the fuzz targets' sources and their seed corpus."""
    if part not in _parts:
        kind, _, name = part.partition(":")
        if kind == "vectors":
            manifest = json.load(open(os.path.join(ROOT, "Vectors", "manifest.json"), encoding="utf-8"))
            entries = [entry for entry in manifest.get("vectors", []) if entry.get("area") == name]
            rest = {key: value for key, value in manifest.items() if key != "vectors"}
            text = json.dumps([rest, entries], sort_keys=True) + tree_fingerprint([f"Vectors/{name}"])
        elif kind == "tests":
            paths = ["Package.swift", "Tests/TestSupport", f"Tests/{name}Tests"]
            text = tree_fingerprint(paths + (["Vectors"] if tests_read_vectors(name) else []))
        else:
            text = tree_fingerprint(["FuzzTesting/Sources", "FuzzTesting/seed-corpus"])
        _parts[part] = sha256(text)
    return _parts[part]


_parts = {}


def tests_read_vectors(module):
    """Whether the module's tests name a file under Vectors/ (a quoted path starting "Vectors/")."""
    directory = os.path.join(ROOT, "Tests", f"{module}Tests")
    for folder, _, files in os.walk(directory):
        for name in files:
            if name.endswith(".swift") and '"Vectors/' in open(os.path.join(folder, name), encoding="utf-8").read():
                return True
    return False


def reach_fingerprint():
    """What the lines each judge executes depend on: every source, vector and test, and the build's manifest."""
    return tree_fingerprint(["Package.swift", "Sources", "Vectors", "Tests", "FuzzTesting/Sources",
                             "FuzzTesting/seed-corpus"])


_fingerprints = {}


def tree_fingerprint(paths):
    """The SHA-256 of the files under `paths` as they are in the checkout (also make fuzz-detection's cache key)."""
    key = tuple(paths)
    if key not in _fingerprints:
        listing = subprocess.run(["git", "ls-files", "-s", "--", *paths], cwd=ROOT, capture_output=True, text=True,
                                 check=True).stdout
        blobs = {line.split("\t", 1)[1]: line.split()[1] for line in listing.splitlines()}
        # Files changed or added since the last commit count by their content, as they will once committed.
        changed = subprocess.run(["git", "ls-files", "-m", "-o", "--exclude-standard", "--", *paths], cwd=ROOT,
                                 capture_output=True, text=True, check=True).stdout.splitlines()
        present = [path for path in changed if os.path.isfile(os.path.join(ROOT, path))]
        if present:
            hashes = subprocess.run(["git", "hash-object", "--stdin-paths"], cwd=ROOT, input="\n".join(present),
                                    capture_output=True, text=True, check=True).stdout.split()
            blobs.update(zip(present, hashes))
        for path in changed:
            if path not in present:
                blobs.pop(path, None)
        _fingerprints[key] = sha256("".join(f"{blob} {path}\n" for path, blob in sorted(blobs.items())))
    return _fingerprints[key]


def store(result):
    os.makedirs(CACHE, exist_ok=True)
    if "judged" in result:
        result["suite"] = suite_parts(result["module"], result["judged"])
    path = os.path.join(CACHE, result["id"] + ".json")
    with open(path + ".new", "w", encoding="utf-8") as file:
        json.dump(result, file, indent=1)
    os.replace(path + ".new", path)


# --- the report -----------------------------------------------------------------------------------------


def percent(part, whole):
    return round(100.0 * part / whole, 1) if whole else None


def summarize(rows):
    counts = {key: sum(1 for row in rows if row["verdict"] == key)
              for key in ("uncompiled",) + KILLED + ("survived", "equivalent")}
    compiled = len(rows) - counts["uncompiled"]
    judged = compiled - counts["equivalent"]
    killed = sum(counts[key] for key in KILLED)
    return {"judged": len(rows), "compiled": compiled, **counts,
            "vectors_score": percent(counts["killed-vectors"], judged), "total_score": percent(killed, judged)}


def write_reports(args, pool, left_out, rows, stale, wall, measured):
    modules = {}
    for module in args.modules:
        generated = sum(1 for m in pool if m["module"] == module)
        modules[module] = {"generated": generated, **summarize([r for r in rows if r["module"] == module])}
    overall = {"generated": len(pool), **summarize(rows)}
    # Every verdict keeps the time it took when it was judged, so the mean is the sample's, cached or not.
    mean = sum(r["seconds"] for r in rows) / len(rows) if rows else None
    report = {
        "command": args.command,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "tool": "universalmutator 1.14.1, rules FuzzTesting/mutation/swift.rules",
        "sample": {"mutants_per_module": args.mutants, "seed": args.seed, "paths": args.paths},
        "fuzz_seconds_per_target": args.fuzz_seconds if not args.no_fuzz else 0,
        "judges_where_they_run": not args.no_reach,
        "wall_seconds": round(wall),
        "judged_this_run": len(measured),
        "mean_seconds_per_mutant": round(mean, 1) if mean else None,
        "jobs": max(1, args.jobs),
        # Each job judges one mutant at a time: the wall time of all of them at this run's rate.
        "projected_full_run_hours": round(mean * len(pool) / max(1, args.jobs) / 3600, 1) if mean else None,
        "modules": modules,
        "overall": overall,
        "not_compiled_here": {module: left_out.get(module, 0) for module in args.modules},
        "stale_equivalents": stale,
        "mutants": [{key: row[key] for key in ("id", "module", "path", "line", "verdict", "detail", "seconds")}
                    | ({"diff": row["diff"]} if row["verdict"] in ("survived", "equivalent") else {})
                    | ({"reason": row["reason"]} if row.get("reason") else {}) for row in rows],
    }
    write_report(args.out, "mutation", report, render_markdown(report))


def write_report(directory, stem, report, markdown):
    """Writes <directory>/<stem>.json (the source) and <stem>.md."""
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, stem + ".json"), "w", encoding="utf-8") as file:
        json.dump(report, file, indent=1)
        file.write("\n")
    with open(os.path.join(directory, stem + ".md"), "w", encoding="utf-8") as file:
        file.write(markdown)


def not_compiled_sentence(counts):
    """The header's note on the mutants left out because this platform does not compile their line."""
    total = sum(counts.values())
    if not total:
        return ""
    parts = ", ".join(f"{count} of {module}" for module, count in counts.items() if count)
    return (f" Left out before the draw: {total} mutants ({parts}) on lines this platform does not compile (branches "
            "of `#if canImport(Darwin)`); no judge here could see them.")


def render_markdown(report):
    def cell(value):
        return "–" if value is None else str(value)

    def score(value):
        return "–" if value is None else f"{value} %"

    lines = ["# Mutation analysis", "",
             f"`{report['command']}`, {report['date']}: {report['tool']}; "
             + (f"{report['sample']['mutants_per_module']} mutants per module drawn with seed {report['sample']['seed']}"
                if report["sample"]["mutants_per_module"] else "every mutant")
             + (f", only from {', '.join('`' + p + '`' for p in report['sample']['paths'])} (`--paths`: "
                "\"generated\" counts those files' mutants)" if report["sample"].get("paths") else "")
             + f"; fuzzing {report['fuzz_seconds_per_target']} s per target"
             + ("; the vectors (per area) and the tests judged a mutant only where they execute its line (a survivor "
                "says which never did)" if report.get("judges_where_they_run") else "; every judge on every mutant")
             + ". Docs/mutation.md explains the columns.", "",
             f"Wall time {report['wall_seconds']} s; {report['judged_this_run']} mutants judged in this run "
             f"(the rest from the cache); a mutant of the sample took {cell(report['mean_seconds_per_mutant'])} s on "
             "average when it was judged; "
             f"all {report['overall']['generated']} mutants would take about "
             f"{cell(report['projected_full_run_hours'])} h at that rate"
             + (f" with {report['jobs']} jobs at once" if report.get("jobs", 1) > 1 else "") + "."
             + not_compiled_sentence(report.get("not_compiled_here", {})), "",
             "| module | generated | judged | compiled | killed by vectors | by tests | by fuzzing only | survived "
             "| equivalent | vectors score | total score |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, row in list(report["modules"].items()) + [("**overall**", report["overall"])]:
        lines.append(f"| {name} | {row['generated']} | {row['judged']} | {row['compiled']} | {row['killed-vectors']} "
                     f"| {row['killed-tests']} | {row['killed-fuzz']} | {row['survived']} | {row['equivalent']} "
                     f"| {score(row['vectors_score'])} | {score(row['total_score'])} |")
    lines += ["", "Scores are over the compiled, non-equivalent mutants: the vectors score counts the mutants the "
              "vectors kill, the total score those any judge kills.", ""]
    for title, verdict in (("Survivors", "survived"), ("Equivalent (FuzzTesting/mutation/equivalent.txt)", "equivalent")):
        chosen = [m for m in report["mutants"] if m["verdict"] == verdict]
        lines += [f"## {title} ({len(chosen)})", ""]
        for mutant in chosen:
            lines.append(f"### `{mutant['path']}:{mutant['line']}` ({mutant['id'][:16]})")
            if mutant.get("reason"):
                lines.append(f"\n{mutant['reason']}")
            elif mutant.get("detail"):
                lines.append(f"\n{mutant['detail'][0].upper()}{mutant['detail'][1:]}.")
            lines += ["", "```diff", mutant["diff"].rstrip("\n"), "```", ""]
        if not chosen:
            lines += ["None.", ""]
    if report["stale_equivalents"]:
        lines += ["## Stale equivalents", "", "Listed as equivalent but killed: delete these lines.", ""]
        lines += [f"- `{entry}`" for entry in report["stale_equivalents"]] + [""]
    lines += ["## Killed and discarded", "", "| mutant | where | verdict | by |", "|---|---|---|---|"]
    for mutant in report["mutants"]:
        if mutant["verdict"] not in ("survived", "equivalent"):
            detail = mutant["detail"].replace("|", "\\|").replace("`", "'")[:160]
            lines.append(f"| {mutant['id'][:16]} | `{mutant['path']}:{mutant['line']}` | {mutant['verdict']} | {detail} |")
    return "\n".join(lines) + "\n"


# --- main -----------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", nargs="+", default=list(MODULES), choices=list(MODULES))
    parser.add_argument("--mutants", type=int, default=0, help="mutants per module (MUTANTS=N); 0: all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="mutants judged at once, each in its own tree")
    parser.add_argument("--fuzz-seconds", type=int, default=15, help="fuzzing per target and mutant")
    parser.add_argument("--no-fuzz", action="store_true")
    parser.add_argument("--out", default=os.path.join(ROOT, "Reports"))
    parser.add_argument("--paths", nargs="+", default=[],
                        help="draw only from the mutants of these source files (e.g. the lines make mutation-reach "
                             "showed a new vector reaching), so that a sample measures what the vectors catch there")
    parser.add_argument("--list", action="store_true", help="print the chosen mutants' ids and diffs only")
    parser.add_argument("--command", default="make mutation")
    parser.add_argument("--timeout-floor", type=int, default=0,
                        help="the least timeout in seconds of the vectors and the tests judges (five times the "
                             "baseline's time otherwise; default 120 and 300), so that a mutant that makes a test run "
                             "away costs a bounded time: CI's sample uses 60")
    parser.add_argument("--no-reach", action="store_true",
                        help="run every judge on every mutant, instead of only the judges (and areas of the vectors) "
                             "that execute its line on the unmutated code (which costs a coverage build first)")
    parser.add_argument("--in-place", action="store_true",
                        help="apply each mutant to the checkout itself and build with its own .build (CI's clone, "
                             "already built by make test); each file is put back after its mutant and on a signal, "
                             "and the run fails if any source of the modules differs at the end")
    args = parser.parse_args()
    if args.in_place and args.jobs != 1:
        parser.error("--in-place judges one mutant at a time (--jobs 1)")

    os.nice(max(0, 15 - os.nice(0)))
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, on_signal)
    started = time.monotonic()
    mutate = ensure_tool()
    pool, left_out = generate(mutate, args.modules)
    if args.paths:
        unknown = sorted(set(args.paths) - {m["path"] for m in pool})
        if unknown:
            parser.error(f"--paths: no mutant of {', '.join(unknown)} in --modules")
        pool = [m for m in pool if m["path"] in args.paths]
    chosen = sample(pool, args.mutants, args.seed)
    log(f"{len(pool)} mutants of {', '.join(args.modules)} ({sum(left_out.values())} more left out: lines this "
        f"platform does not compile); judging {len(chosen)}")
    if args.list:
        for mutant in chosen:
            print(mutant["id"][:16], f"{mutant['path']}:{mutant['line']}")
            print(mutant["diff"])
        return 0

    reach_key = None if args.no_reach else reach_fingerprint()
    results = {}
    todo = []
    measured = []
    trees = [Tree(index, in_place=args.in_place) for index in range(max(1, args.jobs))]
    before = module_sources(args.modules) if args.in_place else None
    try:
        # The map comes first: which judges a mutant goes to decides whether its cached survivor stands.
        reach = judge_reach.measure(reach_key, list(MODULES)) if reach_key and not all_killed(chosen) else None
        targets = sorted({target for module in args.modules for target in MODULES[module]})
        if reach and not args.no_fuzz and targets and not reach.has_fuzz(targets, args.fuzz_seconds):
            # The campaigns of the unmutated build, in the first scratch copy (built as every mutant's fuzz judge is).
            first = Judges(trees[0], args.fuzz_seconds, {})
            trees[0].sync()
            status, _, tail = first.build_fuzz()
            if status != 0:
                sys.exit(f"mutation: the unmutated fuzz targets do not build:\n{tail}")
            judge_reach.measure_fuzz(reach, targets, args.fuzz_seconds, first.campaign, fuzz_max_len, list(MODULES))
        for mutant in chosen:
            needed = judges_needed(mutant, reach, MODULES[mutant["module"]], not args.no_fuzz)
            entry = cached(mutant, needed)
            if entry:
                results[mutant["id"]] = entry
            else:
                todo.append(mutant)
        log(f"{len(chosen) - len(todo)} verdicts from the cache, {len(todo)} to judge")
        if todo:
            queue = list(todo)
            queue_lock = threading.Lock()
            failures = []

            def worker(tree):
                try:
                    tree.sync()
                    floor = (args.timeout_floor, args.timeout_floor) if args.timeout_floor else (120, 300)
                    judges = Judges(tree, args.fuzz_seconds, baseline(tree, args.modules, args.fuzz_seconds, floor))
                    while True:
                        with queue_lock:
                            if not queue:
                                return
                            mutant = queue.pop(0)
                            number = len(todo) - len(queue)
                        result = judge(tree, mutant, judges, MODULES[mutant["module"]], not args.no_fuzz, reach)
                        store(result)
                        with queue_lock:
                            results[mutant["id"]] = result
                            measured.append(result)
                        log(f"[{number}/{len(todo)}] {mutant['path']}:{mutant['line']} {result['verdict']} "
                            f"({result['seconds']:.0f} s) {result.get('detail', '')[:120]}")
                except BaseException as error:  # reported by the main thread
                    failures.append(error)

            threads = [threading.Thread(target=worker, args=(tree,), daemon=True) for tree in trees]
            for thread in threads:
                thread.start()
            for thread in threads:
                while thread.is_alive():
                    thread.join(timeout=1)
            if failures:
                raise failures[0]
    except (Interrupted, KeyboardInterrupt) as error:
        log(f"stopped ({error}); every verdict so far is cached, the next run resumes")
        return 130
    finally:
        for tree in list(Tree.active):
            tree.kill_child()
            tree.restore()
        if before is not None and module_sources(args.modules) != before:
            changed = sorted(path for path, digest in module_sources(args.modules).items() if before.get(path) != digest)
            sys.exit(f"mutation: --in-place left the checkout changed: {', '.join(changed)}")

    listed = read_equivalents()
    rows, stale = [], []
    for mutant in chosen:
        result = results[mutant["id"]]
        # Paths inside a scratch tree are shown relative to it, as they are in the checkout.
        detail = re.sub(r"\S*/\.build/mutation/tree(-\d+)?/", "", result.get("detail", "")).replace(ROOT + "/", "")
        row = {**mutant, "verdict": result["verdict"], "detail": detail,
               "seconds": result.get("seconds", 0)}
        entry = equivalent_entry(listed, mutant["id"])
        if entry and row["verdict"] == "survived":
            row.update(verdict="equivalent", reason=entry["reason"])
        elif entry:
            stale.append(f"{entry['id']} {entry['where']}: {row['verdict']}")
        rows.append(row)
    write_reports(args, pool, left_out, rows, stale, time.monotonic() - started, measured)
    overall = summarize(rows)
    log(f"wrote {args.out}/mutation.{{json,md}}: {overall['judged']} judged, {overall['uncompiled']} uncompiled, "
        f"{overall['killed-vectors']} killed by vectors, {overall['killed-tests']} by tests, "
        f"{overall['killed-fuzz']} by fuzzing, {overall['survived']} survived, {overall['equivalent']} equivalent; "
        f"vectors score {overall['vectors_score']} %, total {overall['total_score']} %; "
        f"{time.monotonic() - started:.0f} s")
    if stale:
        log("listed as equivalent but killed (delete from equivalent.txt): " + "; ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""FuzzTesting/mutation/judge_reach.py - which lines each judge of make mutation executes on the unmutated code.

A judge that never executes a mutant's line cannot tell the mutant from the original: every vector case, every
test that does not run the line behaves exactly as it does unmutated. So `make mutation` runs a judge on a mutant only
where the judge executes the mutant's line (coverage-based selection, as PIT and Mull do), and one area of the
vectors only where that area does. This module measures those lines once per state of the sources and the suite,
with one coverage build of `xds` and of the tests (debug, -profile-generate -profile-coverage-mapping, in
.build/coverage), and keeps the map in .build/mutation/reach/<key>.json:

  - the vectors, per area: `xds conformance --impl reference --area AREA`, `runs` runs merged (a few lines run or
    not by scheduling: a line ran when it ran in any run);
  - the tests, per module: `swift test --filter '^<Module>Tests\\.'`, the judge's own filter;
  - each fuzz target: the judge's own campaign on the unmutated build (-seed=1), run for FUZZ_MARGIN times the
    judge's seconds, its corpus (seeds and what it found) replayed once with make fuzz-coverage's coverage build.
    A campaign explores, so this is a measurement with a margin, not a proof: Docs/mutation.md says how it was
    checked.

A line llvm-cov gives no count (a declaration, a continuation line) is not known not to run: every judge runs there.
make mutation-reach (reach.py) uses the same measurement over the whole vector set.
"""

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRATCH = os.path.join(ROOT, ".build", "coverage")
FLAGS = ["-Xswiftc", "-profile-generate", "-Xswiftc", "-profile-coverage-mapping"]
# The areas of `xds conformance --area`; together they are the whole vector set.
AREAS = ("plist", "attribute", "icons", "icon-loading")
# Bumped when the map's meaning changes, so that an old map is measured again.
FORMAT = "1"
# make fuzz-coverage's build of the fuzz targets (debug, -profile-generate), shared with it, and the script that
# makes it and knows where the toolchain's LLVM tools are.
FUZZ_COVERAGE = os.path.join(ROOT, "FuzzTesting", ".build-coverage")
COVERAGE_BUILD = os.path.join(ROOT, "FuzzTesting", "coverage-build.sh")
# The map's campaign runs this many times the judge's seconds, so that what a mutant's campaign reaches a little
# further (another build, another speed) is still on the map.
FUZZ_MARGIN = 2


def log(message):
    print(f"mutation: reach: {message}", flush=True)


def coverage_module():
    """FuzzTesting/fuzz-coverage.py, the one reader of llvm-cov's line counts."""
    spec = importlib.util.spec_from_file_location(
        "fuzz_coverage", os.path.join(ROOT, "FuzzTesting", "fuzz-coverage.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def toolchain_tool(name):
    """llvm-cov and llvm-profdata, which come with the Swift toolchain (FuzzTesting/coverage-build.sh says where)."""
    found = subprocess.run([COVERAGE_BUILD, "tool", name], capture_output=True, text=True)
    if found.returncode != 0:
        sys.exit(f"mutation: {found.stderr.strip()}")
    return found.stdout.strip()


def run(command, **kwargs):
    shown = [word for word in command if not word.endswith(".swift")]
    more = len(command) - len(shown)
    log(" ".join(shown) + (f" (and {more} source files)" if more else ""))
    return subprocess.run(command, cwd=ROOT, check=True, **kwargs)


def module_sources(modules):
    """The absolute paths of the modules' Swift files."""
    return sorted(os.path.join(folder, name) for module in modules
                  for folder, _, names in os.walk(os.path.join(ROOT, "Sources", module))
                  for name in names if name.endswith(".swift"))


def bin_path():
    return subprocess.run(["swift", "build", "--scratch-path", SCRATCH, "--show-bin-path"] + FLAGS, cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout.strip()


def build(tests=False):
    """The coverage build of xds (and of the tests); returns the bin directory."""
    run(["swift", "build", "--product", "xds", "--scratch-path", SCRATCH] + FLAGS)
    if tests:
        run(["swift", "build", "--build-tests", "--scratch-path", SCRATCH] + FLAGS)
    return bin_path()


def line_states(profiles, objects, sources, work):
    """{absolute source path: {line: ran}} of the sources over the raw profiles (merged), as llvm-cov counts them
    in `objects` (the binaries that wrote them)."""
    merged = os.path.join(work, "merged.profdata")
    run([toolchain_tool("llvm-profdata"), "merge", "-sparse", *profiles, "-o", merged])
    lines = os.path.join(work, "lines.txt")
    extra = [word for path in objects[1:] for word in ("-object", path)]
    with open(lines, "w", encoding="utf-8") as handle:
        run([toolchain_tool("llvm-cov"), "show", "-format=text", "-show-line-counts", "-instr-profile", merged,
             objects[0], *extra, *sources], stdout=handle)
    return coverage_module().executed_lines(lines)


def vectors_lines(sources, runs, area=None):
    """(line states, seconds per run, profiles) of `runs` runs of the vectors (one area, or all) against the
    reference with the coverage build, as the vectors judge runs them."""
    xds = os.path.join(bin_path(), "xds")
    with tempfile.TemporaryDirectory() as work:
        profiles = os.path.join(work, "profiles")
        env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(profiles, "%p.profraw"))
        started = time.monotonic()
        for _ in range(runs):
            vectors = subprocess.run(
                [xds, "conformance", "--vectors", "Vectors", "--impl", "reference", "--jobs", "2",
                 "--out", os.path.join(work, "out")] + (["--area", area] if area else []),
                cwd=ROOT, env=env, capture_output=True, text=True)
            if vectors.returncode != 0:
                sys.exit(f"mutation: the reference does not pass the vectors (exit {vectors.returncode}); a "
                         "coverage of a failing run measures nothing:\n" + vectors.stdout[-2000:]
                         + vectors.stderr[-2000:])
        seconds = (time.monotonic() - started) / runs
        raw = sorted(os.path.join(profiles, name) for name in os.listdir(profiles))
        return line_states(raw, [xds], sources, work), seconds, len(raw)


def tests_lines(module, sources):
    """Line states of the module's tests (the tests judge's filter) with the coverage build; the processes the
    tests start from the coverage build (xds) count too."""
    directory = bin_path()
    with tempfile.TemporaryDirectory() as work:
        profiles = os.path.join(work, "profiles")
        env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(profiles, "%p.profraw"))
        tests = subprocess.run(["swift", "test", "--skip-build", "--scratch-path", SCRATCH, "--filter",
                                f"^{module}Tests\\."], cwd=ROOT, env=env, capture_output=True, text=True)
        if tests.returncode != 0:
            sys.exit(f"mutation: {module}Tests fail with the coverage build (exit {tests.returncode}):\n"
                     + tests.stdout[-2000:] + tests.stderr[-2000:])
        raw = sorted(os.path.join(profiles, name) for name in os.listdir(profiles))
        bundles = [os.path.join(directory, name) for name in os.listdir(directory) if name.endswith(".xctest")]
        return line_states(raw, bundles + [os.path.join(directory, "xds")], sources, work)


def compact(states):
    """{relative path: {"ran": [lines], "counted": [lines]}} of line states, for the map's JSON."""
    return {os.path.relpath(path, ROOT): {"ran": sorted(n for n, ran in lines.items() if ran),
                                          "counted": sorted(lines)}
            for path, lines in states.items()}


class ReachMap:
    """The lines each judge executes; `key` names the state of the sources and the suite it was measured on."""

    def __init__(self, key, units, path=None, fuzz_seconds=None, runs=None):
        self.key = key
        self.path = path
        self.runs = runs
        self.fuzz_seconds = fuzz_seconds
        self.stored = dict(units)
        self.units = {unit: {path: (set(entry["ran"]), set(entry["counted"])) for path, entry in files.items()}
                      for unit, files in units.items()}

    def add(self, unit, files):
        self.stored[unit] = files
        self.units[unit] = {path: (set(entry["ran"]), set(entry["counted"])) for path, entry in files.items()}

    def save(self):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        with open(self.path + ".new", "w", encoding="utf-8") as handle:
            json.dump({"format": FORMAT, "key": self.key, "runs": self.runs, "fuzz_seconds": self.fuzz_seconds,
                       "units": self.stored}, handle)
        os.replace(self.path + ".new", self.path)

    def has_fuzz(self, targets, seconds):
        """Whether the map holds the campaigns of these targets at the judge's `seconds`."""
        return self.fuzz_seconds == seconds and all(f"fuzz:{target}" in self.units for target in targets)

    def fuzz_targets(self, mutant, targets):
        """The targets whose campaign executes the mutant's line (all of them on a line without a count)."""
        return [target for target in targets if self._runs("fuzz:" + target, mutant["path"], mutant["line"])]

    def _runs(self, unit, path, line):
        """True when the unit ran the line or llvm-cov gives it no count (not known not to run)."""
        ran, counted = self.units.get(unit, {}).get(path, (set(), set()))
        return line in ran or line not in counted

    def vectors_areas(self, mutant):
        """The areas of the vectors that execute the mutant's line (all of them on a line without a count)."""
        return [area for area in AREAS if self._runs("vectors:" + area, mutant["path"], mutant["line"])]

    def tests_run(self, mutant):
        return self._runs("tests:" + mutant["module"], mutant["path"], mutant["line"])


def measure(key, modules, runs=3):
    """The map of the modules for `key` (which names the state of every source, vector and test), from
    .build/mutation/reach/ or measured now (a few minutes: the coverage builds, each area's vectors `runs` times,
    each module's tests once). Pass every module make mutation knows, so that one map serves any --modules."""
    directory = os.path.join(ROOT, ".build", "mutation", "reach")
    path = os.path.join(directory, f"{key[:32]}.json")
    if os.path.exists(path):
        stored = json.load(open(path, encoding="utf-8"))
        if stored.get("format") == FORMAT and stored.get("key") == key and stored.get("runs") == runs and \
                all(f"tests:{module}" in stored["units"] for module in modules):
            return ReachMap(key, stored["units"], path, stored.get("fuzz_seconds"), runs)
    started = time.monotonic()
    build(tests=True)
    sources = module_sources(modules)
    units = {}
    for area in AREAS:
        states, _, _ = vectors_lines(sources, runs, area)
        units["vectors:" + area] = compact(states)
    for module in modules:
        units["tests:" + module] = compact(tests_lines(module, sources))
    measured = ReachMap(key, units, path, runs=runs)
    measured.save()
    log(f"measured in {time.monotonic() - started:.0f} s: {path}")
    return measured


def build_fuzz_coverage():
    """make fuzz-coverage's build of every fuzz target (FuzzTesting/coverage-build.sh)."""
    run([COVERAGE_BUILD, "build"], stdout=subprocess.DEVNULL)


def fuzz_lines(target, corpus, sources, max_len):
    """Line states of every input of `corpus` run once (inputs cut at `max_len`, as the campaign cuts them) by the
    target's coverage build."""
    binary = os.path.join(FUZZ_COVERAGE, "out", f"{target}_debug")
    with tempfile.TemporaryDirectory() as work:
        profiles = os.path.join(work, "profiles")
        env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(profiles, "%p.profraw"), XDS_FUZZ_MUTATOR="0",
                   SWIFT_BACKTRACE="enable=no")
        replay = subprocess.run([binary, "-runs=0", f"-max_len={max_len}", "-timeout=30", "-rss_limit_mb=4096",
                                 corpus], cwd=ROOT, env=env, capture_output=True, text=True)
        if replay.returncode != 0:
            sys.exit(f"mutation: {target}'s coverage build does not replay its campaign's corpus (exit "
                     f"{replay.returncode}):\n" + replay.stderr[-2000:])
        raw = sorted(os.path.join(profiles, name) for name in os.listdir(profiles))
        return line_states(raw, [binary], sources, work)


def measure_fuzz(reach, targets, seconds, campaign, max_len, modules):
    """Adds to the map each target's campaign on the unmutated build: `campaign(target, corpus, seconds)` runs the
    judge's campaign (FUZZ_MARGIN times `seconds` long) leaving its corpus in `corpus`; a finding there stops the
    run (a judge that fails the original judges nothing)."""
    started = time.monotonic()
    build_fuzz_coverage()
    sources = module_sources(modules)
    for target in targets:
        with tempfile.TemporaryDirectory() as work:
            corpus = os.path.join(work, "corpus")
            status, _, tail = campaign(target, corpus, FUZZ_MARGIN * seconds)
            if status != 0:
                sys.exit(f"mutation: {target} finds something in the unmutated code (exit {status}):\n{tail[-2000:]}")
            reach.add("fuzz:" + target, compact(fuzz_lines(target, corpus, sources, max_len(target))))
    reach.fuzz_seconds = seconds
    reach.save()
    log(f"fuzz campaigns measured in {time.monotonic() - started:.0f} s")


# Makefile - the project's entry points.
#
#   make conformance [IMPL="cmd …"]   every vector against the core built-in implementations → Reports/
#   make peers                       installs and builds the optional peers (Rust, Java, Ruby, Python, GNUstep)
#   make matrix                      every vector against every built-in, optional peers included → Reports/
#   make test                        unit, integration and real-filesystem tests (root: mounts)
#   make differential                every built-in on every fuzz seed file, disagreements clustered → Reports/differential.*
#   make fuzz [FUZZ_SECONDS=60]      libFuzzer targets (release + ASan, -jobs on every core), each FUZZ_SECONDS
#   make fuzz-report [FUZZ_SECONDS=60]  make fuzz, then Reports/fuzz.{json,md}, fuzz-coverage-time.png, fuzz-history.json
#   make fuzz-long HOURS=N           an N-hour campaign over all targets; merges the corpus back, Reports/fuzz.*
#   make fuzz-speed [RUNS=100000]    execs per CPU second of every target on a fixed workload
#   make fuzz-mutator [MUTATOR_SECONDS=120]  structure-aware mutator vs plain libFuzzer, same time
#   make fuzz-coverage               llvm-cov over the committed corpus → Reports/fuzz-coverage.{md,html}
#   make fuzz-detection [DETECTION_TRIALS=3]  seeded bugs: CPU time to the first finding per target → Reports/fuzz-detection.*
#   make bench-matrix                make matrix's run timed through CMD serve and one process per call → Reports/bench-matrix.md
#   make fs                          real-filesystem matrix → Reports/filesystems.*
#   make bench                       throughput vs libplist and Foundation in one run → Reports/bench.{json,md,png}
#   make mutation [MUTANTS=N]        mutants of the reference judged by vectors, tests, fuzzing → Reports/mutation.*
#   make mutation-sample             CI's sample: 2 mutants per module of the codec and attribute model, in the checkout
#   make mutation-reach              which mutants the vectors execute at all (llvm-cov) → Reports/mutation-reach.*
#   make vectors                     regenerate the generated vector families
#   make install [PREFIX=/usr/local] xds with its adapters and resources into PREFIX/bin
#   make dist                        the relocatable release → .build/dist/xds-conformance-<version>-linux-<arch>.tar.gz
#   make dist-test                   make dist, then the release, the Containerfile and the Action tested locally
#   make lint | make format          swift-format
SWIFT ?= swift
FUZZ_SECONDS ?= 60
MUTATOR_SECONDS ?= 120
HOURS ?= 1
DETECTION_TRIALS ?= 3
DETECTION_EMPTY_TRIALS ?= $(DETECTION_TRIALS)
DETECTION_CORPUS_CAP ?= 60
DETECTION_EMPTY_CAP ?= 600
DETECTION_MODES ?= corpus empty
DETECTION_BUGS ?=
DETECTION_CONTROL_TRIALS ?= $(DETECTION_TRIALS)
DETECTION_STOP_CENSORED ?= 0
DETECTION_EMPTY_TARGETS ?= all
DETECTION_BUDGET ?= 0
MUTANTS ?= 0
MUTATION_SEED ?= 1
MUTATION_JOBS ?= 1
MUTATION_FUZZ_SECONDS ?= 15
MUTATION_MODULES ?= BinaryPlist DocumentSource Icons TaggedJSON AttributeFiles
IMPL ?=
RELEASE_BIN = .build/release
XDS = $(RELEASE_BIN)/xds

PREFIX ?= /usr/local
# The built-in peers' known-failure lists and the plistlib adapter, which xds looks for beside itself.
RESOURCES = x-document-source_BuiltInPeers.resources

.PHONY: deps peers build build-debug test conformance matrix bench-matrix differential fuzz fuzz-report fuzz-long fuzz-mutator fuzz-speed fuzz-coverage fuzz-detection fs bench mutation mutation-sample mutation-reach vectors reports install dist dist-test lint format clean

# Installs missing Debian packages (as root) or prints the exact apt-get command.
deps:
	@.ci/install-deps

# Installs (as root) and builds the optional peer implementations into .build/peers, or prints the apt command.
peers:
	@.ci/install-peers

# Release build of every product (xds, adapters, bench, generator).
build: deps
	$(SWIFT) build -c release

# Debug build including tests.
build-debug: deps
	$(SWIFT) build --build-tests

# Unit, integration and filesystem tests; the release build is used by end-to-end and smoke tests.
test: build build-debug
	XDS_RELEASE_BIN=$(CURDIR)/$(RELEASE_BIN) $(SWIFT) test --skip-build

# The main job: every vector, every built-in implementation (and IMPL when given) → Reports/.
conformance: build
	$(XDS) conformance --vectors Vectors --out Reports --impl all --jobs 4 $(if $(IMPL),--cmd "$(IMPL)",)

# The compatibility matrix: the core built-ins and every optional peer (make peers) → Reports/.
# Both targets run at the runner's default limits (60 s wall, 20 s CPU per call), the limits the known-failure
# lists are written with, so a verdict does not depend on the target or the machine's load.
matrix: build peers
	$(XDS) conformance --vectors Vectors --out Reports --impl all,peers --jobs 4

# make matrix's run (build excluded) in both adapter modes, one after the other → Reports/bench-matrix.md.
bench-matrix: build peers
	.ci/bench-matrix $(XDS)

# Differential discovery: every file of the committed fuzz seed corpus decoded by the core built-ins and every
# optional peer; where they disagree, clusters → Reports/differential.{json,md,html}, and each cluster as a
# candidate vector under .build/differential-candidates. Exit 1 (disagreements found) is its normal result.
differential: build peers
	$(XDS) differential FuzzTesting/seed-corpus --impl all,peers --jobs 4 --out Reports \
	    --candidates .build/differential-candidates || [ $$? -eq 1 ]

# Builds every fuzz target (release + ASan) and runs each for FUZZ_SECONDS on every core.
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FuzzTesting/fuzz.sh
	XDS_FUZZ_BUILD_TESTS=1 $(SWIFT) test --filter BuildScriptTests

# Runs the same campaign, then writes Reports/fuzz.json, fuzz.md and fuzz-coverage-time.png (drawn by the release
# xds) from it and appends the campaign to Reports/fuzz-history.json.
fuzz-report: build
	FUZZ_SECONDS=$(FUZZ_SECONDS) FuzzTesting/fuzz.sh --report

# A long campaign: HOURS of wall time split over the targets, every core each; then merges each working
# corpus back into FuzzTesting/seed-corpus/ (commit it) and writes Reports/fuzz.* (as fuzz-report does).
fuzz-long: build
	FuzzTesting/fuzz-speed.sh
	FuzzTesting/mutator-compare.sh $(MUTATOR_SECONDS) FuzzPlistRoundTrip FuzzPlistDifferential FuzzAttribute
	FUZZ_SECONDS=$$(awk -v h=$(HOURS) -v n=$$(ls -d FuzzTesting/Sources/Fuzz*/ | grep -vc FuzzCommon) \
	    'BEGIN { printf "%d", h * 3600 / n }') \
	    FUZZ_REPORT_COMMAND="make fuzz-long HOURS=$(HOURS)" FuzzTesting/fuzz.sh --report --merge

# The structure-aware mutator against plain libFuzzer, side by side for MUTATOR_SECONDS each (fuzz-long runs it too).
fuzz-mutator: deps
	FuzzTesting/mutator-compare.sh $(MUTATOR_SECONDS) FuzzPlistRoundTrip FuzzPlistDifferential FuzzAttribute

# Execs per CPU second of every target on a fixed workload (RUNS executions from the seed corpus) → FuzzTesting/artifacts/speed.txt.
fuzz-speed: deps
	FuzzTesting/fuzz-speed.sh $(RUNS)

# Line and branch coverage of the committed corpus (and the vectors) → Reports/fuzz-coverage.{md,html}.
fuzz-coverage: deps
	FuzzTesting/fuzz-coverage.sh

# The harness measured by detection (Docs/fuzz-detection.md): each seeded bug of FuzzTesting/seeded-bugs/ patched into
# a scratch copy (.build/fuzz-detection/tree), the fuzz targets built (release + ASan), each target the manifest names
# run DETECTION_TRIALS times from the committed corpus (cap DETECTION_CORPUS_CAP CPU s) and DETECTION_EMPTY_TRIALS
# times from an empty one (cap DETECTION_EMPTY_CAP), one process at a time, niced; the unpatched build as the
# false-positive control; trials cached → Reports/fuzz-detection.{json,md}, then the headline of Reports/fuzz.md.
fuzz-detection: deps
	nice -n 15 python3 FuzzTesting/fuzz-detection.py --trials $(DETECTION_TRIALS) --empty-trials $(DETECTION_EMPTY_TRIALS) \
	    --corpus-cap $(DETECTION_CORPUS_CAP) --empty-cap $(DETECTION_EMPTY_CAP) --modes $(DETECTION_MODES) \
	    $(if $(DETECTION_BUGS),--bugs $(DETECTION_BUGS),) --control-trials $(DETECTION_CONTROL_TRIALS) \
	    --empty-targets $(DETECTION_EMPTY_TARGETS) $(if $(filter 1,$(DETECTION_STOP_CENSORED)),--stop-censored,) \
	    --budget $(DETECTION_BUDGET) \
	    --command "$(strip make fuzz-detection$(foreach v,DETECTION_TRIALS DETECTION_EMPTY_TRIALS DETECTION_CORPUS_CAP DETECTION_EMPTY_CAP DETECTION_MODES DETECTION_BUGS DETECTION_CONTROL_TRIALS DETECTION_STOP_CENSORED DETECTION_EMPTY_TARGETS DETECTION_BUDGET,$(if $(filter command line environment,$(origin $(v))), $(v)='$($(v))',)))"
	python3 FuzzTesting/fuzz-report.py --detection-only Reports

# Real-filesystem matrix on loop-mounted images (root) → Reports/filesystems.*
fs: build
	$(XDS) fs-matrix --out Reports

# Decode/encode/select throughput against libplist and Foundation, one process per implementation.
bench: build
	$(RELEASE_BIN)/xds-bench --out Reports

# Mutation analysis (Docs/mutation.md): universalmutator's mutants of MUTATION_MODULES, each built in a scratch
# copy (.build/mutation/tree) and judged by the vectors, the module's tests and a short fuzz campaign, niced; the
# vectors (per area) and the tests run only where they execute the mutant's line on the unmutated code (a coverage
# map, .build/mutation/reach); verdicts cached by the mutant's diff; MUTANTS=N judges N per module (seed
# MUTATION_SEED) → Reports/mutation.*
mutation: deps
	nice -n 15 python3 FuzzTesting/mutation/mutation.py --modules $(MUTATION_MODULES) --mutants $(MUTANTS) \
	    --seed $(MUTATION_SEED) --jobs $(MUTATION_JOBS) --fuzz-seconds $(MUTATION_FUZZ_SECONDS) \
	    --command "make mutation$(if $(filter-out 0,$(MUTANTS)), MUTANTS=$(MUTANTS),)$(if $(filter command line environment,$(origin MUTATION_MODULES)), MUTATION_MODULES='$(MUTATION_MODULES)',)$(if $(filter command line environment,$(origin MUTATION_SEED)), MUTATION_SEED=$(MUTATION_SEED),)"

# The ceiling of the vectors score (Docs/mutation.md, "What the vectors can reach"): one coverage build of xds
# (.build/coverage), three runs of the vectors against the reference merged, and for every generated mutant whether its line
# ran; checked against the sample of Reports/mutation.json → Reports/mutation-reach.{json,md}.
mutation-reach: deps
	nice -n 15 python3 FuzzTesting/mutation/reach.py

# CI's sample (Docs/mutation.md, "In CI"): SAMPLE_MUTANTS per module of the codec and the attribute model, judged by
# the vectors and the module's tests (no fuzzing) in the checkout itself, on the debug build make test left; each file
# is put back after its mutant. Seed MUTATION_SEED (.ci/run derives it from the commit). Report in .build/mutation/sample.
# Every judge runs on every mutant (--no-reach): the coverage builds of the reach map would cost more than two mutants.
SAMPLE_MUTANTS ?= 2
mutation-sample: deps build-debug
	python3 FuzzTesting/mutation/mutation.py --modules BinaryPlist DocumentSource --mutants $(SAMPLE_MUTANTS) \
	    --seed $(MUTATION_SEED) --no-fuzz --no-reach --in-place --timeout-floor 60 --out .build/mutation/sample \
	    --command "make mutation-sample SAMPLE_MUTANTS=$(SAMPLE_MUTANTS) MUTATION_SEED=$(MUTATION_SEED)"

# Regenerates the generated vector families into Vectors/.
vectors: build
	$(RELEASE_BIN)/generate-vectors Vectors

# Re-renders Reports/ from their JSON sources.
reports: build
	$(XDS) report --in Reports --out Reports

# Installs xds, the Foundation adapter and their resources into PREFIX/bin (default /usr/local/bin);
# the installed xds runs `xds conformance --vectors DIR` with every built-in peer from anywhere.
install: build
	install -d $(PREFIX)/bin
	install -m 755 $(RELEASE_BIN)/xds $(RELEASE_BIN)/xds-adapter-foundation $(PREFIX)/bin/
	rm -rf $(PREFIX)/bin/$(RESOURCES)
	cp -R $(RELEASE_BIN)/$(RESOURCES) $(PREFIX)/bin/

# The relocatable release: xds and xds-adapter-foundation linked with the Swift runtime statically (a build
# directory of its own, .build/static), their resources, libplist, Vectors/ and the spec in one tarball.
dist: deps
	SWIFT=$(SWIFT) Distribution/make-dist.sh

# The release unpacked without a checkout or toolchain, the Containerfile's steps in a stand-in root, and the
# GitHub Action's script with the local tarball (Docs/ci.md, "How this is tested").
dist-test: dist
	.ci/dist-test
	.ci/containerfile-test
	.ci/action-test

lint:
	swift-format lint --strict -r Sources Tests

format:
	swift-format format -i -r Sources Tests

clean:
	$(SWIFT) package clean

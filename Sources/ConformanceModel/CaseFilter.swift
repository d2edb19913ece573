// Sources/ConformanceModel/CaseFilter.swift - Which cases run: areas, levels, --run/--skip globs

#if canImport(Glibc)
    import Glibc
#endif

/// Selects cases by area, level and shell-style globs over case ids (`fnmatch`, `*` also crosses `/`).
public struct CaseFilter: Hashable, Sendable {
    /// Empty means every area.
    public var areas: Set<VectorArea> = []
    /// Empty means every level.
    public var levels: Set<VectorLevel> = []
    /// When non-empty, a case runs only if its id or its vector id matches one of these.
    public var run: [String] = []
    /// A case whose id or vector id matches one of these does not run.
    public var skip: [String] = []

    public init(areas: Set<VectorArea> = [], levels: Set<VectorLevel> = [], run: [String] = [], skip: [String] = []) {
        self.areas = areas
        self.levels = levels
        self.run = run
        self.skip = skip
    }

    /// Whether `testCase` is selected.
    public func includes(_ testCase: ConformanceCase) -> Bool {
        let metadata = testCase.vector.metadata
        if !areas.isEmpty && !areas.contains(metadata.area) { return false }
        if !levels.isEmpty && !levels.contains(testCase.level) { return false }
        let names = [testCase.id, metadata.id]
        if !run.isEmpty && !run.contains(where: { pattern in names.contains { CaseFilter.matches(pattern, $0) } }) {
            return false
        }
        return !skip.contains { pattern in names.contains { CaseFilter.matches(pattern, $0) } }
    }

    /// `fnmatch` without FNM_PATHNAME, so `plist/*` matches `plist/valid/x`. Comma lists are split by the caller.
    public static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}

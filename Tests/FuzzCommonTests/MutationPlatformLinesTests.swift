// Tests/FuzzCommonTests/MutationPlatformLinesTests.swift - mutation.py leaves out lines Linux does not compile

import Foundation
import TestSupport
import Testing

@Suite struct MutationPlatformLinesTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzTesting/mutation").path

    /// A source with Darwin and Glibc branches, a negation, a nested block and conditions of unknown value, as
    /// lines 1…22; the script prints the numbers `inactive_lines` returns.
    static let script = """
        import sys
        sys.path.insert(0, sys.argv[1])
        from mutation import inactive_lines

        source = '''#if canImport(Darwin)
            let a = 1
        #else
            let a = 2
        #endif
        #if canImport(Glibc)
            let b = 1
        #elseif canImport(Darwin)
            let b = 2
        #else
            let b = 3
        #endif
        #if DEBUG
            let c = 1
            #if !canImport(Glibc)
                let d = 1
            #endif
        #else
            let c = 2
        #endif
        #if os(macOS)
        #endif
        '''
        print(sorted(inactive_lines(source.splitlines(True))))
        """

    /// A mutant on a line of an `#if canImport(Darwin)` branch compiles (the line is not built) and survives every
    /// judge here: the five-module sample of 2026-12-07 counted five such as survivors. Lines under a condition whose value is not known
    /// here (`DEBUG`) stay in.
    @Test func onlyLinesOfBranchesLinuxCertainlyDoesNotCompileAreLeftOut() throws {
        let result = try HostTool.run("python3", ["-B", "-c", Self.script, Self.directory])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "[2, 9, 11, 16]\n")
    }
}

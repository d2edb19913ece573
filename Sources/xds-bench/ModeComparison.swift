// Sources/xds-bench/ModeComparison.swift - make bench-matrix: the two modes' verdicts compared by the one rule

import ConformanceModel
import Foundation
import ReportFormatting
import Reporting

/// `xds-bench --compare-modes PER_CALL_DIR SERVED_DIR`: reads both `conformance.json` files and prints two
/// lines for `.ci/bench-matrix`: how many case results differ by `ServeModeEquivalence` (the rule the
/// equivalence test holds every adapter to), naming them and marking the allowed ones, and how many calls of
/// the served run ended on the CPU limit (SIGXCPU), each of which spent the whole limit.
enum ModeComparison {
    /// SIGXCPU: the runner's CPU limit, sent when a call has used all of it.
    static let cpuLimitSignal: Int32 = 24

    static func run(perCallDirectory: String, servedDirectory: String) -> Int32 {
        let perCall: ConformanceReport
        let served: ConformanceReport
        do throws(ReportError) {
            perCall = try ReportFiles.read(from: perCallDirectory)
            served = try ReportFiles.read(from: servedDirectory)
        } catch {
            FileHandle.standardError.write(Data("xds-bench: \(error)\n".utf8))
            return error.kind == .inputOutput ? 66 : 65
        }
        print(verdictSentence(perCall: perCall, served: served))
        let limited = served.runs.flatMap(\.results).filter { $0.signal == cpuLimitSignal }
        print(limited.count)
        return 0
    }

    static func verdictSentence(perCall: ConformanceReport, served: ConformanceReport) -> String {
        let differences = ServeModeEquivalence.differences(perCall: perCall.runs, served: served.runs)
        let total = perCall.runs.reduce(0) { $0 + $1.results.count }
        var sentence = "\(differences.count) of \(total) case results differ by the rule of the equivalence test"
        if !differences.isEmpty {
            let named = differences.prefix(20).map { "\($0.implementation) \($0.caseID)" }
            sentence += ": " + named.joined(separator: ", ")
            if differences.count > 20 { sentence += ", …" }
        }
        return sentence
    }
}

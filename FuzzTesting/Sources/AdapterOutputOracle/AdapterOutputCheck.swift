// FuzzTesting/Sources/AdapterOutputOracle/AdapterOutputCheck.swift - Oracle: the runner's reading of what an adapter prints

import ChildProcess
import ConformanceModel
import ConformanceRunner
import FuzzCommon

/// The judge's oracle: an adapter's exit status, stdout and stderr are untrusted input.
///
/// Input: a control byte (bits 0-2 how the call ended, bits 3-4 which case, bit 7 "stdout truncated"),
/// a status byte (exit status or signal), a stdout length byte, stdout, then stderr. A stub
/// implementation answers with that result and the judge grades it for one case: a valid decode, an
/// invalid decode, an encode or a select-icon. Invariants: grading finishes without trapping; only an
/// exit 0 can pass a valid decode; the report cells (`actual`, `diagnostics`) hold no raw control
/// characters besides newline and tab, and stay within the escaping bound.
public enum AdapterOutputCheck {
    /// The fuzz target's name, used in findings and reports.
    public static let target = "FuzzAdapterOutput"

    /// Runs the oracle on one fuzz input.
    /// - Returns: `false` for inputs shorter than the three header bytes (skipped).
    /// - Throws: `FuzzFinding` when an invariant breaks.
    @discardableResult
    public static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        guard input.count >= 3 else { return false }
        let stdoutCount = min(Int(input[2]), input.count - 3)
        let result = CallResult(
            termination: termination(input[0], status: input[1]), stdout: Array(input[3..<(3 + stdoutCount)]),
            stderr: Array(input[(3 + stdoutCount)...]), stdoutTruncated: input[0] & 0x80 != 0)
        let prepared = preparedCases[Int(input[0] >> 3 & 0x3)]
        let testCase = prepared.testCase
        let graded = Judge(workDirectory: "/nonexistent-fuzz-workdir").run(
            prepared, on: StubImplementation(result: result))
        if testCase.kind == .decode, testCase.vector.metadata.group == .valid, result.verdict != .accepted,
            graded.outcome == .pass
        {
            throw FuzzFinding(target, "a valid decode passes only when the adapter accepted", "\(graded)")
        }
        for (cell, text) in [("actual", graded.actual), ("diagnostics", graded.diagnostics)] {
            if containsRawControl(text) {
                throw FuzzFinding(target, "report cells hold no raw control characters", "\(cell): \(text)")
            }
            if text.utf8.count > 4 * 2048 + 4096 {
                throw FuzzFinding(
                    target, "report cells stay within the escaping bound", "\(cell): \(text.utf8.count)")
            }
        }
        return true
    }

    /// Whether `text` holds a C0 control other than newline and tab. Over the UTF-8 bytes (in UTF-8 a byte below
    /// 0x20 is only ever that control itself), eight at a time: a word with no byte below 0x20 is passed with one
    /// test, and only a word with one is looked at byte by byte.
    static func containsRawControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while bytes.count - index >= 8 {
                let word = UInt64(
                    littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // Sets a byte's high bit when that byte is below 0x20 (exact for "any byte below 0x20", since no
                // byte's high bit is set by a borrow unless a byte below it is below 0x20).
                if (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 != 0,
                    bytes[index..<(index + 8)].contains(where: isRawControl)
                {
                    return true
                }
                index += 8
            }
            return bytes[index...].contains(where: isRawControl)
        }
    }

    private static func isRawControl(_ byte: UInt8) -> Bool { byte < 0x20 && byte != 0x0A && byte != 0x09 }

    /// Bits 0-2 of the control byte pick how the call ended; `status` is the exit status or signal.
    static func termination(_ control: UInt8, status: UInt8) -> Termination {
        switch control & 0x7 {
        case 0, 4: return .exited(0)
        case 1, 5: return .exited(1)
        case 2: return .exited(Int32(status))
        case 3: return .signaled(Int32(status))
        case 6: return .timedOut
        default: return .failedToStart("fuzz")
        }
    }

    struct StubImplementation: Implementation {
        var result: CallResult
        var info: ImplementationInfo { Self.info }
        /// Every call: made once, not on every `supports` the judge asks.
        static let info = ImplementationInfo(
            name: "fuzz", title: "fuzz", version: "0", kind: "adapter", command: nil,
            capabilities: AdapterCall.allCases.map(\.rawValue))
        func perform(_ request: AdapterRequest) -> CallResult { result }
    }

    /// One case per plist and icon call: a valid and an invalid decode, an encode, a select-icon.
    static let cases: [ConformanceCase] = {
        let document: [UInt8] =
            Array("bplist00".utf8) + [0x09, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1]
            + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 9]
        let trueJSON = Array(#"{"type":"bool","value":"true"}"#.utf8)
        let valid = vector("plist/valid/fuzz-true", .plist, .valid, document, trueJSON, error: nil)
        let invalid = vector("plist/invalid/fuzz-header", .plist, .invalid, Array("bplist0".utf8), nil, error: .header)
        let outcome = #"{"index":0,"outcome":"icon","url":"https://example.com/i.png"}"#
        let scales = #"{"1":\#(outcome),"2":\#(outcome),"3":\#(outcome)}"#
        let iconsJSON =
            #"{"appInfoURL":"https://example.com/appInfo.json","legacy":\#(scales),"recommended":\#(scales)}"#
        let icons = vector(
            "icons/valid/fuzz-one", .icons, .valid, Array(#"{"icons":[{"width":64,"height":64,"src":"i.png"}]}"#.utf8),
            Array(iconsJSON.utf8), error: nil)
        return [
            ConformanceCase(id: valid.metadata.id, vector: valid, kind: .decode),
            ConformanceCase(id: invalid.metadata.id, vector: invalid, kind: .decode),
            ConformanceCase(id: valid.metadata.id + "#encode", vector: valid, kind: .encode),
            ConformanceCase(id: icons.metadata.id + "@scale=2", vector: icons, kind: .selectIcon(scale: 2)),
        ]
    }()

    /// The cases as the runner grades them, prepared once for every input.
    static let preparedCases = cases.map(PreparedCase.init)

    private static func vector(
        _ id: String, _ area: VectorArea, _ group: VectorGroup, _ input: [UInt8], _ expected: [UInt8]?,
        error: VectorErrorCategory?
    ) -> Vector {
        let metadata = VectorMetadata(
            id: id, area: area, group: group, input: id, expected: expected.map { _ in id + ".json" },
            description: "fuzz", spec: "fuzz", level: .required, tags: [], since: "0.1.0", error: error, made: "fuzz")
        return Vector(metadata: metadata, input: input, expected: expected)
    }
}

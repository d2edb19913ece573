// Sources/xds-fuzz-replay/main.swift - Replays regression vectors through the fuzz oracles (release build)
//
// Usage: xds-fuzz-replay FILE…   where each FILE is Vectors/<area>/regressions/<name>.<ext> (`.json`
// expected-result files are skipped, so a shell glob of the folder works).
// Prints one line per file; exits 1 when any oracle reports a finding, 64 on usage errors.
//        xds-fuzz-replay --errors FILE…   bplist fuzz inputs (option prefix allowed): prints, per file,
// how the strict reference decoder ends, `accepted` or the id of the rule that refused it (make fuzz-coverage).

import BinaryPlist
import Foundation
import FuzzCommon

if CommandLine.arguments.dropFirst().first == "--errors" {
    for file in CommandLine.arguments.dropFirst(2) {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        let document = DecoderFuzzOptions.split([UInt8](data))?.document ?? [UInt8](data)
        do {
            _ = try BPlistDecoder.decode(document, rules: .strict)
            print("accepted")
        } catch {
            print(error.rule.rawValue)
        }
    }
    exit(0)
}

let files = CommandLine.arguments.dropFirst()
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("usage: xds-fuzz-replay FILE…\n".utf8))
    exit(64)
}
var failures = 0
for file in files where !file.hasSuffix(".json") {  // expected results, not inputs
    guard let data = FileManager.default.contents(atPath: file), let area = RegressionReplay.area(ofPath: file)
    else {
        FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
        exit(64)
    }
    do {
        let verdict = try RegressionReplay.replay([UInt8](data), area: area)
        print("ok \(file)" + (verdict.map { " (libplist: \($0))" } ?? ""))
    } catch {
        failures += 1
        print("FINDING \(file): \(error)")
    }
}
exit(failures == 0 ? 0 : 1)

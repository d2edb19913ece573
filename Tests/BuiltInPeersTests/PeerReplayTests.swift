// Tests/BuiltInPeersTests/PeerReplayTests.swift - Each optional peer's non-pass claims, replayed on the library alone

import BuiltInPeers
import ChildProcess
import ConformanceModel
import ConformanceRunner
import Foundation
import TestSupport
import Testing

/// For each optional peer: take a sample of the decode cases its known-failure list claims deviate (the
/// report's claims, kept exact by `make matrix`), run them through the adapter to confirm the runner still
/// says so, then call the library directly — one small call per language, none of the adapter's mapping —
/// and check that its verdict is the one the outcome rests on: accepted for should-have-rejected and
/// wrong-value, a documented rejection for should-have-accepted, and for a crash neither (a signal, a
/// resource limit, or an exception the library does not document as its rejection).
@Suite struct PeerReplayTests {
    @Test(.enabled(if: PeerGate.runs(.rustPlist), PeerGate.reason(.rustPlist)))
    func rustPlist() throws { try replay(.rustPlist) }

    @Test(.enabled(if: PeerGate.runs(.ddPlist), PeerGate.reason(.ddPlist)))
    func ddPlist() throws { try replay(.ddPlist) }

    @Test(.enabled(if: PeerGate.runs(.cfpropertylist), PeerGate.reason(.cfpropertylist)))
    func cfpropertylist() throws { try replay(.cfpropertylist) }

    @Test(.enabled(if: PeerGate.runs(.biplist), PeerGate.reason(.biplist)))
    func biplist() throws { try replay(.biplist) }

    @Test(.enabled(if: PeerGate.runs(.bpylist2), PeerGate.reason(.bpylist2)))
    func bpylist2() throws { try replay(.bpylist2) }

    @Test(.enabled(if: PeerGate.runs(.bplist), PeerGate.reason(.bplist)))
    func bplist() throws { try replay(.bplist) }

    @Test(.enabled(if: PeerGate.runs(.binplist), PeerGate.reason(.binplist)))
    func binplist() throws { try replay(.binplist) }

    @Test(.enabled(if: PeerGate.runs(.gnustep), PeerGate.reason(.gnustep)))
    func gnustep() throws { try replay(.gnustep) }

    /// Cases per outcome taken from the list (spread over it, in id order).
    static let perOutcome = 3

    private func replay(_ peer: BuiltIn) throws {
        let claims = try PeerClaims.load(peer)
        let sample = claims.sample(perOutcome: Self.perOutcome)
        try #require(!sample.isEmpty, "\(peer.rawValue): its known-failure list names no decode case to replay")
        let vectors = try VectorDirectory.load(directory: BuiltProducts.packageRoot.path + "/Vectors").vectors
        let cases = ConformanceCase.all(vectors).filter { sample.keys.contains($0.id) }
        #expect(cases.count == sample.count, "every sampled id names a decode case")
        let work = try #require(RunEnvironment.makeWorkDirectory())
        defer { try? FileManager.default.removeItem(atPath: work) }
        let limits = ProcessLimits()
        let adapter = try peer.make(PeerGate.locations, limits: limits, referenceVersion: "test").get()
        let judged = Runner(judge: Judge(workDirectory: work), jobs: 2).run(cases, on: [adapter])[0].results
        for result in judged {
            let claimed = try #require(sample[result.caseID])
            #expect(result.outcome == claimed, "\(peer.rawValue) \(result.caseID): the runner says \(result.outcome)")
            let vector = try #require(cases.first { $0.id == result.caseID }?.vector)
            let direct = DirectCall.run(peer, input: vector.input, limits: limits)
            #expect(
                direct.supports(claimed),
                "\(peer.rawValue) \(result.caseID): claimed \(claimed.rawValue), the library alone: \(direct)")
        }
    }
}

/// Whether a peer's replay test runs: when the peer is installed, and always under CI=true (then a missing
/// peer fails the test instead of skipping it; CI runs `make peers` first).
enum PeerGate {
    static let locations = BuiltInLocations(
        xds: BuiltProducts.path(of: "xds"), foundationAdapter: BuiltProducts.path(of: "xds-adapter-foundation"),
        python: "python3",
        plistlibAdapter: BuiltProducts.packageRoot.path + "/Sources/BuiltInPeers/plistlib/xds_adapter_plistlib.py",
        adapters: BuiltProducts.packageRoot.path + "/Sources/Adapters",
        peers: BuiltProducts.packageRoot.path + "/.build/peers")

    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Installed: the adapter's and the direct call's programs exist, and so does the library itself.
    static func installed(_ peer: BuiltIn) -> Bool {
        // A Java class path (`-cp a:b`) is several paths: each must exist.
        let words = (peer.command(locations) ?? []) + DirectCall.command(peer) + library(peer)
        let files = words.flatMap { $0.split(separator: ":").map(String.init) }
        return !DirectCall.command(peer).isEmpty
            && files.allSatisfy { !$0.hasPrefix("/") || FileManager.default.fileExists(atPath: $0) }
    }

    /// A file the library's package installs.
    static func library(_ peer: BuiltIn) -> [String] {
        let lib = locations.peers + "/venv/lib/"
        let python = (try? FileManager.default.contentsOfDirectory(atPath: lib))?.first { $0.hasPrefix("python3") }
        let site = lib + (python ?? "python3") + "/site-packages/"
        switch peer {
        case .rustPlist: return ["/usr/share/cargo/registry/plist-1.3.1/Cargo.toml"]
        case .ddPlist: return ["/usr/share/java/dd-plist.jar"]
        case .cfpropertylist: return ["/usr/lib/ruby/vendor_ruby/cfpropertylist.rb"]
        case .biplist: return ["/usr/lib/python3/dist-packages/biplist/__init__.py"]
        case .bpylist2: return [site + "bpylist2/_plistlib.py"]
        case .bplist: return [site + "bplist/bplist.py"]
        case .binplist: return [site + "binplist/binplist.py"]
        default: return []
        }
    }

    static func runs(_ peer: BuiltIn) -> Bool { installed(peer) || required }

    static func reason(_ peer: BuiltIn) -> Comment {
        Comment(rawValue: "\(peer.rawValue) is not installed: run `make peers` (under CI=true this test fails instead)")
    }
}

/// The deviations a peer's committed known-failure list claims, by case id (decode cases only).
struct PeerClaims {
    var outcomes: [String: Outcome]

    static func load(_ peer: BuiltIn) throws -> PeerClaims {
        let path = BuiltProducts.packageRoot.path + "/Sources/BuiltInPeers/KnownFailures/\(peer.rawValue).txt"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var outcomes: [String: Outcome] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "#", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let id = parts[0].trimmingCharacters(in: .whitespaces)
            let reason = parts[1].trimmingCharacters(in: .whitespaces)
            guard id.hasPrefix("plist/"), !id.contains("#"),
                let name = reason.split(separator: ":").first, let outcome = Outcome(rawValue: String(name))
            else { continue }
            outcomes[id] = outcome
        }
        return PeerClaims(outcomes: outcomes)
    }

    /// Up to `perOutcome` ids of each outcome, spread evenly over the sorted ids.
    func sample(perOutcome: Int) -> [String: Outcome] {
        var sample: [String: Outcome] = [:]
        for outcome in Set(outcomes.values) {
            let ids = outcomes.filter { $0.value == outcome }.keys.sorted()
            let step = max(1, ids.count / perOutcome)
            for id in stride(from: 0, to: ids.count, by: step).prefix(perOutcome).map({ ids[$0] }) {
                sample[id] = outcome
            }
        }
        return sample
    }
}

/// One direct call of a peer's library on a vector's bytes (stdin), printing `accepted`, `rejected…` or
/// `threw <exception type>`; crashes end the process (signal, non-zero exit or a resource limit).
struct DirectCall: CustomStringConvertible {
    enum Verdict: Equatable {
        case accepted
        case rejected
        case crashed(String)
    }

    var verdict: Verdict
    var description: String {
        switch verdict {
        case .accepted: return "accepted"
        case .rejected: return "rejected (a documented error)"
        case .crashed(let why): return "crashed (\(why))"
        }
    }

    /// Whether the library's own verdict is the one `outcome` rests on.
    func supports(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .shouldHaveRejected, .wrongValue, .implementationDefinedAccepted: return verdict == .accepted
        case .shouldHaveAccepted, .implementationDefinedRejected: return verdict == .rejected
        case .crash:
            if case .crashed = verdict { return true }
            return false
        default: return false
        }
    }

    static let python = """
        import sys
        data = sys.stdin.buffer.read()
        try:
            CALL
            print("accepted")
        except BaseException as error:
            print("threw", type(error).__name__)
        """

    static func pythonCall(_ imports: String, _ call: String) -> String {
        imports + "\n" + python.replacingOccurrences(of: "CALL", with: call)
    }

    static func command(_ peer: BuiltIn) -> [String] {
        let peers = PeerGate.locations.peers
        let venv = peers + "/venv/bin/python"
        switch peer {
        case .rustPlist: return [peers + "/rust-plist/release/replay-direct"]
        case .ddPlist:
            return [
                "/usr/bin/java", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp",
                peers + "/dd-plist:/usr/share/java/dd-plist.jar", "ReplayDirect",
            ]
        case .cfpropertylist:
            return [
                "/usr/bin/ruby", "-rcfpropertylist", "-e",
                "begin; CFPropertyList::List.new(data: $stdin.binmode.read); puts 'accepted'; "
                    + "rescue Exception => e; puts \"threw #{e.class}\"; end",
            ]
        case .biplist:
            return ["/usr/bin/python3", "-c", pythonCall("import biplist", "biplist.readPlistFromString(data)")]
        case .bpylist2:
            return [
                venv, "-c",
                pythonCall("from bpylist2 import _plistlib as fork", "fork.loads(data, fmt=fork.FMT_BINARY)"),
            ]
        case .bplist:
            return [venv, "-c", pythonCall("from bplist.bplist import BPListReader", "BPListReader(data).parse()")]
        case .binplist:
            let shim = PeerGate.locations.adapters + "/binplist"
            return [
                venv, "-c",
                pythonCall(
                    "import io; sys_path = __import__('sys').path; sys_path.insert(0, '\(shim)')\n"
                        + "from binplist_py3_shim import binplist",
                    "parser = binplist.BinaryPlist(io.BytesIO(data)); parser.Parse()\n"
                        + "    if parser.is_corrupt: raise binplist.Error('is_corrupt')"),
            ]
        case .gnustep: return [peers + "/gnustep/replay_direct"]
        default: return []
        }
    }

    /// The exception types each library documents as its way to reject input.
    static func documented(_ peer: BuiltIn, _ type: String) -> Bool {
        switch peer {
        case .ddPlist:
            return ["com.dd.plist.PropertyListFormatException", "java.io.UnsupportedEncodingException"].contains(type)
        case .cfpropertylist: return ["CFPlistError", "CFFormatError", "CFTypeError"].contains(type)
        case .biplist: return ["InvalidPlistException", "NotBinaryPlistException"].contains(type)
        case .bpylist2: return type == "InvalidFileException"
        // bplist raises plain Exception: every Exception is its rejection, stack and memory exhaustion are not.
        case .bplist: return !["RecursionError", "MemoryError", "KeyboardInterrupt", "SystemExit"].contains(type)
        case .binplist: return ["Error", "FormatError", "OSError", "IOError", "IndexError"].contains(type)
        default: return false
        }
    }

    static func run(_ peer: BuiltIn, input: [UInt8], limits: ProcessLimits) -> DirectCall {
        let result = ProcessRunner.run(command(peer), input: input, limits: limits)
        guard result.verdict == .accepted else { return DirectCall(verdict: .crashed(result.terminationSummary)) }
        let line = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line == "accepted" { return DirectCall(verdict: .accepted) }
        if line.hasPrefix("rejected") { return DirectCall(verdict: .rejected) }
        if line.hasPrefix("threw ") {
            let type = String(line.dropFirst("threw ".count))
            return DirectCall(verdict: documented(peer, type) ? .rejected : .crashed("threw \(type)"))
        }
        return DirectCall(verdict: .crashed("unexpected output: \(line.prefix(80))"))
    }
}

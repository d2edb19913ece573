// Sources/FilesystemHarness/AttributeProbeErrnos.swift - The errno of each deliberately failing attribute call

import AttributeFiles

extension AttributeProbe {
    /// Runs each failing call once on fresh scratch objects.
    static func measureErrnos(_ scratch: ScratchFolder) throws(ProbeFailure) -> [ErrnoCase] {
        let name = attributeName
        let small = ProbeValue.bytes(200)
        var cases: [ErrnoCase] = []
        func record(_ id: String, _ description: String, _ expected: String, _ result: CallResult) {
            cases.append(
                ErrnoCase(id: id, description: description, result: result.errnoName ?? "ok", expected: expected))
        }

        let big = try scratch.file("e-big")
        record(
            "value-over-64k", "set a 65,537-byte value", "E2BIG",
            ProbeCalls.set(ProbeValue.bytes(ExtendedAttributes.linuxMaximumValueSize + 1), named: name, at: big))
        let longName = try scratch.file("e-name")
        record(
            "name-over-255", "set with a 256-byte name", "ERANGE",
            ProbeCalls.set(small, named: "user." + String(repeating: "n", count: 251), at: longName))
        let bare = try scratch.file("e-bare")
        record(
            "no-namespace", "set x-document-source (no user. prefix)", "EOPNOTSUPP",
            ProbeCalls.set(small, named: "x-document-source", at: bare))

        let existing = try scratch.file("e-create")
        let firstSet = ProbeCalls.set(small, named: name, at: existing)
        record(
            "create-existing", "XATTR_CREATE on an existing attribute", "EEXIST",
            firstSet == .success ? ProbeCalls.set(small, named: name, at: existing, mode: .createOnly) : firstSet)
        let missing = try scratch.file("e-replace")
        record(
            "replace-missing", "XATTR_REPLACE on a missing attribute", "ENODATA",
            ProbeCalls.set(small, named: name, at: missing, mode: .replaceOnly))

        let link = try scratch.symlink("e-link", to: "e-replace")
        record(
            "symlink", "lsetxattr on a symlink", "EPERM",
            ProbeCalls.set(small, named: name, at: link, followSymlinks: false))
        let fifo = try scratch.fifo("e-fifo")
        record("fifo", "setxattr on a fifo", "EPERM", ProbeCalls.set(small, named: name, at: fifo))

        let buffered = try scratch.file("e-buffer")
        var bufferResult = ProbeCalls.set(small, named: name, at: buffered)
        if bufferResult == .success {
            bufferResult = ProbeCalls.getOnce(named: name, at: buffered, capacity: small.count - 1)
        }
        record("small-buffer", "getxattr of 200 bytes into a 199-byte buffer", "ERANGE", bufferResult)

        var missingGet = CallResult.success
        if case .failure(let code) = ProbeCalls.get(named: name, at: missing) { missingGet = .failure(code) }
        record("get-missing", "getxattr of a missing attribute", "ENODATA", missingGet)
        return cases
    }
}

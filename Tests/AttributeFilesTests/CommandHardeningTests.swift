// Tests/AttributeFilesTests/CommandHardeningTests.swift - Output errors, byte paths, escaping, full disks, URLs

import ChildProcess
import FilesystemHarness
import Foundation
import TestSupport
import Testing

/// `bash -c script` with `$XDS` set to the built tool: the shell makes paths that are not UTF-8
/// (`$'\xff'`), redirects to `/dev/full` and full filesystems, and closes pipes early.
func shell(_ script: String) throws -> CallResult {
    try Tool.run("bash", ["-c", "XDS=\(quoted(Tool.xds)); " + script])
}

/// `text` as one single-quoted shell word.
func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

/// Every command's output is checked (issue: output errors were ignored). Runs on a tmpfs so that
/// the attribute commands have a filesystem with user extended attributes.
@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct OutputErrorTests {
    /// Fixtures in `dir`: a file with an attribute, an appInfo.json, a plist, tagged JSON.
    func fixtures(_ dir: String) throws {
        let setup = try shell(
            """
            cd \(quoted(dir)) && echo x > file && "$XDS" write file --identifier a.b --name N >/dev/null &&
            printf '{"icons":[{"width":60,"height":60,"src":"i.png"}]}' > app.json &&
            "$XDS" encode > value.bplist <<< '{"type":"string","value":"s"}' &&
            printf '{"type":"string","value":"s"}' > value.json
            """)
        #expect(setup.status == 0, "\(setup.stderrText)")
    }

    static let commands = [
        "decode value.bplist", "encode value.json", "read file", "read file --json", "validate file",
        "validate --bytes value.bplist", "select-icon --scale 1 --app-info-url https://h/a.json app.json",
        "read-attribute file", "capabilities", "--version", "help decode", "decode --help",
        "write file --identifier a --name b", "write file --identifier a --name b --dry-run", "fs-probe .",
        "adapter-libplist decode < value.bplist",
    ]

    @Test(arguments: commands)
    func standardOutputOnDevFullExits74WithAMessage(command: String) throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            try fixtures(fs.mountPoint)
            let result = try shell("cd \(quoted(fs.mountPoint)) && \"$XDS\" \(command) > /dev/full")
            #expect(result.status == 74, "xds \(command): \(result.status) \(result.stderrText)")
            #expect(result.stderrText.contains("cannot write to standard output"), "\(result.stderrText)")
        }
    }

    @Test func standardErrorOnDevFullMakesASuccessExit74() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            try fixtures(fs.mountPoint)
            let result = try shell(
                "cd \(quoted(fs.mountPoint)) && \"$XDS\" select-icon --explain --scale 1 "
                    + "--app-info-url https://h/a.json app.json 2> /dev/full; echo \"status=$?\"")
            #expect(result.stdoutText.contains("https://h/i.png"))
            #expect(result.stdoutText.hasSuffix("status=74\n"), "\(result.stdoutText)")
        }
    }

    /// A file on a full filesystem: a short or failed write is exit 74, never 0 with truncated output.
    @Test func standardOutputToAFileOnAFullFilesystemExits74() throws {
        try Mounts.withMountedFilesystem(.tmpfs, sizeMiB: 1) { fs in
            let big = try shell(
                "cd \(quoted(fs.mountPoint)) && python3 -c \"import plistlib,sys; "
                    + "sys.stdout.buffer.write(plistlib.dumps(['x'*40]*20000, fmt=plistlib.FMT_BINARY))\" > big.bplist; "
                    + "head -c 2M /dev/zero > fill 2>/dev/null; "
                    + "\"$XDS\" decode big.bplist > out.json; echo \"status=$?\"; ls -l out.json")
            #expect(big.stdoutText.hasPrefix("status=74\n"), "\(big.stdoutText) \(big.stderrText)")
            #expect(big.stderrText.contains("No space left on device"), "\(big.stderrText)")
        }
    }

    /// `| head` ends the tool quietly by SIGPIPE (status 141 in the shell), also when the shell passed
    /// SIGPIPE ignored (then the write fails with EPIPE and the tool re-raises the signal).
    @Test(arguments: ["", "trap '' PIPE; "])
    func aPipeClosedEarlyEndsQuietlyBySIGPIPE(prefix: String) throws {
        try Mounts.withTemporaryDirectory { dir in
            let result = try shell(
                prefix + "cd \(quoted(dir)) && python3 -c \"import plistlib,sys; "
                    + "sys.stdout.buffer.write(plistlib.dumps(['x'*40]*50000, fmt=plistlib.FMT_BINARY))\" > big.bplist; "
                    + "\"$XDS\" decode big.bplist | head -c 10 > /dev/null; echo \"status=${PIPESTATUS[0]}\"")
            #expect(result.stdoutText == "status=141\n", "\(result.stdoutText)")
            #expect(result.stderrText.isEmpty, "quiet: \(result.stderrText)")
        }
    }
}

/// Paths are bytes: a name that is not UTF-8 is used as given, never as its U+FFFD look-alike.
@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct BytePathTests {
    static let bad = "$'bad\\xff\\xfename'"
    static let lookAlike = "$'bad\\xef\\xbf\\xbd\\xef\\xbf\\xbdname'"

    @Test func writeReadRemoveAndDecodeUseTheBytesGiven() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let result = try shell(
                """
                cd \(quoted(fs.mountPoint)) || exit 9
                "$XDS" encode > \(Self.bad) <<< '{"type":"string","value":"bytes"}'
                "$XDS" encode > \(Self.lookAlike) <<< '{"type":"string","value":"look-alike"}'
                "$XDS" decode \(Self.bad); "$XDS" decode \(Self.lookAlike)
                "$XDS" write \(Self.lookAlike) --identifier look --name alike > /dev/null
                "$XDS" write \(Self.bad) --identifier raw --name bytes
                "$XDS" read \(Self.bad) --json; "$XDS" read \(Self.lookAlike) --json
                "$XDS" remove \(Self.bad); echo "remove=$?"
                "$XDS" read \(Self.lookAlike) --json; "$XDS" read \(Self.bad); echo "read=$?"
                """)
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            #expect(
                lines == [
                    #"{"type":"string","value":"bytes"}"#, #"{"type":"string","value":"look-alike"}"#,
                    #"wrote 76 bytes to bad\xFF\xFEname (tmpfs, at most 65536 bytes per value)"#,
                    #"{"identifier":"raw","name":"bytes"}"#, #"{"identifier":"look","name":"alike"}"#, "remove=0",
                    #"{"identifier":"look","name":"alike"}"#, "read=1",
                ], "\(result.stdoutText) \(result.stderrText)")
            #expect(
                result.stderrText.contains(#"bad\xFF\xFEname: has no x-document-source attribute"#),
                "\(result.stderrText)")
            #expect(!result.stderrText.contains("\u{FFFD}"))
        }
    }
}

extension BytePathTests {
    /// fs-probe's harness takes text paths: a name that is not UTF-8 is refused, never probed as another.
    @Test func fsProbeRefusesADirectoryNameThatIsNotUTF8() throws {
        try Mounts.withTemporaryDirectory { dir in
            let result = try shell(
                "cd \(quoted(dir)) && mkdir \(Self.bad) \(Self.lookAlike) && \"$XDS\" fs-probe \(Self.bad)")
            #expect(result.status == 64, "\(result.stdoutText)")
            #expect(
                result.stderrText.contains(#"bad\xFF\xFEname: a directory whose name is not UTF-8"#),
                "\(result.stderrText)")
        }
    }

    @Test func validateReadsTheBytesGivenAndNamesThePathEscaped() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let result = try shell(
                """
                cd \(quoted(fs.mountPoint)) || exit 9
                "$XDS" encode > \(Self.bad) <<< '{"type":"string","value":"bytes"}'
                : > \(Self.lookAlike)
                "$XDS" validate --bytes \(Self.bad) --json; "$XDS" validate --bytes \(Self.bad)
                """)
            #expect(result.stdoutText.contains(#""source":"bad\\xFF\\xFEname","size":47"#), "\(result.stdoutText)")
            #expect(
                result.stdoutText.contains(#"bad\xFF\xFEname: error: [schema.root-not-dictionary]"#),
                "\(result.stdoutText)")
        }
    }
}

/// Untrusted text (attribute values, appInfo.json, paths) never reaches the terminal as control bytes.
@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct EscapedOutputTests {
    static let hostile = "N\u{1B}]0;pwned\u{07}\u{1B}[2J\r\nappInfoURL: https://evil/\u{202E}"

    func expectNoControls(_ bytes: [UInt8], _ what: String) {
        let text = String(decoding: bytes, as: UTF8.self)
        let controls = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
        }
        #expect(controls.isEmpty, "\(what): \(text.debugDescription)")
    }

    @Test func readAndValidatePrintValuesEscaped() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let value = try Plistlib.dumps(
                "{'identifier': 'a', 'name': \(pythonString(Self.hostile)), "
                    + "'appInfoURL': \(pythonString("https://h/\u{1B}[31mred"))}")
            try Tool.setfattr(file, value)
            let read = try Tool.xds("read", file)
            #expect(read.status == 0)
            expectNoControls(read.stdout, "read")
            #expect(read.stdoutText.split(separator: "\n").count == 3, "no forged line: \(read.stdoutText)")
            #expect(
                read.stdoutText.contains(#"name: N\x1B]0;pwned\x07\x1B[2J\x0D\x0AappInfoURL: https://evil/\u{202E}"#))
            let validate = try Tool.xds("validate", file)
            expectNoControls(validate.stdout, "validate")
            #expect(validate.stdoutText.contains(#"https://h/\x1B[31mred"#), "\(validate.stdoutText)")
            let json = try Tool.xds("read", file, "--json")
            #expect(json.stdoutText.contains(#"\u001b"#), "JSON keeps the exact value, JSON-escaped")
        }
    }

    @Test func messagesEscapePathsAndAppInfoText() throws {
        try Mounts.withTemporaryDirectory { dir in
            let write = try shell("\"$XDS\" write $'\(dir)/no\\x1b[2J\\nfile' --identifier a --name b")
            #expect(write.status == 74, "a missing file is an I/O failure (Docs/guarantees.md)")
            expectNoControls(Array(write.stderrText.utf8.dropLast()), "write error")
            #expect(write.stderrText.contains(#"no\x1B[2J\x0Afile"#), "\(write.stderrText)")
            let json = #"{"icons":[{"width":"\u001b[2J","height":60,"src":"\u001b]0;x\u0007"}]}"#
            let icon = try shell(
                "printf '%s' \(quoted(json)) | \"$XDS\" select-icon --profile legacy --explain --scale 1 "
                    + "--app-info-url https://h/a.json")
            expectNoControls(Array(icon.stderrText.utf8), "select-icon messages")
            #expect(!icon.stderrText.isEmpty)
        }
    }
}

/// `text` as a Python string literal (for plistlib fixtures).
func pythonString(_ text: String) -> String {
    "'" + text.unicodeScalars.map { String(format: "\\U%08x", $0.value) }.joined() + "'"
}

/// A full filesystem is called full; a dry run checks what it can and says what it cannot.
@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct FullFilesystemAndDryRunTests {
    @Test func enospcOnAFullFilesystemSaysTheFilesystemIsFull() throws {
        try Mounts.withMountedFilesystem(.ext4(blockSize: 1024)) { fs in
            let result = try shell(
                """
                cd \(quoted(fs.mountPoint)) && echo x > file &&
                dd if=/dev/zero of=fill bs=1k 2>/dev/null; sync
                "$XDS" write file --identifier a --name b --path \(String(repeating: "p", count: 300)) --dry-run
                "$XDS" write file --identifier a --name b --path \(String(repeating: "p", count: 300))
                echo "status=$?"
                """)
            #expect(result.stdoutText.contains("no free blocks"), "dry run: \(result.stdoutText) \(result.stderrText)")
            #expect(result.stdoutText.hasSuffix("status=1\n"), "\(result.stdoutText)")
            #expect(result.stderrText.contains("the filesystem is full"), "\(result.stderrText)")
            #expect(!result.stderrText.contains("too large"), "\(result.stderrText)")
        }
    }

    /// Without root the ext4 superblock (ea_inode) cannot be read: a value over the block limit may
    /// still fit, so the dry run says that the limit was not checked instead of promising the write.
    @Test func dryRunSaysWhenTheLimitCouldNotBeChecked() throws {
        try Mounts.withMountedFilesystem(.ext4(blockSize: 1024)) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let result = try shell(
                "chmod 0666 \(quoted(file)) && chmod 0755 \(quoted(fs.mountPoint)) && "
                    + "setpriv --reuid=65534 --regid=65534 --clear-groups \"$XDS\" write \(quoted(file)) "
                    + "--identifier a --name b --path \(String(repeating: "p", count: 2000)) --dry-run")
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(
                result.stdoutText.contains(
                    "the size limit (ext4 (1024-byte blocks), at most 952 bytes per value unless"))
        }
    }

    @Test func dryRunRefusesAReadOnlyMountAndNoPermission() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            try Mounts.withReadOnlyBindMount(of: fs.mountPoint) { readOnly in
                let result = try Tool.xds("write", readOnly + "/file", "--identifier", "a", "--name", "b", "--dry-run")
                #expect(result.status == 1, "\(result.stdoutText)")
                #expect(result.stderrText.contains("EROFS"), "\(result.stderrText)")
            }
            let denied = try shell(
                "chmod 0644 \(quoted(file)) && chmod 0755 \(quoted(fs.mountPoint)) && "
                    + "setpriv --reuid=65534 --regid=65534 --clear-groups \"$XDS\" write \(quoted(file)) "
                    + "--identifier a --name b --dry-run")
            #expect(denied.status == 1, "\(denied.stdoutText)")
            #expect(denied.stderrText.contains("EACCES"), "\(denied.stderrText)")
            let fine = try Tool.xds("write", file, "--identifier", "a", "--name", "b", "--dry-run")
            #expect(fine.status == 0)
            #expect(
                fine.stdoutText.contains("not checked (only the real write can tell): immutable"), "\(fine.stdoutText)")
            #expect(try Tool.getfattr(file) == nil)
        }
    }
}

/// One URL rule for write, validate and the recommended icon profile; field values must be UTF-8.
@Suite(.enabled(if: MountGate.enabled, MountGate.reason))
struct URLRuleCommandTests {
    @Test(arguments: ["https://user@h/a.json", "https://h:99999999/a.json", "https://h/<a>.json", "https://h:65536/"])
    func writeRefusesAndValidateFlags(url: String) throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let write = try Tool.xds("write", file, "--identifier", "a", "--name", "b", "--app-info-url", url)
            #expect(write.status == 1, "\(write.stdoutText)")
            #expect(try Tool.getfattr(file) == nil)
            try Tool.setfattr(
                file, try Plistlib.dumps("{'identifier': 'a', 'name': 'b', 'appInfoURL': \(pythonString(url))}"))
            let validate = try Tool.xds("validate", file, "--json")
            #expect(validate.status == 1)
            #expect(validate.stdoutText.contains("convention.app-info-url-not-https"), "\(validate.stdoutText)")
        }
    }

    @Test func recommendedProfileRefusesAPortOutOfRange() throws {
        let json = #"{"icons":[{"width":60,"height":60,"src":"https://h:99999/i.png"}]}"#
        let result = try shell(
            "printf '%s' \(quoted(json)) | \"$XDS\" select-icon --scale 1 --app-info-url https://h/a.json")
        #expect(result.status == 1, "\(result.stdoutText)")
        #expect(
            result.stderrText.contains("out of range") || result.stderrText.contains("no icon"), "\(result.stderrText)")
        let inRange = try shell(
            "printf '%s' \(quoted(json.replacingOccurrences(of: "99999", with: "8443"))) | "
                + "\"$XDS\" select-icon --scale 1 --app-info-url https://h/a.json")
        #expect(inRange.stdoutText == "https://h:8443/i.png\n")
    }

    @Test func fieldValuesThatAreNotUTF8AreRefusedNotReplaced() throws {
        try Mounts.withMountedFilesystem(.tmpfs) { fs in
            let file = fs.path("file")
            try makeFile(file)
            let option = try shell("\"$XDS\" write \(quoted(file)) --identifier a --name $'b\\xff'")
            #expect(option.status == 64, "\(option.stderrText)")
            #expect(option.stderrText.contains("not valid UTF-8"))
            let adapter = try shell(
                "printf '{\"identifier\":\"a\",\"name\":\"b\\377\"}' | \"$XDS\" write-attribute \(quoted(file))")
            #expect(adapter.status == 1, "\(adapter.stderrText)")
            #expect(try Tool.getfattr(file) == nil)
        }
    }
}

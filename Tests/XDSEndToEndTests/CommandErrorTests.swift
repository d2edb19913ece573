// Tests/XDSEndToEndTests/CommandErrorTests.swift - Error kinds decide exit statuses, in one place

import AttributeFiles
import TestSupport
import Testing

@testable import XDSCommands

@Suite struct CommandErrorTests {
    @Test(arguments: [
        (CommandError.Kind.usage, Int32(64)), (.rejected, 1), (.originalRaises, 3), (.internalError, 70),
        (.inputOutput, 74), (.output, 74), (.brokenPipe, 141),
    ])
    func everyKindHasOneStatus(kind: CommandError.Kind, status: Int32) {
        #expect(DecodeCommand.exitStatus(for: kind).rawValue == status)
    }

    /// `validate` has no contract of its own any more: usage 64, its input's I/O 74, standard output 74.
    @Test func validateUsesTheStatusesOfEveryCommand() {
        #expect(ValidateCommand.exitStatus(for: .usage).rawValue == 64)
        #expect(ValidateCommand.exitStatus(for: .inputOutput).rawValue == 74)
        #expect(ValidateCommand.exitStatus(for: .output).rawValue == 74)
    }

    /// Too large is a rejection for select-icon (the input's fault); unreadable is the tool's I/O.
    @Test func inputErrorsMapByReasonNotByMessage() {
        let tooLarge = InputError(path: "<stdin>", reason: .tooLarge(limit: 10))
        #expect(CommandError(tooLarge, tooLargeIsRejection: true).kind == .rejected)
        #expect(CommandError(tooLarge).kind == .inputOutput)
        let missing = InputError(path: "x", reason: .system(.noSuchFile))
        #expect(CommandError(missing, tooLargeIsRejection: true).kind == .inputOutput)
    }

    @Test func messagesAreEscapedOnce() throws {
        let run = try BuiltProducts.run("xds", ["decode", "/nonexistent/\u{1B}[2J\nline"])
        #expect(run.status == 74)
        #expect(run.stderrText == "xds decode: error: /nonexistent/\\x1B[2J\\x0Aline: No such file or directory\n")
    }
}

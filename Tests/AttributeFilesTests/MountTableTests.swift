// Tests/AttributeFilesTests/MountTableTests.swift - Finding a path's mount: device numbers and escaped fields

import Glibc
import Testing

@testable import AttributeFiles

@Suite struct MountTableTests {
    /// Character devices whose numbers Linux fixes (the kernel's admin-guide/devices.txt): the text must be
    /// the `major:minor` that /proc/self/mountinfo's third field uses, or a path's mount is found only by the
    /// mount-point fallback.
    @Test(arguments: [("/dev/null", "1:3"), ("/dev/zero", "1:5"), ("/dev/loop-control", "10:237")])
    func deviceNumbersAreSpelledAsMountinfoSpellsThem(path: String, expected: String) throws {
        var status = stat()
        try #require(stat(path, &status) == 0, "\(path) is missing")
        #expect(MountTable.deviceNumber(status.st_rdev) == expected)
    }

    /// Only a backslash with three octal digits after it is an escape; anything shorter or not octal stays.
    @Test(arguments: [
        ("a\\040b", "a b"), ("tab\\011", "tab\t"), ("back\\134slash", "back\\slash"), ("end\\1", "end\\1"),
        ("end\\12", "end\\12"), ("\\", "\\"), ("not\\9xx", "not\\9xx"), ("\\0401", " 1"),
    ])
    func escapesAreABackslashAndThreeOctalDigits(field: String, expected: String) {
        #expect(MountField.unescape(field) == expected)
    }
}

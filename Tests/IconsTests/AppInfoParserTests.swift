// Tests/IconsTests/AppInfoParserTests.swift - appInfo.json parsing keeps what NSNumber would hold

import Testing

@testable import Icons

@Suite struct AppInfoParserTests {
    /// The `width` of the only entry of `{"icons":[{"width": LITERAL, "height": 1, "src": "a"}]}`.
    func width(_ literal: String) throws -> AppInfoValue {
        let info = try AppInfo.parse(Array(#"{"icons":[{"width":\#(literal),"height":1,"src":"a"}]}"#.utf8))
        guard case .array(let entries) = info.icons, case .dictionary(let width, _, _) = entries.first else {
            Issue.record("no entry")
            return .absent
        }
        return width
    }

    @Test func booleansIntegersAndRealsAreToldApart() throws {
        #expect(try width("true") == .boolean(true))
        #expect(try width("false") == .boolean(false))
        #expect(try width("1") == .integer(1))
        #expect(try width("0") == .integer(0))
        #expect(try width("1.0") == .real(1.0))
        #expect(try width("5.8e1") == .real(58.0))
        #expect(try width("1e3") == .real(1000.0))
        #expect(try width("-0") == .integer(0))
        #expect(try width("58.9") == .real(58.9))
        // Too long for the fast reader: Foundation returns an NSDecimalNumber, integral and far below 2^63,
        // which is a real, not an out-of-range integer.
        #expect(try width("300000000000000000.0") == .real(3e17))
        #expect(try width("1000000000000000000.5") == .real(1e18))
    }

    @Test func largeIntegersAreKeptAsOutOfRange() throws {
        #expect(try width("9223372036854775807") == .integer(Int.max))
        #expect(try width("-9223372036854775808") == .integer(Int.min))
        #expect(try width("9223372036854775808") == .largeInteger(negative: false))
        #expect(try width("18446744073709551615") == .largeInteger(negative: false))
        #expect(try width("123456789012345678901234567890") == .largeInteger(negative: false))
        #expect(try width("-9223372036854775809") == .largeInteger(negative: true))
    }

    @Test func otherKindsAreKept() throws {
        #expect(try width("null") == .null)
        #expect(try width("\"58px\"") == .string("58px"))
        #expect(try width("[58]") == .array)
        #expect(try width("{\"a\":1}") == .dictionary)
    }

    @Test func missingKeysAndNonDictionaryEntries() throws {
        let info = try AppInfo.parse(Array(#"{"icons":[{"width":1},2,"x",null,[1]]}"#.utf8))
        #expect(
            info.icons
                == .array([
                    .dictionary(width: .integer(1), height: .absent, src: .absent), .other(.integer(2)),
                    .other(.string("x")), .other(.null), .other(.array),
                ]))
    }

    @Test func rootAndIconsShapes() throws {
        #expect(try AppInfo.parse(Array("[1,2]".utf8)) == AppInfo(rootIsDictionary: false, icons: .absent))
        #expect(try AppInfo.parse(Array("{}".utf8)) == AppInfo(rootIsDictionary: true, icons: .absent))
        #expect(try AppInfo.parse(Array(#"{"icons":{}}"#.utf8)).icons == .notArray(.dictionary))
        #expect(try AppInfo.parse(Array(#"{"icons":"x"}"#.utf8)).icons == .notArray(.string("x")))
        #expect(try AppInfo.parse(Array(#"{"icons":null}"#.utf8)).icons == .notArray(.null))
    }

    @Test(arguments: ["", "{", "58", "\"x\"", "{\"icons\":[}", "{\"a\":1e400}", "nul", "{\"a\":01}"])
    func malformedJSONIsAnError(text: String) {
        do {
            _ = try AppInfo.parse(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.category == .malformedJSON)
        }
    }

    @Test func malformedJSONNamesAnOffset() {
        do {
            _ = try AppInfo.parse(Array("{\"icons\": [1, 2,, 3]}".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.category == .malformedJSON)
            #expect(error.offset != nil)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 20000) + String(repeating: "]", count: 20000)
        let error = #expect(throws: AppInfoError.self) { try AppInfo.parse(Array(deep.utf8)) }
        #expect(error?.category == .malformedJSON)
    }

    @Test func inputSizeIsBounded() throws {
        let padding = String(repeating: " ", count: 64 * 1024)
        do {
            _ = try AppInfo.parse(Array(("{}" + padding).utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.category == .limit)
            #expect(error.offset == 64 * 1024)
        }
        let fits = try AppInfo.parse(Array(("{}" + padding.dropLast(2)).utf8))
        #expect(fits.rootIsDictionary)
    }

    @Test func entryCountIsBounded() throws {
        let entries = Array(repeating: "1", count: 11).joined(separator: ",")
        let limits = AppInfoLimits(maxBytes: 1024, maxEntries: 10)
        do {
            _ = try AppInfo.parse(Array("{\"icons\":[\(entries)]}".utf8), limits: limits)
            Issue.record("accepted")
        } catch {
            #expect(error.category == .limit)
        }
        let ten = Array(repeating: "1", count: 10).joined(separator: ",")
        let info = try AppInfo.parse(Array("{\"icons\":[\(ten)]}".utf8), limits: limits)
        #expect(info.icons == .array(Array(repeating: .other(.integer(1)), count: 10)))
    }

    @Test func duplicateKeysKeepTheLastValue() throws {
        // Foundation on Linux keeps the last; documented as implementation-defined in Docs/icons.md.
        let info = try AppInfo.parse(Array(#"{"icons":[{"width":1,"width":58,"height":58,"src":"a"}]}"#.utf8))
        #expect(info.icons == .array([.dictionary(width: .integer(58), height: .integer(58), src: .string("a"))]))
    }

    @Test(arguments: [
        (#"{"icons":[1,]}"#, 11), (#"{"a":1,}"#, 6), ("{\"icons\":[1 , \n ]}", 12),
    ])
    func trailingCommasAreMalformedAtTheirOffset(text: String, offset: Int) {
        do {
            _ = try AppInfo.parse(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.category == .malformedJSON)
            #expect(error.offset == offset)
        }
    }

    @Test func commasInsideStringsAreNotTrailing() throws {
        let info = try AppInfo.parse(Array(#"{"icons":[{"width":1,"height":2,"src":",]\",}"}]}"#.utf8))
        #expect(info.icons == .array([.dictionary(width: .integer(1), height: .integer(2), src: .string(",]\",}"))]))
    }

    /// Foundation's "around character N" counts the UTF-8 text it parsed: the input after a UTF-8 byte-order mark
    /// (the error is three bytes further into the input), or its own UTF-8 copy of a UTF-16 or UTF-32 input (no
    /// byte offset of the input follows from it).
    @Test func anErrorOffsetIsAnOffsetIntoTheInput() {
        func error(_ bytes: [UInt8]) -> AppInfoError? {
            do {
                _ = try AppInfo.parse(bytes)
                return nil
            } catch {
                return error
            }
        }
        let plain = Array(#"{"a": x}"#.utf8)
        #expect(error(plain)?.offset == 6)
        let marked = error([0xEF, 0xBB, 0xBF] + plain)
        #expect(marked?.offset == 9, "after the mark: \(String(describing: marked))")
        #expect(marked?.detail == "Invalid value around character 6.", "Foundation's own words stay")
        // UTF-16BE `{x`, and the FuzzAppInfoParser finding: NUL, `"`, NUL, 103 × 0xA7, NUL, `"},,X` read as UTF-16BE,
        // which Foundation reported at "character 157" of 112 bytes.
        #expect(error([0x00, 0x7B, 0x00, 0x78])?.offset == nil)
        let finding = [0x00, 0x22, 0x00] + [UInt8](repeating: 0xA7, count: 103) + [0x00] + Array(#""},,X"#.utf8)
        let found = error(finding)
        #expect(found?.category == .malformedJSON)
        #expect(found?.offset == nil, "\(String(describing: found))")
    }
}

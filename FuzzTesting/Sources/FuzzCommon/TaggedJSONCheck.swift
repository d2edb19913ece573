// FuzzTesting/Sources/FuzzCommon/TaggedJSONCheck.swift - Oracle: the tagged-JSON reader (xds encode's input)

import BinaryPlist
import TaggedJSON

/// The tagged-JSON oracle: whatever text `xds encode` is given.
///
/// Accepted text: the value written back as tagged JSON reads as an equal value, and writing that
/// value again gives the same text (the writer is canonical); the value also survives the binary
/// encoder and a strict decoding (what `xds encode` produces must read back). Rejected text: the
/// error names a JSON path rooted at `$`.
public enum TaggedJSONCheck {
    /// The fuzz target's name, used in findings and reports.
    public static let target = "FuzzTaggedJSON"

    /// Runs the oracle on one fuzz input (the whole input is the text).
    /// - Throws: `FuzzFinding` when an invariant breaks.
    @discardableResult
    public static func run(_ input: [UInt8]) throws(FuzzFinding) -> Bool {
        let value: PropertyListValue
        do {
            value = try TaggedJSON.decode(input)
        } catch {
            guard error.path.hasPrefix("$") else {
                throw FuzzFinding(target, "a rejection names a JSON path rooted at $", "\(error)")
            }
            return true
        }
        let text = TaggedJSON.encode(value)
        let again: PropertyListValue
        do { again = try TaggedJSON.decode(text) } catch {
            throw FuzzFinding(target, "written tagged JSON reads back", "\(error)")
        }
        guard again == value else {
            throw FuzzFinding(target, "written tagged JSON reads as an equal value", "\(again) != \(value)")
        }
        // Byte equality by one `memcmp` (the same test as `==`, without a traced comparison per byte).
        guard PlistRoundTripCheck.sameBytes(TaggedJSON.encode(again), text) else {
            throw FuzzFinding(target, "the tagged-JSON writer is canonical", "two texts for one value")
        }
        let binary = BPlistEncoder.encode(value)
        let decoded: PropertyListValue
        do { decoded = try BPlistDecoder.decode(binary, rules: .strict) } catch {
            throw FuzzFinding(target, "the encoded bplist decodes strictly", "\(error)")
        }
        guard decoded == value else {
            throw FuzzFinding(target, "the encoded bplist reads as the tagged value", "\(decoded) != \(value)")
        }
        return true
    }
}

// FuzzTesting/Sources/FuzzCommon/RejectionExplanation.swift - Which divergence explains a reference rejection

import BinaryPlist

extension KnownDivergence {
    /// The divergence that explains libplist accepting `document` although the strict reference
    /// rejects it with `error`, judged from the bytes themselves (`OracleWorkScreen`), not from the
    /// error's message.
    /// - Returns: `nil` when none does (then a relaxed reading may, or it is a finding).
    static func explaining(_ error: BPlistError, in document: [UInt8]) -> KnownDivergence? {
        let trailer = document.count >= 32 ? document.count - 32 : nil
        switch error.category {
        case .offsetTable:
            if OracleWorkScreen.hasObjectOffsetOutsideObjectArea(document) { return .objectOffsetOutsideObjectArea }
            if let trailer, document[trailer + 6] > 8 { return .wideOffsetTruncated }
        case .objectRef:
            if let trailer, document[trailer + 7] > 8 { return .wideObjectRefTruncated }
        case .trailer:
            if OracleWorkScreen.hasTooNarrowWidths(document) { return .narrowWidthsAccepted }
            if OracleWorkScreen.tableOffset(document) == 8 { return .offsetTableRightAfterHeader }
        case .limit:
            guard let marker = OracleWorkScreen.marker(ofObjectAt: error.offset, in: document) else { return nil }
            if marker == 0x33 { return .dateOutOfRangeAccepted }
            if marker >> 4 == 0x8, marker & 0xF >= 8 { return .wideUIDAccepted }
        case .length:
            let offset = error.offset
            if offset > 0, offset < document.count, [0x13, 0x14].contains(document[offset]),
                document[offset - 1] & 0xF == 0xF
            {
                return .wideCountAccepted
            }
        case .encoding:
            switch OracleWorkScreen.stringKind(document, containing: error.offset) {
            case 0x5 where document[error.offset] >= 0x80: return .asciiStringHighByte
            case 0x6: return .utf16UnpairedSurrogate
            default: return nil
            }
        default:
            return nil
        }
        return nil
    }

    /// The relaxation divergence whose rule the strict reference applied in rejecting with `error`.
    static func relaxationExplaining(_ error: BPlistError) -> KnownDivergence? {
        switch error.category {
        case .duplicateKey: return .duplicateKeyAccepted
        case .limit: return .sixteenByteIntegerAccepted
        default: return nil
        }
    }
}

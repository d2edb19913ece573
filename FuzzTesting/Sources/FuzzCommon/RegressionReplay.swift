// FuzzTesting/Sources/FuzzCommon/RegressionReplay.swift - Replays a regression vector through every oracle

/// Replays `Vectors/<area>/regressions/` files through the fuzz targets' oracles, without the fuzzer.
///
/// Regression files hold plain vector inputs (no option prefix), so each is replayed in every
/// configuration the option prefix can select: all decoding rules for plist inputs, every scale
/// and profile for appInfo inputs.
public enum RegressionReplay {
    /// The vector areas whose regressions have an oracle.
    public static let areas = ["plist", "attribute", "icons"]

    /// The area of a vector path `…/Vectors/<area>/<group>/<name>`: its grandparent directory's name.
    public static func area(ofPath path: String) -> String? {
        let parts = path.split(separator: "/")
        return parts.count >= 3 ? String(parts[parts.count - 3]) : nil
    }

    /// Replays one regression input.
    /// - Parameters:
    ///   - bytes: the vector's input bytes.
    ///   - area: `plist`, `attribute` or `icons`.
    /// - Returns: what the differential oracle concluded, for plist inputs (`nil` otherwise).
    /// - Throws: the first `FuzzFinding`.
    @discardableResult
    public static func replay(_ bytes: [UInt8], area: String) throws(FuzzFinding) -> PlistDifferentialCheck.Verdict? {
        switch area {
        case "plist", "attribute":
            for options in DecoderFuzzOptions.replayConfigurations {
                try PlistRoundTripCheck.check(bytes, rules: options.rules)
            }
            try AttributeReaderCheck.check(bytes)
            return try PlistDifferentialCheck.compare(bytes)
        case "icons":
            for options in IconFuzzOptions.allConfigurations {
                try IconSelectionCheck.check(bytes, options: options)
            }
            return nil
        default:
            throw FuzzFinding("RegressionReplay", "regressions live in a known area", "area \(area)")
        }
    }
}

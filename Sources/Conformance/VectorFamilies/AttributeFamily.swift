// Sources/Conformance/VectorFamilies/AttributeFamily.swift - attribute: the fields a conforming reader keeps

/// Attribute values as found in the xattr, with the fields the original reader keeps.
public enum AttributeFamily {
    public static func vectors() -> [GeneratedVector] { [] }
}

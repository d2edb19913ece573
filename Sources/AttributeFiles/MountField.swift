// Sources/AttributeFiles/MountField.swift - Fields of /proc/self/mountinfo and /proc/mounts, unescaped

/// The kernel writes space, tab, newline and backslash in mount table fields as `\ooo` (octal).
public enum MountField {
    /// The field with every `\ooo` escape replaced by its byte.
    public static func unescape<Field: StringProtocol>(_ field: Field) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(field.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "\\"), utf8.count >= 3,
                let value = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

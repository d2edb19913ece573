// Sources/TaggedJSON/JSONStringLiteral.swift - One JSON string quoter for every command that prints JSON

/// JSON string literals as every `xds` command writes them.
public enum JSONStringLiteral {
    /// `text` as a JSON string literal (RFC 8259): `"`, `\` and control characters escaped, the rest UTF-8.
    public static func quoted(_ text: String) -> String {
        String(decoding: JSONWriter.quoted(text), as: UTF8.self)
    }
}

// Sources/VectorGenerators/AttributeWriteInputs.swift - attribute: write-attribute's input with a key too many or few

import ConformanceModel

extension AttributeFamilyCases {
    /// Write-input vectors (`<id>.fields.json`, Docs/vectors.md): the bytes are `write-attribute`'s standard input,
    /// byte-exact, so a field object the runner's own writer never produces (an extra, a repeated, a missing key)
    /// reaches the adapter's reader. `{"fields": null}`: the input must be refused (exit 1); the levels follow
    /// Docs/spec.md `attribute.write.keys` (MUST for identifier and name, SHOULD for path and appInfoURL) and
    /// `attribute.write.input` (SHOULD); RecommendedLevels lowers the SHOULD ones.
    static func writeInputs() -> [GeneratedVector] {
        let made = "generator: AttributeFamily (field-object text)"
        /// `{"k":"v",…}` in the order given, as JSON text with a final newline (what `echo` writes).
        func object(_ pairs: [(String, String)]) -> [UInt8] {
            Array(
                ("{" + pairs.map { JSONText.quoted($0.0) + ":" + JSONText.quoted($0.1) }.joined(separator: ",") + "}\n")
                    .utf8)
        }
        func refused(
            _ name: String, _ input: [UInt8], _ description: String, spec: String, tags: [VectorTag],
            error: VectorErrorCategory
        ) -> GeneratedVector {
            GeneratedVector(
                .attribute, .invalid, "write-input-" + name, input: input, expected: F.fields(nil),
                description: description, spec: spec, tags: tags, error: error, made: made,
                inputExtension: "fields.json")
        }
        // The four in another order than the runner's writer sorts them, with spaces, a \u escape and escaped
        // slashes: any strict JSON reader reads it as the four fields.
        let spelled = """
            { "appInfoURL" : "https:\\/\\/workingcopyapp.com\\/appInfo.json", "path" : "\(F.path)",
              "name" : "Working\\u0020Copy", "identifier" : "\(F.identifier)" }

            """
        var out = [
            GeneratedVector(
                .attribute, .valid, "write-input-four-keys", input: Array(spelled.utf8), expected: F.fields(four),
                description:
                    "the four keys in another order, spaced, with a \\u escape and escaped slashes: the writer writes "
                    + "exactly these fields", spec: "attribute.write.keys", tags: [.dictionary], made: made,
                inputExtension: "fields.json"),
            refused(
                "extra-key", object(four + [("version", "2")]),
                "a fifth key \"version\" beside the four: refuse the input, naming the key (a writer that ignores "
                    + "it still writes a readable attribute)", spec: "attribute.write.input", tags: [.extraKey],
                error: .schema),
            refused(
                "repeated-key", object(four + [("name", "Second Name")]),
                "\"name\" given twice with different values: refuse the input, naming the key (which value a "
                    + "writer would keep depends on its JSON parser)", spec: "attribute.write.input",
                tags: [.duplicateKey], error: .duplicateKey),
        ]
        for (index, key) in four.map(\.0).enumerated() {
            var rest = four
            rest.remove(at: index)
            let strength = key == "identifier" || key == "name" ? "must" : "should"
            out.append(
                refused(
                    "missing-\(key.lowercased())", object(rest),
                    "no \"\(key)\" key: refuse the input, naming the key (a writer \(strength) write \(key); the "
                        + "original's writer raises)", spec: "attribute.write.keys", tags: [.missingKey],
                    error: .schema))
        }
        return out
    }
}

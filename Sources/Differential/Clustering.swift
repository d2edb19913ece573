// Sources/Differential/Clustering.swift - Disagreements grouped by signature, each with its smallest input

import ConformanceModel

/// Groups the inputs on which implementations disagree by `Signature`, keeping the smallest input of each group.
public enum Clustering {
    /// The clusters of `table` over `inputs` (same order), the largest first, then by id.
    /// - Parameter names: the implementations' names, in the table's column order.
    public static func clusters(_ inputs: [CorpusInput], _ table: AnswerTable, names: [String]) -> [Cluster] {
        var members: [String: [Int]] = [:]
        var signatures: [String: Signature] = [:]
        for index in inputs.indices {
            let answers = table.answers[index]
            let signature = Signature(
                Array(zip(names, answers.map(\.answer))).map { (name: $0.0, answer: $0.1) }, rule: table.rules[index])
            guard signature.isDisagreement else { continue }
            members[signature.text, default: []].append(index)
            signatures[signature.text] = signature
        }
        var clusters: [Cluster] = []
        for (text, indices) in members {
            guard let signature = signatures[text],
                let smallest = indices.min(by: { smaller(inputs[$0], than: inputs[$1]) })
            else { continue }
            let input = inputs[smallest]
            let labels = labelsByImplementation(signature)
            let answers = zip(names, table.answers[smallest]).map { name, recorded in
                ImplementationAnswer(
                    implementation: name, answer: labels[name] ?? recorded.answer.verdict, detail: recorded.detail)
            }
            clusters.append(
                Cluster(
                    id: id(of: text), signature: text, sides: signature.sides, rule: signature.rule,
                    size: indices.count,
                    representative: Representative(
                        sha256: input.sha256, size: input.bytes.count, paths: Array(input.paths.prefix(5)),
                        hex: hex(input.bytes.prefix(Representative.hexLimit))),
                    answers: answers))
        }
        return clusters.sorted { ($1.size, $0.id) < ($0.size, $1.id) }
    }

    /// Whether `a` is the better representative: fewer bytes, then the lower hash (a stable choice).
    static func smaller(_ a: CorpusInput, than b: CorpusInput) -> Bool {
        (a.bytes.count, a.sha256) < (b.bytes.count, b.sha256)
    }

    /// `d-` and 12 hex digits of the SHA-256 of the signature text.
    public static func id(of signature: String) -> String {
        "d-" + String(SHA256.hex(Array(signature.utf8)).prefix(12))
    }

    /// Lower-case hex of `bytes`.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func labelsByImplementation(_ signature: Signature) -> [String: String] {
        var labels: [String: String] = [:]
        for side in signature.sides {
            for name in side.implementations { labels[name] = side.label }
        }
        return labels
    }
}

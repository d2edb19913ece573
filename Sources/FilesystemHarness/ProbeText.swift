// Sources/FilesystemHarness/ProbeText.swift - The human-readable rendering of a probe result

extension ProbeResult {
    /// A few aligned lines: geometry, each limit against its formula, each errno against the expected one.
    public var text: String {
        var lines = ["\(directory): \(geometry.type) (f_type \(geometry.magic)), block size \(geometry.blockSize)"]
        if let nodeSize = geometry.nodeSize { lines[0] += ", node size \(nodeSize)" }
        lines.append("  the writer's pre-flight check sees: \(writerSees)")
        if !supportsUserAttributes { lines.append("  user extended attributes: not supported") }
        lines.append("  limits (largest value accepted, bytes):")
        for limit in limits {
            let measured = limit.maximum.map(String.init) ?? "none"
            var line = "    \(pad(limit.id, 20)) \(pad(measured, 6)) above: \(pad(limit.errnoAbove ?? "-", 11))"
            if let formula = limit.formula {
                line += " formula \(formula)" + (limit.agreesWithFormula == true ? " ok" : "  DIFFERS")
            }
            lines.append(line)
        }
        lines.append("  errno:")
        for errnoCase in errnos {
            let mark = errnoCase.matches ? "" : "  (expected \(errnoCase.expected))"
            lines.append("    \(pad(errnoCase.id, 20)) \(errnoCase.result)\(mark)")
        }
        lines.append("  scratch files removed: \(cleanedUp ? "yes" : "NO")")
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

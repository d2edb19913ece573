// Sources/TaggedJSON/JSONPathTrail.swift - The JSON path of the value being read, spelled only for an error

/// The steps from the root to the value being read; `text` spells them as `JSONPath` does (`$.name`,
/// `$["odd key"]`, `$[3]`). Readers push and pop a step per member or element and spell the path only
/// when an error names it, so reading valid text builds no path strings.
struct JSONPathTrail {
    enum Step {
        case member(String)
        case element(Int)
    }

    private var steps: [Step] = []

    mutating func push(_ step: Step) { steps.append(step) }

    mutating func pop() { steps.removeLast() }

    /// The path, rooted at `$`.
    var text: String {
        var path = "$"
        for step in steps {
            switch step {
            case .member(let key): JSONPath.appendMember(key, to: &path)
            case .element(let index):
                path += "["
                path += String(index)
                path += "]"
            }
        }
        return path
    }

    /// The path of `step` below the current value.
    func text(appending step: Step) -> String {
        var trail = self
        trail.push(step)
        return trail.text
    }
}

// Sources/XDSCommands/Arguments.swift - A small, strict command-line parser shared by every command

/// A command line that does not fit the command's options; reported with exit status 64.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The options a command understands.
public struct ArgumentSpec: Sendable {
    /// Options that take a value (`--scale 2` or `--scale=2`); may repeat.
    public var valueOptions: Set<String>
    /// Options without a value (`--json`).
    public var flags: Set<String>
    /// How many positional arguments are allowed.
    public var positionals: ClosedRange<Int>

    public init(valueOptions: Set<String> = [], flags: Set<String> = [], positionals: ClosedRange<Int> = 0...0) {
        self.valueOptions = valueOptions
        self.flags = flags
        self.positionals = positionals
    }
}

/// A parsed command line.
public struct Arguments: Sendable {
    public var positionals: [String] = []
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    /// True when `-h` or `--help` was given; other checks are skipped so help always works.
    public var wantsHelp = false

    /// The last value given for `option`, if any.
    public func value(_ option: String) -> String? { values[option]?.last }
    /// Every value given for `option`, in order.
    public func allValues(_ option: String) -> [String] { values[option] ?? [] }
    /// Whether the flag was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Parses `arguments` (without the command name) against `spec`.
    ///
    /// `--name value`, `--name=value`, flags, positionals, and `--` (everything after it is positional).
    /// A lone `-` is a positional (standard input).
    /// - Throws: `UsageError` for an unknown option, a missing value, or the wrong number of positionals.
    public static func parse(_ arguments: [String], spec: ArgumentSpec) throws(UsageError) -> Arguments {
        var parsed = Arguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if spec.valueOptions.contains(name) {
                if let inlineValue {
                    parsed.values[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    parsed.values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("option '\(name)' needs a value")
                }
            } else if spec.flags.contains(name) {
                if inlineValue != nil { throw UsageError("option '\(name)' takes no value") }
                parsed.flags.insert(name)
            } else {
                throw UsageError("unknown option '\(name)'")
            }
        }
        if !parsed.wantsHelp && !spec.positionals.contains(parsed.positionals.count) {
            let range = spec.positionals
            let expected =
                range.lowerBound == range.upperBound
                ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            throw UsageError("expected \(expected) argument(s), got \(parsed.positionals.count)")
        }
        return parsed
    }
}

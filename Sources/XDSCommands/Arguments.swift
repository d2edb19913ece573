// Sources/XDSCommands/Arguments.swift - A small, strict command-line parser shared by every command

import AttributeFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One command-line argument as the bytes `argv` held: a path keeps them all the way to the system call.
public struct CommandLineArgument: Hashable, Sendable, ExpressibleByStringLiteral {
    public var bytes: [UInt8]
    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ text: String) { bytes = Array(text.utf8) }
    public init(stringLiteral value: String) { self.init(value) }

    /// This process's `argv`, byte for byte (`CommandLine.arguments` would replace bytes that are not
    /// UTF-8 with U+FFFD, and a path would name another file).
    public static var processArguments: [CommandLineArgument] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return CommandLineArgument(bytes: []) }
            let length = strlen(pointer)
            return CommandLineArgument(
                bytes: UnsafeRawBufferPointer(start: UnsafeRawPointer(pointer), count: length).map { $0 })
        }
    }

    /// The argument as a path, byte for byte.
    public var path: BytePath { BytePath(bytes: bytes) }
    /// The argument as text for names and numbers (bytes that are not UTF-8 kept as display markers,
    /// so they never match anything and print as `\xNN`).
    public var text: String { path.description }
    /// The argument as text, or nil when it is not valid UTF-8 (a field value must be text).
    public var utf8Text: String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }
}

/// A command line that does not fit the command's options; reported with exit status 64.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The options a command understands.
public struct ArgumentSpec: Sendable {
    /// Options that take a text value (`--scale 2` or `--scale=2`); may repeat.
    public var valueOptions: Set<String>
    /// Options that take a path (`-o OUT`): kept byte for byte and only reachable through
    /// `Arguments.path(_:)` (or `utf8Path(_:)`), never as text, so no path is ever rebuilt from a
    /// display string and lands on another file.
    public var pathOptions: Set<String>
    /// Options without a value (`--json`).
    public var flags: Set<String>
    /// How many positional arguments are allowed.
    public var positionals: ClosedRange<Int>

    public init(
        valueOptions: Set<String> = [], pathOptions: Set<String> = [], flags: Set<String> = [],
        positionals: ClosedRange<Int> = 0...0
    ) {
        self.valueOptions = valueOptions
        self.pathOptions = pathOptions
        self.flags = flags
        self.positionals = positionals
    }
}

/// A parsed command line.
public struct Arguments: Sendable {
    /// The positional arguments, byte for byte.
    public var positionalArguments: [CommandLineArgument] = []
    /// Each text option's values, byte for byte, in order.
    public var valueArguments: [String: [CommandLineArgument]] = [:]
    /// Each path option's values, byte for byte, in order (see `ArgumentSpec.pathOptions`).
    public var pathArguments: [String: [CommandLineArgument]] = [:]
    public var flags: Set<String> = []
    /// True when `-h` or `--help` was given; other checks are skipped so help always works.
    public var wantsHelp = false

    /// The positional arguments as text (see `CommandLineArgument.text`).
    public var positionals: [String] { positionalArguments.map(\.text) }
    /// The last value given for `option`, as text (see `CommandLineArgument.text`), if any.
    public func value(_ option: String) -> String? { valueArguments[option]?.last?.text }
    /// Every value given for `option`, in order, as text.
    public func allValues(_ option: String) -> [String] { (valueArguments[option] ?? []).map(\.text) }
    /// Whether the flag was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
    /// Positional argument `index` as a path, byte for byte.
    public func path(at index: Int) -> BytePath { positionalArguments[index].path }
    /// The last value of the path option `option`, byte for byte.
    public func path(_ option: String) -> BytePath? { pathArguments[option]?.last?.path }
    /// The last value of the path option `option` for code that takes paths as `String`: refused
    /// (never replaced) when it is not valid UTF-8, so it cannot name another file.
    public func utf8Path(_ option: String) throws(UsageError) -> String? {
        guard let argument = pathArguments[option]?.last else { return nil }
        return try Self.utf8Path(argument, option: option)
    }
    /// Every value of the path option `option`, in order, each refused unless valid UTF-8 (`utf8Path(_:)`).
    public func allUTF8Paths(_ option: String) throws(UsageError) -> [String] {
        var paths: [String] = []
        for argument in pathArguments[option] ?? [] { paths.append(try Self.utf8Path(argument, option: option)) }
        return paths
    }

    private static func utf8Path(_ argument: CommandLineArgument, option: String) throws(UsageError) -> String {
        guard let text = argument.utf8Text else {
            throw UsageError(
                "\(option): the path '\(argument.text)' is not valid UTF-8, which this option cannot use byte-exactly")
        }
        return text
    }
    /// The last value of `option` as text that must be valid UTF-8 (a field value): bytes that are not
    /// UTF-8 are refused, never replaced.
    public func text(_ option: String) throws(UsageError) -> String? {
        guard let argument = valueArguments[option]?.last else { return nil }
        guard let text = argument.utf8Text else {
            throw UsageError("\(option): the value is not valid UTF-8 ('\(argument.text)')")
        }
        return text
    }

    /// Parses `arguments` given as text (tests, and callers without raw `argv`).
    public static func parse(_ arguments: [String], spec: ArgumentSpec) throws(UsageError) -> Arguments {
        try parse(arguments.map { CommandLineArgument($0) }, spec: spec)
    }

    /// Parses `arguments` (without the command name) against `spec`.
    ///
    /// `--name value`, `--name=value`, flags, positionals, and `--` (everything after it is positional).
    /// A lone `-` is a positional (standard input).
    /// - Throws: `UsageError` for an unknown option, a missing value, or the wrong number of positionals.
    public static func parse(_ arguments: [CommandLineArgument], spec: ArgumentSpec) throws(UsageError)
        -> Arguments
    {
        var parsed = Arguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let raw = arguments[index]
            let argument = raw.text
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionalArguments.append(raw)
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
            var inlineValue: CommandLineArgument?
            if let equals = raw.bytes.firstIndex(of: UInt8(ascii: "=")) {
                name = CommandLineArgument(bytes: Array(raw.bytes[..<equals])).text
                inlineValue = CommandLineArgument(bytes: Array(raw.bytes[(equals + 1)...]))
            }
            if spec.valueOptions.contains(name) || spec.pathOptions.contains(name) {
                let value: CommandLineArgument
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option '\(name)' needs a value")
                }
                if spec.pathOptions.contains(name) {
                    parsed.pathArguments[name, default: []].append(value)
                } else {
                    parsed.valueArguments[name, default: []].append(value)
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

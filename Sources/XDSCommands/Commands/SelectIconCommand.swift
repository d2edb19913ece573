// Sources/XDSCommands/Commands/SelectIconCommand.swift - `xds select-icon`: choose the icon from appInfo.json

import Icons

/// `xds select-icon`: chooses the icon from appInfo.json (DESIGN §5 adapter call).
enum SelectIconCommand: Command {
    static let name = "select-icon"
    static let abstract = "Chooses the icon from appInfo.json"
    static let help = """
        OVERVIEW: Chooses the icon for a 29x29-point slot from appInfo.json.

        USAGE: xds select-icon --scale S --app-info-url URL [--profile P]
                               [--allow-loopback-http] [--explain] [--json] [FILE|-]

        ARGUMENTS:
          FILE                    appInfo.json (default: standard input)

        OPTIONS:
          --scale S               screen scale, 1...1000 (1, 2, 3 on devices)
          --app-info-url URL      the URL appInfo.json came from
          --profile P             recommended (default) or legacy (the original code)
          --allow-loopback-http   recommended: accept http to localhost/127.x/[::1]
          --explain               print on stderr why each entry was taken or not
          --json                  print {"url":..,"width":..,"height":..,"index":..}
          -h, --help              show this help

        EXIT STATUS:
          0 an icon was chosen (its absolute URL is printed), 1 no icon,
          3 legacy only: the original Objective-C code raises here, 64 usage.
          See Docs/icons.md for both profiles.
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        let spec = ArgumentSpec(
            valueOptions: ["--scale", "--app-info-url", "--profile"],
            flags: ["--explain", "--json", "--allow-loopback-http"], positionals: 0...1)
        let parsed: Arguments
        switch parseOrExit(arguments, spec: spec) {
        case .failure(let exit): return exit.status
        case .success(let value): parsed = value
        }
        guard let scaleText = parsed.value("--scale"), let scale = Int(scaleText), IconSelector.scales.contains(scale)
        else {
            return usage("--scale needs an integer in 1...1000")
        }
        guard let appInfoURL = parsed.value("--app-info-url") else { return usage("--app-info-url is required") }
        let profileName = parsed.value("--profile") ?? IconProfile.recommended.rawValue
        guard let profile = IconProfile(rawValue: profileName) else {
            return usage("--profile must be 'recommended' or 'legacy'")
        }
        let bytes: [UInt8]
        do {
            bytes = try Console.readInput(parsed.positionals.first, limit: AppInfoLimits.default.maxBytes)
        } catch {
            // Over the limit reads as a rejection of the input; an unreadable file is an I/O error.
            if error.message.hasPrefix("larger than") {
                Console.printError("xds select-icon: \(error)")
                return .rejected
            }
            Console.printError("xds select-icon: \(error)")
            return .ioError
        }
        let options = SelectionOptions(allowLoopbackHTTP: parsed.has("--allow-loopback-http"))
        let result = IconSelector.explain(
            json: bytes, scale: scale, appInfoURL: appInfoURL, profile: profile, options: options)
        if parsed.has("--explain") {
            for note in result.notes { Console.printError(note.description) }
        }
        switch result.selection {
        case .icon(let url, let width, let height, let index):
            if parsed.has("--json") {
                Console.printOut(
                    "{\"url\":\(jsonString(url)),\"width\":\(width),\"height\":\(height),\"index\":\(index)}")
            } else {
                Console.printOut(url)
            }
            return .success
        case .none(let reason):
            Console.printError("no icon: \(reason)")
            return .rejected
        case .originalRaises(let reason):
            Console.printError("the original raises: \(reason)")
            return .originalRaises
        }
    }

    private static func usage(_ message: String) -> ExitStatus {
        Console.printError("Error: \(message)")
        Console.printError("  See 'xds select-icon --help' for more information.")
        return .usage
    }

    /// A JSON string literal (RFC 8259 escaping).
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

// Sources/XDSCommands/Commands/SelectIconCommand.swift - `xds select-icon`: choose the icon from appInfo.json

import ConformanceModel
import Icons
import TaggedJSON

/// `xds select-icon`: chooses the icon from appInfo.json (adapter call of Docs/conformance.md).
enum SelectIconCommand: Command {
    static let name = AdapterCall.selectIcon.rawValue
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
          3 legacy only: the original Objective-C code raises here, 64 usage,
          74 the file could not be read or standard output not written.
          See Docs/icons.md for both profiles.
        """

    static let spec = ArgumentSpec(
        valueOptions: ["--scale", "--app-info-url", "--profile"],
        flags: ["--explain", "--json", "--allow-loopback-http"], positionals: 0...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        guard let scaleText = parsed.value("--scale"), let scale = Int(scaleText), IconSelector.scales.contains(scale)
        else {
            throw usage("--scale needs an integer in 1...1000")
        }
        let appInfoURLText: String?
        do {
            appInfoURLText = try parsed.text("--app-info-url")
        } catch {
            throw usage(error.message)
        }
        guard let appInfoURL = appInfoURLText else { throw usage("--app-info-url is required") }
        let profileName = parsed.value("--profile") ?? IconProfile.recommended.rawValue
        guard let profile = IconProfile(rawValue: profileName) else {
            throw usage("--profile must be 'recommended' or 'legacy'")
        }
        // Over the limit reads as a rejection of the input; an unreadable file is an I/O error.
        let bytes: [UInt8]
        do {
            bytes = try Console.readInput(parsed.positionalArguments.first?.path, limit: AppInfoLimits.default.maxBytes)
        } catch {
            throw CommandError(error, tooLargeIsRejection: true)
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
                try printOut(
                    "{\"url\":\(JSONStringLiteral.quoted(url)),\"width\":\(width),\"height\":\(height),\"index\":\(index)}"
                )
            } else {
                // The URL is the adapter protocol's answer: printed as chosen, byte for byte.
                try printOut(url)
            }
            return .success
        case .none(let reason):
            throw CommandError(.rejected, "no icon: \(reason)")
        case .originalRaises(let reason):
            throw CommandError(.originalRaises, "the original raises: \(reason)")
        }
    }
}

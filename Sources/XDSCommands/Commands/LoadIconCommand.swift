// Sources/XDSCommands/Commands/LoadIconCommand.swift - `xds load-icon`: the adapter call of the icon-loading area

import ConformanceModel
import IconLoading
import Icons

/// `xds load-icon`: adapter call — fetch, select (recommended), decode, mask; PNG on standard output.
enum LoadIconCommand: Command {
    static let name = AdapterCall.loadIcon.rawValue
    static let abstract = "Adapter call, loads and masks the icon (PNG on stdout)"
    static let help = """
        OVERVIEW: Adapter call of the icon-loading area: fetches appInfo.json over
        https, selects the icon (recommended profile), fetches, decodes and masks it,
        and writes the 29*S-pixel PNG to standard output. No cache; 10 seconds
        for the whole load; loopback and private hosts allowed (the runner's
        fixture server is on 127.0.0.1).

        USAGE: xds load-icon --scale S --app-info-url URL [--ca-file PEM]
                             [--profile recommended|legacy]

        OPTIONS:
          --scale S             screen scale, 1...16
          --app-info-url URL    where appInfo.json is
          --ca-file PEM         extra trust anchors (the conformance runner's CA)
          --profile P           recommended (default) or legacy
          -h, --help            show this help

        EXIT STATUS:
          0 the PNG was written, 1 no icon (for any reason: no entry, a refusal,
          a network or server failure, an undecodable image; the reason is on
          standard error), 64 usage, 74 --ca-file cannot be read. 'xds icon'
          tells these apart.
        """

    static let spec = ArgumentSpec(
        valueOptions: ["--scale", "--app-info-url", "--profile"], pathOptions: ["--ca-file"])

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        guard let scaleText = parsed.value("--scale"), let scale = Int(scaleText), IconMasker.scales.contains(scale)
        else { throw usage("--scale needs an integer in \(IconMasker.scales)") }
        let appInfoURLText: String?
        do {
            appInfoURLText = try parsed.text("--app-info-url")
        } catch {
            throw usage(error.message)
        }
        guard let appInfoURL = appInfoURLText else { throw usage("--app-info-url is required") }
        guard let profile = IconProfile(rawValue: parsed.value("--profile") ?? IconProfile.recommended.rawValue) else {
            throw usage("--profile must be 'recommended' or 'legacy'")
        }
        // The adapter call runs against the conformance runner's fixture server on 127.0.0.1.
        let request = IconLoadRequest(
            appInfoURL: appInfoURL, scale: scale, profile: profile, caFile: parsed.path("--ca-file"), timeout: 10,
            allowPrivateHosts: true)
        var trace = LoadTrace()
        let icon: LoadedIcon
        do {
            icon = try IconLoader.load(request, trace: &trace)
        } catch {
            if case .unreadableInput = error { throw CommandError(.inputOutput, error.description) }
            throw CommandError(.rejected, error.description)
        }
        try writeOut(icon.png)
        return .success
    }
}

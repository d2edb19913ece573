// Sources/XDSCommands/Commands/IconCommand.swift - `xds icon`: fetch, select, decode, mask, cache

import AttributeFiles
import DocumentSource
import IconLoading
import Icons
import ReportFormatting

#if canImport(Glibc)
    import Glibc
#endif

/// `xds icon`: the whole reader side of the convention, as a careful client does it.
enum IconCommand: Command {
    static let name = "icon"
    static let abstract = "Loads, masks and caches the source app's icon"
    static let help = """
        OVERVIEW: Loads the source app's icon: fetches appInfo.json over https,
        selects the icon, fetches and decodes it (PNG or JPEG), masks it to the
        app-icon shape (29x29 points at the scale) and writes a PNG.

        USAGE: xds icon PATH --scale S -o OUT.png [options]
               xds icon --app-info-url URL --scale S -o OUT.png [options]
               xds icon --clear-cache [--cache-dir DIR]

        ARGUMENTS:
          PATH                  a file whose x-document-source attribute names
                                the appInfoURL

        OPTIONS:
          --app-info-url URL    use this appInfoURL instead of an attribute
          --scale S             screen scale, 1...16 (the icon is 29*S pixels)
          -o, --output OUT.png  where to write the PNG ('-': standard output)
          --profile P           recommended (default) or legacy selection
          --corners C           continuous (default, iOS 7+) or circular
          --json                print what happened as JSON on standard output
          --explain             say why, step by step, on standard error
          --cache-dir DIR       cache directory (default $XDG_CACHE_HOME/xds,
                                else ~/.cache/xds)
          --no-cache            neither read nor write the cache
          --clear-cache         remove every cached entry first
          --ca-file PEM         extra trust anchors for this run (a regular file)
          --timeout SECONDS     time for the whole load, every request and
                                redirect included (default 30; connect at
                                most 10)
          --allow-private-hosts connect to loopback, link-local and private
                                addresses too (refused by default)
          -h, --help            show this help

        EXIT STATUS:
          0 icon written, 1 no icon (no appInfoURL, no matching entry),
          2 refused by a safety rule (the message names the URL and the rule),
          3 network or server failure, 4 image undecodable, 64 usage,
          74 the output cannot be written or --ca-file cannot be read.
          See Docs/icons.md.
        """

    static let spec = ArgumentSpec(
        valueOptions: ["--scale", "--app-info-url", "--profile", "--corners", "--timeout"],
        pathOptions: ["-o", "--output", "--cache-dir", "--ca-file"],
        flags: ["--json", "--explain", "--no-cache", "--clear-cache", "--allow-private-hosts"], positionals: 0...1)

    static func run(_ arguments: [CommandLineArgument]) throws(CommandError) -> ExitStatus {
        guard let parsed = try parse(arguments, spec: spec) else { return .success }
        let cache = IconCacheStore(
            directory: parsed.path("--cache-dir") ?? BytePath(IconCacheStore.defaultDirectory()))
        if parsed.has("--clear-cache") {
            do {
                let removed = try cache.clear()
                Console.printError(
                    "xds icon: cleared \(removed) cache entr\(removed == 1 ? "y" : "ies") in \(cache.directory)")
            } catch {
                throw CommandError(.inputOutput, error.description)
            }
            if parsed.positionals.isEmpty && parsed.value("--app-info-url") == nil { return .success }
        }
        let options: IconCommandOptions
        switch IconCommandOptions.parse(parsed) {
        case .failure(let error): throw usage(error.message)
        case .success(let value): options = value
        }
        var appInfoURL = parsed.value("--app-info-url")
        if !parsed.positionalArguments.isEmpty { appInfoURL = try attributeAppInfoURL(parsed.path(at: 0)) }
        guard let appInfoURL else { throw CommandError(.rejected, "no icon: the attribute has no appInfoURL") }
        let request = IconLoadRequest(
            appInfoURL: appInfoURL, scale: options.scale, profile: options.profile, corners: options.corners,
            caFile: parsed.path("--ca-file"), timeout: options.timeout,
            cache: parsed.has("--no-cache") ? nil : cache, allowPrivateHosts: parsed.has("--allow-private-hosts"))
        var trace = LoadTrace()
        let outcome: Result<LoadedIcon, IconLoadError>
        do {
            outcome = .success(try IconLoader.load(request, trace: &trace))
        } catch {
            outcome = .failure(error)
        }
        if parsed.has("--explain") {
            for note in trace.notes { Console.printError(note) }
            if case .failure(let error) = outcome, let text = error.libraryText {
                Console.printError("the HTTP library said: " + text)
            }
        }
        var status = ExitStatus.success
        switch outcome {
        case .success(let icon):
            if options.output == "-" {
                try writeOut(icon.png)
            } else {
                do {
                    try AtomicFile.write(
                        icon.png, toPathBytes: options.output.bytes, display: options.output.description)
                } catch {
                    throw CommandError(.inputOutput, "\(error)")
                }
            }
        case .failure(let error):
            // A verdict with its own status (Docs/icons.md), printed here so that --json still follows.
            Console.printError("xds icon: error: \(error)")
            status = exitStatus(for: error)
        }
        if parsed.has("--json") {
            try printOut(
                IconReportJSON.object(
                    request: request, trace: trace, outcome: outcome, output: options.output.description,
                    status: status))
        }
        return status
    }

    /// The exit status of each failure (Docs/icons.md).
    static func exitStatus(for error: IconLoadError) -> ExitStatus {
        switch error {
        case .noIcon: return .rejected
        case .refused: return .iconRefused
        case .failed: return .iconNetworkFailure
        case .undecodable: return .iconUndecodable
        case .internalFailure: return .internalError
        case .unreadableInput: return .ioError
        }
    }

    private static func attributeAppInfoURL(_ path: BytePath) throws(CommandError) -> String? {
        let bytes: [UInt8]?
        do {
            bytes = try AttributeFile.readBytes(at: path, followSymlinks: true)
        } catch {
            throw CommandError(.rejected, "no icon: \(error)")
        }
        guard let bytes else { throw CommandError(.rejected, "no icon: \(path) has no x-document-source attribute") }
        do {
            return try DocumentSourceAttribute(decoding: bytes).appInfoURL
        } catch {
            throw CommandError(.rejected, "no icon: \(path): the attribute is unreadable: \(error)")
        }
    }
}

extension ExitStatus {
    /// `xds icon`: a safety rule refused a URL or a response.
    static let iconRefused = ExitStatus(rawValue: 2)
    /// `xds icon`: the network or the server failed.
    static let iconNetworkFailure = ExitStatus(rawValue: 3)
    /// `xds icon`: the image is not a decodable PNG or JPEG.
    static let iconUndecodable = ExitStatus(rawValue: 4)
}

/// The validated options of `xds icon`.
struct IconCommandOptions {
    var scale: Int
    var profile: IconProfile
    var corners: CornerStyle
    var timeout: Double
    var output: BytePath

    static func parse(_ parsed: Arguments) -> Result<IconCommandOptions, UsageError> {
        guard parsed.positionals.isEmpty != (parsed.value("--app-info-url") == nil) else {
            return .failure(UsageError("give either PATH or --app-info-url URL"))
        }
        guard let scaleText = parsed.value("--scale"), let scale = Int(scaleText), IconMasker.scales.contains(scale)
        else { return .failure(UsageError("--scale needs an integer in \(IconMasker.scales)")) }
        guard let profile = IconProfile(rawValue: parsed.value("--profile") ?? IconProfile.recommended.rawValue) else {
            return .failure(UsageError("--profile must be 'recommended' or 'legacy'"))
        }
        guard let corners = CornerStyle(rawValue: parsed.value("--corners") ?? CornerStyle.continuous.rawValue) else {
            return .failure(UsageError("--corners must be 'continuous' or 'circular'"))
        }
        let timeoutText = parsed.value("--timeout") ?? "30"
        guard let timeout = Double(timeoutText), timeout.isFinite, timeout > 0, timeout <= 3600 else {
            return .failure(UsageError("--timeout needs a number of seconds in (0, 3600]"))
        }
        guard let output = parsed.path("-o") ?? parsed.path("--output") else {
            return .failure(UsageError("-o OUT.png is required"))
        }
        return .success(
            IconCommandOptions(scale: scale, profile: profile, corners: corners, timeout: timeout, output: output))
    }
}

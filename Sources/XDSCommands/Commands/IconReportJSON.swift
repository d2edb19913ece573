// Sources/XDSCommands/Commands/IconReportJSON.swift - `xds icon --json`: what happened, as JSON

import AttributeFiles
import IconLoading
import Icons
import TaggedJSON

/// The `--json` object of `xds icon`, with a fixed key order.
enum IconReportJSON {
    static func object(
        request: IconLoadRequest, trace: LoadTrace, outcome: Result<LoadedIcon, IconLoadError>, output: String,
        status: ExitStatus
    ) -> String {
        func quoted(_ text: String) -> String { JSONStringLiteral.quoted(text) }
        let steps = trace.steps.map { step in
            "{\"resource\":\(quoted(step.resource)),\"url\":\(quoted(step.url)),"
                + "\"requested\":[\(step.requested.map(quoted).joined(separator: ","))],"
                + "\"status\":\(step.status.map(String.init) ?? "null"),\"bytes\":\(step.bytes),"
                + "\"cache\":\(quoted(step.cache))}"
        }
        let chosen =
            trace.chosen.map {
                "{\"url\":\(quoted($0.url)),\"width\":\($0.width),\"height\":\($0.height),\"index\":\($0.index)}"
            } ?? "null"
        let result: String
        let error: String
        var libraryError = "null"
        switch outcome {
        case .success(let icon):
            result =
                "{\"path\":\(quoted(output)),\"width\":\(icon.pixelSize),\"height\":\(icon.pixelSize),\"bytes\":\(icon.png.count)}"
            error = "null"
        case .failure(let failure):
            result = "null"
            error = quoted(failure.description)
            libraryError = failure.libraryText.map(quoted) ?? "null"
        }
        return "{\"appInfoURL\":\(quoted(request.appInfoURL)),\"scale\":\(request.scale),"
            + "\"profile\":\(quoted(request.profile.rawValue)),\"corners\":\(quoted(request.corners.rawValue)),"
            + "\"cache\":\(request.cache.map { quoted($0.directory.description) } ?? "null"),"
            + "\"steps\":[\(steps.joined(separator: ","))],\"chosen\":\(chosen),\"output\":\(result),"
            + "\"exit\":\(status.rawValue),\"error\":\(error),\"libraryError\":\(libraryError)}"
    }
}

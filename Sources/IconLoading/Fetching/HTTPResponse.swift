// Sources/IconLoading/Fetching/HTTPResponse.swift - One completed fetch and the headers that matter

/// A response that passed every rule: 2xx with its body, or 304 when validators were sent.
public struct HTTPResponse: Hashable, Sendable {
    /// The final status (2xx, or 304 Not Modified).
    public var status: Int
    /// The body (empty for 304).
    public var body: [UInt8]
    /// Every URL requested, in order: the original and each redirect target.
    public var requestedURLs: [String]
    /// The lower-cased `Content-Type` without parameters, if any.
    public var contentType: String?
    /// `ETag` and `Last-Modified` of the final response.
    public var validators: Validators
    /// `Cache-Control: max-age` in seconds, if given (`no-store`/`no-cache` give 0).
    public var maxAge: Int?

    /// The URL the body came from.
    public var finalURL: String { requestedURLs.last ?? "" }
    /// Whether the server said the cached copy is still valid.
    public var notModified: Bool { status == 304 }
}

/// The response headers libcurl hands over, one line at a time.
struct ResponseHeaders {
    private(set) var fields: [(name: String, value: String)] = []

    /// Starts over (a new status line).
    mutating func reset() { fields.removeAll() }

    mutating func add(line: String) {
        if line.hasPrefix("HTTP/") {
            reset()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingSpaces().lowercased()
        let value = line[line.index(after: colon)...].trimmingSpaces()
        fields.append((name, value))
    }

    func value(_ name: String) -> String? { fields.last { $0.name == name }?.value }

    var contentType: String? {
        guard let raw = value("content-type") else { return nil }
        return raw.split(separator: ";", maxSplits: 1).first.map { String($0).trimmingSpaces().lowercased() }
    }

    var maxAge: Int? {
        guard let raw = value("cache-control")?.lowercased() else { return nil }
        var result: Int?
        for directive in raw.split(separator: ",") {
            let part = String(directive).trimmingSpaces()
            if part == "no-store" || part == "no-cache" { return 0 }
            if part.hasPrefix("max-age=") {
                let digits = part.dropFirst("max-age=".count).trimmingCharacters(in: "\"")
                result = Int(digits).map { max(0, $0) }
            }
        }
        return result
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String { trimmingCharacters(in: " \t\r\n") }

    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

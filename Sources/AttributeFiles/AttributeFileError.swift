// Sources/AttributeFiles/AttributeFileError.swift - Why reading or writing the attribute on a file failed

import DocumentSource

/// A failed read, write or removal of x-document-source on a file, with a message a person can act on.
/// Paths are display strings (`BytePath.description`); messages name no command-line option (the
/// command adds its own hint).
public enum AttributeFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file has no x-document-source attribute (`ENODATA`).
    case noAttribute(path: String)
    /// The attribute is there but readers see no attribute in it (not binary, malformed, not a dictionary).
    case unreadable(path: String, DocumentSourceReadError)
    /// The system call failed; the errno is mapped in `XAttrError.description`.
    case system(XAttrError)
    /// A field the writer requires (`identifier`, `name`) is missing or empty.
    case missingField(String)
    /// `appInfoURL` is not an absolute https URL by `WebURLRule` (and insecure URLs were not allowed);
    /// the reason says which part.
    case insecureURL(String, reason: String)
    /// The encoded value is larger than the filesystem holds; nothing was written.
    case tooLarge(path: String, size: Int, limit: Int, filesystem: String)

    /// The file named cannot be reached or read (`XAttrError.fileUnreachable`): an I/O failure, not a refusal.
    public var fileUnreachable: Bool {
        if case .system(let error) = self { return error.fileUnreachable }
        return false
    }

    public var description: String {
        switch self {
        case .noAttribute(let path):
            return "\(path): has no x-document-source attribute"
        case let .unreadable(path, reason):
            return "\(path): the x-document-source attribute is unreadable: \(reason)"
        case .system(let error):
            return error.description
        case .missingField(let key):
            return "the '\(key)' field is required and must not be empty"
        case let .insecureURL(url, reason):
            return "appInfoURL '\(url)' is not an absolute https URL (App Transport Security): \(reason)"
        case let .tooLarge(path, size, limit, filesystem):
            return "\(path): the encoded attribute is \(size) bytes but \(filesystem) holds at most \(limit) "
                + "bytes for it; nothing was written"
        }
    }
}

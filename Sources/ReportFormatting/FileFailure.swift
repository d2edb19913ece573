// Sources/ReportFormatting/FileFailure.swift - A failed file operation in the tool's words, not Foundation's

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why Foundation could not create or write a file, as the system's reason (`No such file or directory`,
/// `Permission denied`, `No space left on device`): the errno underneath Foundation's error, never its
/// "The operation could not be completed" text or its `NSCocoaErrorDomain error 512`.
public enum FileFailure {
    /// The reason, one short phrase.
    public static func reason(_ error: any Error) -> String {
        let failure = error as NSError
        if let code = posixCode(failure) { return String(cString: strerror(code)) }
        switch failure.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return String(cString: strerror(ENOENT))
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return String(cString: strerror(EACCES))
        case NSFileWriteOutOfSpaceError: return String(cString: strerror(ENOSPC))
        case NSFileWriteVolumeReadOnlyError: return String(cString: strerror(EROFS))
        case NSFileWriteFileExistsError: return String(cString: strerror(EEXIST))
        default: return "the system refused it"
        }
    }

    /// The POSIX error code of `error` or of the error it wraps.
    private static func posixCode(_ error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: error.code) }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return nil }
        return posixCode(underlying)
    }
}

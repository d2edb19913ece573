// Sources/ChildProcess/OutOfMemoryEvidence.swift - Telling "ran out of memory" from a rejection

/// Why the runner believes a call ran out of memory. A call that ran out of memory is a **crash**, whatever
/// its exit status: a runtime that turns the failed allocation into an exception and exits 1 (CPython's
/// MemoryError, a C adapter that checks malloc) has not rejected the input.
public struct OutOfMemoryEvidence: Hashable, Sendable, CustomStringConvertible {
    /// The runtime's own words on standard error, e.g. `MemoryError`.
    public var signature: String?
    /// Peak resident set size of the call (`wait4`'s `ru_maxrss`), in bytes.
    public var peakResidentBytes: Int?
    /// The address-space cap the call ran under, in bytes.
    public var addressSpaceCap: Int?

    public var description: String {
        var parts: [String] = []
        if let signature { parts.append("standard error says \"\(signature)\"") }
        if let peakResidentBytes, let addressSpaceCap {
            parts.append("peak RSS \(peakResidentBytes >> 20) MiB of the \(addressSpaceCap >> 20) MiB cap")
        }
        return "out of memory (" + parts.joined(separator: "; ") + ")"
    }

    /// Phrases the common runtimes print when an allocation fails, most specific first (the first found is
    /// the one reported).
    public static let signatures: [String] = [
        "java.lang.OutOfMemoryError", "OutOfMemoryError",  // JVM
        "NoMemoryError", "failed to allocate memory",  // Ruby
        "MemoryError",  // CPython
        "JavaScript heap out of memory",  // Node.js
        "fatal error: runtime: out of memory",  // Go
        "memory allocation of",  // Rust's alloc error handler ("memory allocation of N bytes failed")
        "std::bad_alloc",  // C++
        "Cannot allocate memory", "cannot allocate memory",  // strerror(ENOMEM)
        "out of memory", "Out of memory",  // C libraries, awk, Perl, glib
    ]

    /// A peak RSS at or above this share of the address-space cap counts as evidence on its own.
    public static let residentShareOfCap = 0.75

    /// The evidence in a finished call, or nil when there is none.
    /// - Parameters:
    ///   - stderr: the call's standard error (as kept).
    ///   - peakResidentBytes: `ru_maxrss` in bytes, when known.
    ///   - addressSpaceCap: the cap, when the call ran under one.
    public static func find(stderr: [UInt8], peakResidentBytes: Int?, addressSpaceCap: Int?) -> OutOfMemoryEvidence? {
        let text = String(decoding: stderr, as: UTF8.self)
        let signature = signatures.first { text.contains($0) }
        var nearCap = false
        if let peakResidentBytes, let addressSpaceCap, addressSpaceCap > 0 {
            nearCap = Double(peakResidentBytes) >= Double(addressSpaceCap) * residentShareOfCap
        }
        guard signature != nil || nearCap else { return nil }
        return OutOfMemoryEvidence(
            signature: signature, peakResidentBytes: peakResidentBytes, addressSpaceCap: addressSpaceCap)
    }
}

// Sources/IconLoading/Cache/CacheKey.swift - What an entry is stored under

import CCrypto

/// An entry's key: (appInfoURL, scale, profile). The file name is the key's SHA-256.
public struct CacheKey: Hashable, Sendable {
    public var appInfoURL: String
    public var scale: Int
    public var profile: String

    public init(appInfoURL: String, scale: Int, profile: String) {
        self.appInfoURL = appInfoURL
        self.scale = scale
        self.profile = profile
    }

    /// `<sha256 of "appInfoURL\nscale\nprofile">.entry`
    public var fileName: String { Digest.sha256Hex(Array("\(appInfoURL)\n\(scale)\n\(profile)".utf8)) + ".entry" }
}

/// SHA-256 through libcrypto.
enum Digest {
    static func sha256Hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = SHA256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

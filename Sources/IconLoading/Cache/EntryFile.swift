// Sources/IconLoading/Cache/EntryFile.swift - The bytes of one cache entry file: header line, checksum, JSON, bodies

import Foundation

/// One entry file: `xds-icon-cache 2`, `sha256 <hex of the rest>`, a JSON line describing each
/// resource (the body as `bytes` and `sha256`, never inline), then the bodies, appInfo.json first.
enum EntryFile {
    static let magic = Array("xds-icon-cache 2\n".utf8)
    /// The first bytes of every version of the format: what `clear()` accepts as the cache's own.
    static let familyPrefix = Array("xds-icon-cache ".utf8)

    struct Failure: Error { var detail: String }

    /// One resource without its body.
    struct ResourceHeader: Codable {
        var url: String
        var validators: Validators
        var storedAt: Double
        var maxAge: Int?
        var bytes: Int
        var sha256: String
    }

    struct Header: Codable {
        var appInfo: ResourceHeader
        var image: ResourceHeader?
    }

    static func encode(_ entry: CacheEntry) throws -> [UInt8] {
        func header(_ resource: CachedResource) -> ResourceHeader {
            ResourceHeader(
                url: resource.url, validators: resource.validators, storedAt: resource.storedAt,
                maxAge: resource.maxAge, bytes: resource.body.count, sha256: Digest.sha256Hex(resource.body))
        }
        let json = try JSONEncoder().encode(Header(appInfo: header(entry.appInfo), image: entry.image.map(header)))
        let payload = [UInt8](json) + [0x0A] + entry.appInfo.body + (entry.image?.body ?? [])
        return magic + Array("sha256 \(Digest.sha256Hex(payload))\n".utf8) + payload
    }

    static func decode(_ bytes: [UInt8]) -> Result<CacheEntry, Failure> {
        guard bytes.starts(with: magic) else { return .failure(Failure(detail: "not an xds cache entry (version 2)")) }
        let rest = bytes[magic.count...]
        guard let newline = rest.firstIndex(of: 0x0A) else { return .failure(Failure(detail: "no checksum line")) }
        let checksumLine = String(decoding: rest[rest.startIndex..<newline], as: UTF8.self)
        let payload = rest[(newline + 1)...]
        guard checksumLine == "sha256 " + Digest.sha256Hex(Array(payload)) else {
            return .failure(Failure(detail: "checksum mismatch"))
        }
        guard let jsonEnd = payload.firstIndex(of: 0x0A) else { return .failure(Failure(detail: "no header line")) }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(payload[payload.startIndex..<jsonEnd]))
        } catch {
            return .failure(Failure(detail: "undecodable header: \(error)"))
        }
        var bodies = payload[(jsonEnd + 1)...]
        func take(_ resource: ResourceHeader) -> CachedResource? {
            guard resource.bytes >= 0, resource.bytes <= bodies.count else { return nil }
            let body = Array(bodies.prefix(resource.bytes))
            bodies = bodies.dropFirst(resource.bytes)
            guard Digest.sha256Hex(body) == resource.sha256 else { return nil }
            return CachedResource(
                url: resource.url, body: body, validators: resource.validators, storedAt: resource.storedAt,
                maxAge: resource.maxAge)
        }
        guard let appInfo = take(header.appInfo) else { return .failure(Failure(detail: "appInfo body damaged")) }
        var image: CachedResource?
        if let imageHeader = header.image {
            guard let body = take(imageHeader) else { return .failure(Failure(detail: "image body damaged")) }
            image = body
        }
        guard bodies.isEmpty else { return .failure(Failure(detail: "bytes after the bodies")) }
        return .success(CacheEntry(appInfo: appInfo, image: image))
    }

    /// `<64 hex digits>.entry`: the name ``CacheKey/fileName`` gives.
    static func isEntryName(_ name: String) -> Bool {
        guard name.hasSuffix(".entry") else { return false }
        return isHex(name.dropLast(".entry".count))
    }

    /// `.<entry name>.<pid>.<random>.tmp`: a write's temporary file.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let parts = name.dropFirst().dropLast(".tmp".count).split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && isHex(parts[0]) && parts[1] == "entry" && UInt64(parts[2]) != nil
            && UInt64(parts[3]) != nil
    }

    private static func isHex(_ text: Substring) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

// Sources/LibplistBridge/LibplistVersion.swift - Which libplist this process really loaded, found at run time

import CLibplist
import Foundation

/// The version of the libplist shared object loaded into this process.
///
/// libplist 2.2's header has no version macro and its library no version call, so the bridge reads which
/// libplist file the dynamic linker mapped (`/proc/self/maps`), then asks dpkg's database which
/// package owns that file and at which version. Nothing is assumed at build time.
enum LibplistVersion {
    /// E.g. `2.2.0-6+b2 (libplist3:amd64, /usr/lib/x86_64-linux-gnu/libplist-2.0.so.3.3.0)`;
    /// `unknown (<file>)` when dpkg does not know the file.
    static let current: String = {
        guard let file = loadedLibrary() else { return "unknown (no libplist mapping in /proc/self/maps)" }
        guard let package = owningPackage(of: file), let version = packageVersion(package) else {
            return "unknown (\(file))"
        }
        return "\(version) (\(package), \(file))"
    }()

    /// The real path of the mapped libplist shared object, from /proc/self/maps.
    static func loadedLibrary() -> String? {
        // Touch the library so that the mapping certainly exists (it is linked, so it always does).
        _ = plist_new_bool(0).map { plist_free($0) }
        // /proc files report size 0, so read them as a stream rather than with String(contentsOfFile:).
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? handle.close() }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if path.split(separator: "/").last?.hasPrefix("libplist-2.0.so") == true { return path }
        }
        return nil
    }

    /// The dpkg package (`name:arch`) whose file list holds `file` (compared by file name, since
    /// /usr-merged systems list `/usr/lib/…` while the linker may report `/lib/…`).
    static func owningPackage(of file: String) -> String? {
        let info = "/var/lib/dpkg/info"
        let fileName = "/" + (file.split(separator: "/").last.map(String.init) ?? file)
        guard let lists = try? FileManager.default.contentsOfDirectory(atPath: info) else { return nil }
        for list in lists.sorted() where list.hasSuffix(".list") && list.contains("plist") {
            guard let text = try? String(contentsOfFile: "\(info)/\(list)", encoding: .utf8) else { continue }
            if text.split(separator: "\n").contains(where: { $0.hasSuffix(fileName) }) {
                return String(list.dropLast(".list".count))
            }
        }
        return nil
    }

    /// The `Version:` of `package` (`name` or `name:arch`) in /var/lib/dpkg/status.
    static func packageVersion(_ package: String) -> String? {
        let parts = package.split(separator: ":", maxSplits: 1).map(String.init)
        guard let name = parts.first,
            let status = try? String(contentsOfFile: "/var/lib/dpkg/status", encoding: .utf8)
        else { return nil }
        for stanza in status.components(separatedBy: "\n\n") {
            let lines = stanza.split(separator: "\n")
            guard lines.contains(where: { $0 == "Package: \(name)" }) else { continue }
            if parts.count == 2, !lines.contains(where: { $0 == "Architecture: \(parts[1])" }) { continue }
            if let line = lines.first(where: { $0.hasPrefix("Version: ") }) {
                return String(line.dropFirst("Version: ".count))
            }
        }
        return nil
    }
}

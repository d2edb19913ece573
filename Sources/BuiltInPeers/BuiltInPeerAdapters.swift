// Sources/BuiltInPeers/BuiltInPeerAdapters.swift - The optional peers: titles, commands, how each adapter maps its library

import Foundation

extension BuiltIn {
    /// The report column title of an optional peer.
    var peerTitle: String {
        switch self {
        case .rustPlist: return "Rust plist crate"
        case .ddPlist: return "dd-plist (Java)"
        case .cfpropertylist: return "CFPropertyList (Ruby)"
        case .biplist: return "biplist (Python)"
        case .bpylist2: return "bpylist2 plistlib fork (Python)"
        case .bplist: return "bplist 1.1 (Python)"
        case .binplist: return "binplist (Python 2 code, shimmed)"
        case .gnustep: return "GNUstep NSPropertyListSerialization"
        default: return rawValue
        }
    }

    /// The JVM under the runner's limits: a small heap (the default reserves a quarter of RAM, over the 4 GiB
    /// address-space cap), one compiler tier and the serial collector (fewer threads burning CPU time at start-up).
    static let javaOptions = ["-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData"]

    /// The adapter command of an optional peer (built or installed by `make peers`).
    func peerCommand(_ locations: BuiltInLocations) -> [String]? {
        let venvPython = locations.peers + "/venv/bin/python"
        func script(_ folder: String, _ file: String) -> String { locations.adapters + "/" + folder + "/" + file }
        switch self {
        case .rustPlist: return [locations.peers + "/rust-plist/release/xds-adapter-rust-plist"]
        case .ddPlist:
            return ["/usr/bin/java"] + BuiltIn.javaOptions + [
                "-cp", locations.peers + "/dd-plist:/usr/share/java/dd-plist.jar", "XdsAdapterDdPlist",
            ]
        // Without error_highlight, whose source line and carets (Ruby 3.1 adds them to the message) would be the
        // last line of standard error, the one the reports show, instead of the exception.
        case .cfpropertylist:
            return [
                "/usr/bin/ruby", "--disable-error_highlight", script("cfpropertylist", "xds_adapter_cfpropertylist.rb"),
            ]
        // Debian's python3-biplist is installed for Debian's Python.
        case .biplist:
            return BuiltIn.pythonEnvironment + ["/usr/bin/python3", script("biplist", "xds_adapter_biplist.py")]
        case .bpylist2: return BuiltIn.pythonEnvironment + [venvPython, script("bpylist2", "xds_adapter_bpylist2.py")]
        case .bplist: return BuiltIn.pythonEnvironment + [venvPython, script("bplist", "xds_adapter_bplist.py")]
        case .binplist: return BuiltIn.pythonEnvironment + [venvPython, script("binplist", "xds_adapter_binplist.py")]
        case .gnustep: return [locations.peers + "/gnustep/xds_adapter_gnustep"]
        default: return nil
        }
    }

    /// One line: which library call the adapter makes and what counts as a rejection or a crash (shown in the
    /// report). Every peer adapter prints the library's own value and stops after 1,000,000 printed nodes with
    /// `{"type":"too-large","value":"N"}` (accepted).
    public var note: String? {
        switch self {
        case .rustPlist:
            return "plist::Value::from_reader; rejected = Err(plist::Error); a panic or stack overflow is a crash"
        case .ddPlist:
            return "BinaryPropertyListParser.parse(byte[]); rejected = the declared PropertyListFormatException or "
                + "UnsupportedEncodingException; any other Throwable (incl. StackOverflowError) is a crash"
        case .cfpropertylist:
            return "CFPropertyList::List.new(data:).value (its CFType tree); rejected = CFPlistError (CFFormatError, "
                + "CFTypeError); any other exception, SystemStackError or NoMemoryError is a crash"
        case .biplist:
            return "biplist.readPlistFromString; rejected = InvalidPlistException or NotBinaryPlistException (the "
                + "documented errors); any other exception, RecursionError or MemoryError is a crash"
        case .bpylist2:
            return "bpylist2._plistlib.loads(fmt=FMT_BINARY), the plistlib fork bpylist2 parses with on Python < 3.8; "
                + "rejected = InvalidFileException; any other exception or RecursionError is a crash"
        case .bplist:
            return "bplist.BPListReader(data).parse(); it documents no error and raises plain Exception, so any "
                + "Exception is a rejection except RecursionError/MemoryError (crash); ASCII strings and data both "
                + "come back as bytes, shown as data"
        case .binplist:
            return "binplist.BinaryPlist(f).Parse() under a runtime shim giving its Python 2 code Python 3 spellings "
                + "(ord on bytes, header compared as bytes; logic unchanged); rejected = binplist.Error, IOError, "
                + "IndexError or is_corrupt set; any other exception is a crash"
        case .gnustep:
            return "+[NSPropertyListSerialization propertyListWithData:options:format:error:] (any format, as the "
                + "original reader); rejected = nil with an NSError; an NSException escaping GNUstep is a crash"
        default: return nil
        }
    }

    /// The program or file an optional peer needs that is not there, or nil.
    func missingProgram(_ command: [String], _ locations: BuiltInLocations) -> String? {
        guard BuiltIn.peers.contains(self) else { return nil }
        var needed = command.filter {
            $0.hasPrefix("/") || $0.hasPrefix(locations.peers) || $0.hasPrefix(locations.adapters)
        }
        if self == .ddPlist {
            needed = [
                "/usr/bin/java", "/usr/share/java/dd-plist.jar", locations.peers + "/dd-plist/XdsAdapterDdPlist.class",
            ]
        }
        return needed.first { !FileManager.default.fileExists(atPath: $0) }
    }

    /// The command as recorded in the report: the optional peers' paths relative to the checkout.
    func displayCommand(_ command: [String], _ locations: BuiltInLocations) -> String {
        guard BuiltIn.peers.contains(self) else { return command.joined(separator: " ") }
        let sources = (locations.adapters as NSString).deletingLastPathComponent
        let checkout = (sources as NSString).deletingLastPathComponent
        return command.map { argument in
            argument.replacingOccurrences(of: checkout + "/", with: "")
        }.joined(separator: " ")
    }
}

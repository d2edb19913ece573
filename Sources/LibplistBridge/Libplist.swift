// Sources/LibplistBridge/Libplist.swift - libplist's C API as an implementation (placeholder, see issue 5)

import BinaryPlist
import CLibplist

/// libplist (Debian libplist-dev) seen through `PropertyListValue`.
public enum Libplist {}

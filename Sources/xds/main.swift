// Sources/xds/main.swift - Entry point of the xds command

import XDSCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(XDS.main(CommandLine.arguments).rawValue)

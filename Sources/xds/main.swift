// Sources/xds/main.swift - Entry point of the xds command

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import XDSCommands

exit(XDS.main(CommandLine.arguments).rawValue)

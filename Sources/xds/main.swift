// Sources/xds/main.swift - Entry point of the xds command

import XDSCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let status = XDS.main(arguments: CommandLineArgument.processArguments)
if status == .brokenPipe {
    // The reader of standard output went away: end as Unix tools do, by SIGPIPE, quietly.
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
}
exit(status.rawValue)

// Sources/xds/main.swift - Entry point of the xds command

import XDSCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// argv as bytes: a path that is not UTF-8 reaches the system call unchanged.
let arguments = (0..<Int(CommandLine.argc)).map { index in
    CommandLineArgument(
        bytes: CommandLine.unsafeArgv[index].map {
            Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) }
        } ?? [])
}
let status = XDS.main(arguments: arguments)
if status == .brokenPipe {
    // The reader of standard output went away: end as Unix tools do, by SIGPIPE, quietly.
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
}
exit(status.rawValue)

// Tests/ChildProcessTests/LeakedDescriptor.swift - A descriptor a child must not inherit

import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A descriptor this process holds without close-on-exec, as a test runner's socket or a shell's redirection
/// would be: `/dev/null`, and a copy far from the low numbers a child's shell uses itself (its glob opens the
/// directory it lists). A spawned child must see neither.
struct LeakedDescriptor {
    let opened: Int32
    let leaked: Int32

    init() throws {
        opened = open("/dev/null", O_RDONLY)
        try #require(opened > 2)
        leaked = fcntl(opened, F_DUPFD, 200)
        if leaked < 200 { Glibc.close(opened) }
        try #require(leaked >= 200)
    }

    func close() {
        Glibc.close(leaked)
        Glibc.close(opened)
    }
}

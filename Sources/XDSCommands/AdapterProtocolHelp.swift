// Sources/XDSCommands/AdapterProtocolHelp.swift - `xds help adapter`: the adapter protocol (Docs/conformance.md)

/// The adapter protocol, as `xds help adapter` prints it.
enum AdapterProtocolHelp {
    static let text = """
        ADAPTER PROTOCOL: how an implementation plugs into `xds conformance --cmd`

        The runner calls the command once per vector, in its own process:

          CMD decode                     stdin: bplist bytes
                                         ok: tagged JSON on stdout, exit 0
                                         rejection: message on stderr, exit 1
          CMD encode                     stdin: tagged JSON; ok: bplist bytes, exit 0
          CMD read-attribute PATH        ok: JSON object of the fields kept, exit 0
          CMD write-attribute PATH       stdin: JSON object of the four fields, each
                                         once, each a string; ok: exit 0; an extra,
                                         repeated or missing key: refuse, exit 1
                                         (Docs/conformance.md, "The field object")
          CMD select-icon --scale S --app-info-url URL
                                         stdin: appInfo.json bytes
                                         ok: the chosen absolute URL, exit 0
                                         no icon: exit 1
          CMD load-icon --scale S --app-info-url URL --ca-file PEM
                                         ok: the masked 29*S-pixel icon as PNG
                                         on stdout, exit 0; no icon: exit 1
          CMD capabilities               JSON list of the calls it supports
          CMD version                    optional: one line, recorded in the report
          CMD serve                      optional (listed as "serve" in capabilities):
                                         framed calls on stdin, framed answers
                                         (accepted/rejected) on stdout until end of
                                         input; anything else ends the process as a
                                         call of its own would (Docs/conformance.md,
                                         "The persistent mode"; --per-call turns it off)

        decode may also accept without printing the value, exit 0 and exactly:
          {"type":"too-large","value":"N"}       more than 1,000,000 nodes to print
          {"type":"unrepresentable","value":"…"} a value tagged JSON cannot carry
                                                 (a non-string key, a cycle)

        Any other exit status, a signal, a timeout or running out of memory (also
        with exit 1) is a crash. A usage error (unknown call or option) must exit
        64, never 1. Each call runs in a scratch directory of its own.

        Exit 1 only for the library's documented refusal; any other exception
        from the library, a recursion guard, or a failure of the adapter's own
        code exits 70 (a crash). Python, Node, Ruby and the JVM exit 1 on an
        uncaught exception: catch everything. A stderr line starting with
        "policy: " marks a verdict resting on this policy. Defaults per call:
        \(ConformanceOptions.defaultCPUSeconds) s CPU (--cpu-limit), \(Int(ConformanceOptions.defaultTimeout)) s wall clock (--timeout), \(ConformanceOptions.defaultMemoryMiB) MiB.
        Tagged JSON and the rest: Docs/tagged-json.md, Docs/conformance.md.
        """
}

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
          CMD write-attribute PATH       stdin: JSON object of fields; ok: exit 0
          CMD select-icon --scale S --app-info-url URL
                                         stdin: appInfo.json bytes
                                         ok: the chosen absolute URL, exit 0
                                         no icon: exit 1
          CMD capabilities               JSON list of the calls it supports

        Any other exit status, a signal or a timeout is a crash. A usage error
        (unknown call or option) must exit 64, never 1.
        """
}

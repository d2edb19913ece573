// Sources/xds-adapter-foundation/main.swift - Foundation's parsers behind the adapter protocol (placeholder)

import Foundation

FileHandle.standardError.write(Data("xds-adapter-foundation: not implemented yet\n".utf8))
exit(70)

// Sources/xds-bench/main.swift - make bench (placeholder, see issue 7)

import Foundation

FileHandle.standardError.write(Data("xds-bench: not implemented yet\n".utf8))
exit(70)

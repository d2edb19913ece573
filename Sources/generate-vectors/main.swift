// Sources/generate-vectors/main.swift - Writes the generated vector families (placeholder, see issue 5)

import Foundation

FileHandle.standardError.write(Data("generate-vectors: not implemented yet\n".utf8))
exit(70)

// Sources/generate-vectors/main.swift - `generate-vectors DIR`: writes every generated vector family into DIR

import Foundation
import VectorGenerators

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let folder = arguments.first, !folder.hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: generate-vectors DIR   (normally: generate-vectors Vectors)\n".utf8))
    exit(64)
}
do {
    let counts = try GeneratedVectorSet.write(to: URL(fileURLWithPath: folder, isDirectory: true))
    print(
        "generate-vectors: \(counts.generated) generated vectors written to \(folder), "
            + "\(counts.handWritten) hand-written entries kept")
} catch {
    FileHandle.standardError.write(Data("generate-vectors: \(error)\n".utf8))
    exit(1)
}

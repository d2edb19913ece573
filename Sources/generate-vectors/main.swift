// Sources/generate-vectors/main.swift - `generate-vectors DIR`: writes every generated vector family into DIR

import Foundation
import VectorGenerators

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let folder = arguments.first, !folder.hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: generate-vectors DIR   (normally: generate-vectors Vectors)\n".utf8))
    exit(64)
}
do {
    try GeneratedVectorSet.write(to: URL(fileURLWithPath: folder, isDirectory: true))
    print("generate-vectors: \(GeneratedVectorSet.generated().count) vectors written to \(folder)")
} catch {
    FileHandle.standardError.write(Data("generate-vectors: \(error)\n".utf8))
    exit(1)
}

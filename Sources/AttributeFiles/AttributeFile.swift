// Sources/AttributeFiles/AttributeFile.swift - The attribute on a path (placeholder, see issue 3)

import DocumentSource

/// Reads and writes `DocumentSourceAttribute` on files.
public enum AttributeFile {}

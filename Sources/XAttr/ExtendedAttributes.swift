// Sources/XAttr/ExtendedAttributes.swift - Extended attributes on real files (placeholder, see issue 3)

/// Extended-attribute access through the C library.
public enum ExtendedAttributes {}

// Sources/Icons/IconSelection.swift - Icon selection (placeholder, see issue 4)

/// Which rules select the icon.
public enum IconProfile: String, CaseIterable, Sendable {
    /// Exactly what the original `loadIcon:withCompletionHandler:` does, quirks included.
    case legacy
    /// What the suite recommends to new implementations.
    case recommended
}

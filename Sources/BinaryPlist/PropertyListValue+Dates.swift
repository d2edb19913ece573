// Sources/BinaryPlist/PropertyListValue+Dates.swift - The instants a bplist date may hold

extension PropertyListValue {
    /// Seconds since 2001-01-01T00:00:00Z of 0001-01-01T00:00:00Z (the first instant of year 1).
    public static let earliestDate: Double = -63_113_904_000
    /// Seconds since 2001-01-01T00:00:00Z of 10000-01-01T00:00:00Z (just past year 9999).
    public static let endOfDates: Double = 252_423_993_600
    /// Dates the decoder accepts and tagged JSON spells in ISO 8601: finite, years 0001 through 9999.
    public static let representableDates: Range<Double> = earliestDate..<endOfDates
}

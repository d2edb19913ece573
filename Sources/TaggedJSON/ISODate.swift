// Sources/TaggedJSON/ISODate.swift - Dates as ISO 8601 UTC with the exact fraction, without Foundation

import BinaryPlist

/// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` for seconds since 2001-01-01T00:00:00Z.
///
/// The fraction is the shortest decimal that reads back as the same Double: the text is built from
/// the shortest round-trip digits of the seconds value, split at whole seconds with exact decimal
/// arithmetic, and parsing rebuilds that decimal and lets the correctly rounded `Double(String)`
/// conversion return the original value. -0.0 is the same instant as 0.0 and reads back as 0.0;
/// instants outside years 0001-9999 (never produced by the decoder) are spelled like reals.
enum ISODate {
    /// Days from 1970-01-01 to 2001-01-01.
    private static let epochDays = 11_323

    static func text(_ seconds: Double) -> String {
        guard PropertyListValue.representableDates.contains(seconds) else { return RealText.text(seconds) }
        let (negative, digits, point) = DecimalText.shortestDigits(seconds)
        // Whole seconds and fraction digits of |seconds|.
        var whole = 0
        for position in 0..<max(point, 0) { whole = whole * 10 + Int(position < digits.count ? digits[position] : 0) }
        var fraction: [UInt8] = point < 0 ? Array(repeating: 0, count: -point) : []
        fraction += digits.dropFirst(max(point, 0))
        if negative {
            whole = -whole
            if !fraction.isEmpty {
                whole -= 1
                fraction = complement(fraction)
            }
        }
        let days = floorDivide(whole, 86_400)
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(fromDays: days + epochDays)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if !fraction.isEmpty { text += "." + String(decoding: fraction.map { $0 + 0x30 }, as: UTF8.self) }
        return text + "Z"
    }

    /// Parses the form `text(_:)` writes (any number of fraction digits); nil when malformed.
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[from..<(from + count)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        for (position, character) in separators where bytes[position] != character.asciiValue { return nil }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month, year), hour < 24, minute < 60,
            second < 60
        else { return nil }
        var fraction: [UInt8] = []
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
            for byte in bytes[20..<(bytes.count - 1)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                fraction.append(byte - 0x30)
            }
        } else if bytes.count != 20 {
            return nil
        }
        while let last = fraction.last, last == 0 { fraction.removeLast() }
        let whole =
            (days(fromYear: year, month: month, day: day) - epochDays) * 86_400 + hour * 3600 + minute * 60 + second
        if fraction.isEmpty { return Double(whole) }
        let digits = { (list: [UInt8]) in String(decoding: list.map { $0 + 0x30 }, as: UTF8.self) }
        if whole >= 0 { return Double("\(whole)." + digits(fraction)) }
        return Double("-\(-whole - 1)." + digits(complement(fraction)))
    }

    /// 10^k − F for the k-digit fraction F (F > 0, no trailing zeros): the fraction of 1 − 0.F.
    private static func complement(_ fraction: [UInt8]) -> [UInt8] {
        var result = fraction.map { 9 - $0 }
        result[result.count - 1] += 1
        return result
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (years ≥ 1).
    private static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    private static func civil(fromDays count: Int) -> (Int, Int, Int) {
        let z = count + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

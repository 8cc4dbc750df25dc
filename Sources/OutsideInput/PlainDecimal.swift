/// A number from outside text written as plain decimal digits: `15`, `-0.5`, `+2.25`.
///
/// `Double(String)` takes far more than a person means by a number: `0x10` (16), `0x1p4`,
/// `nan`, `inf`, `infinity`, `1e3`. A radius of `0x10` read as 16 km, or `nan` passing every
/// range check because each comparison with NaN is false, is a wrong answer given silently;
/// text fields that hold numbers (a CSV column, a number sent as a string) are read with
/// ``parse(_:)`` instead.
public enum PlainDecimal {
    /// The value of `text` when it is an optional sign (`+` or `-`), ASCII digits and at most
    /// one `.` with a digit on at least one side; `nil` for anything else (white space
    /// included: trim first), and for a value too large to be finite.
    ///
    /// ```swift
    /// PlainDecimal.parse("15")     // 15
    /// PlainDecimal.parse("-.5")    // -0.5
    /// PlainDecimal.parse("0x10")   // nil
    /// PlainDecimal.parse("nan")    // nil
    /// PlainDecimal.parse("1e3")    // nil
    /// ```
    @inlinable
    public static func parse(_ text: some StringProtocol) -> Double? {
        if let value = text.utf8.withContiguousStorageIfAvailable({ parse(utf8: $0) }) { return value }
        return Array(text.utf8).withUnsafeBufferPointer { parse(utf8: $0) }
    }

    /// ``parse(_:)`` of UTF-8 `bytes`, without making a `String` of them.
    ///
    /// Up to 15 significant digits and 22 decimals (every radius people write) the value is one
    /// IEEE division of two exact doubles, correctly rounded as `Double(String)` rounds (Clinger's
    /// fast path, as Geodata reads a coordinate); longer numbers are read by `Double(String)`.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { index = 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var digits = 0
        var scale = 0
        var points = 0
        var exact = true
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                digits += 1
                if significantDigits == 0 && digit == 0 {
                    scale += points  // a leading zero: after the point it scales
                } else if significantDigits < 15 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                    scale += points
                } else {
                    exact = false
                }
            } else if byte == UInt8(ascii: ".") {
                points += 1
            } else {
                return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        if exact, scale < exactPowersOfTen.count {
            let magnitude = Double(mantissa) / exactPowersOfTen[scale]
            return negative ? -magnitude : magnitude
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// Powers of ten that are exact in a `Double` (10^0 … 10^22).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The text PetSpot prints for a number, everywhere (JSON, scenario files, the Pet details
    /// card): a whole number below 10^15 in magnitude as an integer (`21`, not `21.0`), any
    /// other as Swift's shortest text that reads back as the same `Double` (`52.2297`,
    /// `1e+300`). Non-finite values print as Swift prints them (`nan`, `inf`): check first
    /// where they must not appear.
    ///
    /// ```swift
    /// PlainDecimal.text(21)        // "21"
    /// PlainDecimal.text(-0.5)      // "-0.5"
    /// PlainDecimal.text(1e300)     // "1e+300"
    /// ```
    public static func text(_ value: Double) -> String {
        // |value| < 10^15 and whole: Int64(value) is exact and cannot trap.
        value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
    }
}

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
        var digits = 0
        var points = 0
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            case UInt8(ascii: "+") where offset == 0, UInt8(ascii: "-") where offset == 0: continue
            default: return nil
            }
        }
        guard digits > 0, points <= 1, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

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

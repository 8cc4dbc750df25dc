import OutsideInput

/// Numbers a person types on the command line (`--km 15`, `--timeout 2.5`, `--speed 10`):
/// plain decimal notation only.
///
/// `Double(String)` also takes hexadecimal (`0x10` is 16), exponents (`1e5`), `nan`, `inf`
/// and `infinity`, so a typo or a pasted value could become a very different number without
/// a word. Accepted here: an optional `+` or `-`, then digits with at most one `.`, with at
/// least one digit (`15`, `-0.5`, `.5`, `2.`), giving a finite number.
enum PlainNumber {
    /// `text` as a number, or `nil` when it is not plain decimal notation.
    ///
    /// ```swift
    /// PlainNumber.parse("2.5")     // 2.5
    /// PlainNumber.parse("0x10")    // nil
    /// PlainNumber.parse("1e5")     // nil
    /// ```
    static func parse(_ text: String) -> Double? {
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
        guard digits > 0, points <= 1, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// ``parse(_:)`` for an option's `transform:`: a value that is not plain decimal notation
    /// is a usage error naming the value.
    static func option(_ text: String) throws -> Double {
        guard let value = parse(text) else {
            throw PlainNumberError(text: text)
        }
        return value
    }
}

/// A command-line value that is not a plain decimal number.
struct PlainNumberError: Error, CustomStringConvertible {
    var text: String

    var description: String {
        "\"\(text.terminalSafe)\" is not a plain decimal number; write it like 15 or 2.5 "
            + "(no hexadecimal, exponent, nan or inf)"
    }
}

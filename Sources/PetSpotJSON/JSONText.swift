import OutsideInput

/// How PetSpot writes a JSON string or number, for every encoder of the package —
/// ``JSONValue``, `LocationJSON`'s hand-written lines, the service's answers — so that the
/// CLI's `--json` and the service print the same bytes.
///
/// ```swift
/// var output = ""
/// JSONText.appendString("a \"b\"\n", to: &output)   // "a \"b\"\n" quoted and escaped
/// JSONText.appendNumber(21, to: &output)             // 21
/// JSONText.appendNumber(.nan, to: &output)           // null
/// ```
public enum JSONText {
    /// Appends a JSON number: an integer when `value` has no fraction (`21`), else Swift's
    /// shortest round-trip text (`52.2297`: `PlainDecimal`, the one way PetSpot prints a
    /// number); `null` when absent or not finite.
    public static func appendNumber(_ value: Double?, to output: inout String) {
        guard let value, value.isFinite else {
            output += "null"
            return
        }
        output += PlainDecimal.text(value)
    }

    /// Appends `value` as a JSON string (RFC 8259): quoted, `"` and `\` escaped, control
    /// characters as `\n`, `\r`, `\t` or `\u00XX`; everything else as it is.
    @inlinable
    public static func appendString(_ value: String, to output: inout String) {
        output += "\""
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

import OutsideInput

/// Numbers a person types on the command line (`--km 15`, `--timeout 2.5`, `--speed 10`):
/// plain decimal notation only, as ``PlainDecimal`` reads it (no hexadecimal, exponent, `nan`
/// or `inf`, which `Double(String)` would take), with a usage error that names the value.
enum PlainNumber {
    /// `text` as a number, or `nil` when it is not plain decimal notation
    /// (``PlainDecimal/parse(_:)``, the one reader of plain numbers in the package).
    static func parse(_ text: String) -> Double? { PlainDecimal.parse(text) }

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

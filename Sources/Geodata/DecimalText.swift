/// The plain decimal number syntax of a coordinate field, read from UTF-8 bytes
/// without allocating.
///
/// Accepted: optional surrounding Unicode white space; an optional sign (`+`, `-`,
/// or U+2212 MINUS SIGN); digits with at most one decimal separator (`.` or `,`);
/// at least one digit. Everything else, including what `Double(String)` would also
/// take (`1e1`, `0x1p4`, `nan`, `inf`, `_`), is rejected.
///
/// `@usableFromInline` so that ``CoordinateComponent/parse(_:)`` can be specialised in the
/// caller's module for its concrete text type (a generic call across modules otherwise goes
/// through witness tables, which costs about as much as the parse itself).
@usableFromInline
enum DecimalText {
    /// The outcome of reading a field's text.
    @usableFromInline
    enum Reading: Equatable {
        /// Empty or white space only.
        case empty
        /// A number; `±infinity` when it is written correctly but too large for a `Double`
        /// (hundreds of digits), so that a range check calls it out of range.
        case number(Double)
        /// Not the accepted syntax.
        case invalid
    }

    /// Powers of ten that are exact in a `Double` (10^0 … 10^22).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads `text` as a field value.
    @inlinable
    static func read(_ text: some StringProtocol) -> Reading {
        if let reading = text.utf8.withContiguousStorageIfAvailable({ read(bytes: $0) }) {
            return reading
        }
        return Array(text.utf8).withUnsafeBufferPointer { read(bytes: $0) }
    }

    /// Reads UTF-8 `bytes` as a field value.
    @usableFromInline
    static func read(bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        var start = 0
        var end = bytes.count
        while start < end, let width = UnicodeSpace.width(in: bytes, at: start) { start += width }
        while end > start, let width = UnicodeSpace.widthBefore(in: bytes, end: end) { end -= width }
        if start == end { return .empty }

        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "+") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        } else if end - index >= 3, bytes[index] == 0xE2, bytes[index + 1] == 0x88, bytes[index + 2] == 0x92 {
            negative = true  // U+2212 MINUS SIGN
            index += 3
        }
        guard let magnitude = readUnsigned(bytes, from: index, to: end) else { return .invalid }
        return .number(negative ? -magnitude : magnitude)
    }

    /// Reads `digits [separator digits]` filling `bytes[from..<to]` exactly.
    private static func readUnsigned(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Double? {
        var mantissa: UInt64 = 0  // up to 15 significant digits
        var significantDigits = 0
        var scale = 0  // fraction digits included in `mantissa`, leading zeros too
        var digitCount = 0
        var seenSeparator = false
        var exact = true
        for index in from..<end {
            let byte = bytes[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                digitCount += 1
                if significantDigits == 0 && digit == 0 {
                    if seenSeparator { scale += 1 }
                } else if significantDigits < 15 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                    if seenSeparator { scale += 1 }
                } else if digit != 0 || !seenSeparator {
                    exact = false  // a 16th significant digit, or an integer digit that scales
                }
                // Zeros after 15 significant fraction digits change nothing.
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                if seenSeparator { return nil }
                seenSeparator = true
            } else {
                return nil
            }
        }
        guard digitCount > 0 else { return nil }
        if exact, scale < exactPowersOfTen.count {
            // Clinger's fast path: the mantissa (< 10^15 < 2^53) and 10^scale (scale ≤ 22)
            // are exact doubles, so one IEEE division gives the correctly rounded result.
            return Double(mantissa) / exactPowersOfTen[scale]
        }
        return slowPath(bytes, from: from, to: end)
    }

    /// Long inputs: normalise the separator to `.` and let the standard library's
    /// correctly rounded, locale-independent conversion do the work. The syntax was checked
    /// already, so an infinite result is a number too large for a `Double`.
    private static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Double? {
        var normalized = [UInt8]()
        normalized.reserveCapacity(end - from + 1)
        for index in from..<end {
            normalized.append(bytes[index] == UInt8(ascii: ",") ? UInt8(ascii: ".") : bytes[index])
        }
        if normalized.first == UInt8(ascii: ".") { normalized.insert(UInt8(ascii: "0"), at: 0) }
        if normalized.last == UInt8(ascii: ".") { normalized.append(UInt8(ascii: "0")) }
        guard let value = Double(String(decoding: normalized, as: UTF8.self)), !value.isNaN else { return nil }
        return value
    }
}

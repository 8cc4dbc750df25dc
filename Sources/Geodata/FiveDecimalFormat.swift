/// Formats a `Double` with exactly five decimals, `.` as the separator, whatever the locale.
///
/// The digits are the ones C's `printf("%.5f")` prints, correctly rounded from the
/// exact binary value (ties to even), with one deliberate difference: a value that
/// rounds to zero prints `0.00000`, never `-0.00000`. No Foundation, and no heap allocation
/// (results are at most 15 bytes, which Swift stores inline).
///
/// ```swift
/// FiveDecimalFormat.string(52.2297)    // "52.22970"
/// FiveDecimalFormat.string(-0.000001)  // "0.00000"
/// FiveDecimalFormat.string(0.015625)   // "0.01562" (a tie: rounds to even, as printf does)
/// ```
public enum FiveDecimalFormat {
    /// The largest magnitude this formatter accepts: 10^9.
    public static let maximumMagnitude: Double = 1_000_000_000

    /// The five-decimal text of `value`, or `nil` when `value` is not finite or its
    /// magnitude exceeds ``maximumMagnitude``.
    public static func string(_ value: Double) -> String? {
        guard value.isFinite, value.magnitude <= maximumMagnitude else { return nil }
        let scaled = roundedHundredThousandths(value.magnitude)
        let negative = value.sign == .minus && scaled != 0
        // "-1000000000.00000" is 17 bytes. The digits go to a stack buffer; a result of up to
        // 15 bytes (every coordinate) becomes a String stored inline, with no heap allocation.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let count = write(scaled, negative: negative, into: buffer)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// `magnitude × 10^5` rounded to the nearest integer, ties to even, computed
    /// exactly in 128-bit integer arithmetic from the double's significand and exponent.
    static func roundedHundredThousandths(_ magnitude: Double) -> UInt64 {
        if magnitude == 0 { return 0 }
        // magnitude = significand × 2^exponent with an integer significand < 2^53.
        let significand = UInt128(
            magnitude.significandBitPattern
                | (magnitude.isNormal ? (1 << UInt64(Double.significandBitCount)) : 0))
        let exponent =
            (magnitude.isNormal ? Int(magnitude.exponent) : Int(Double.leastNormalMagnitude.exponent))
            - Double.significandBitCount
        let product = significand * 100_000  // < 2^70
        if exponent >= 0 {
            return UInt64(product << UInt128(exponent))  // ≤ 10^14 for magnitudes ≤ 10^9
        }
        let shift = -exponent
        if shift > 70 { return 0 }  // product < 2^70 ≤ half of 2^shift: rounds to 0
        let quotient = product >> UInt128(shift)
        let remainder = product & ((1 << UInt128(shift)) - 1)
        let half = UInt128(1) << UInt128(shift - 1)
        let roundUp = remainder > half || (remainder == half && quotient & 1 == 1)
        return UInt64(quotient) + (roundUp ? 1 : 0)
    }

    /// Writes `[-]integer.fffff` for `scaled / 10^5`; returns the byte count.
    private static func write(_ scaled: UInt64, negative: Bool, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        // Digits are produced backwards into the end of the buffer, then moved to the front.
        var position = buffer.count
        var rest = scaled
        for _ in 0..<5 {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        position -= 1
        buffer[position] = UInt8(ascii: ".")
        repeat {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        if negative {
            position -= 1
            buffer[position] = UInt8(ascii: "-")
        }
        let count = buffer.count - position
        if position > 0 {
            for offset in 0..<count { buffer[offset] = buffer[position + offset] }
        }
        return count
    }
}

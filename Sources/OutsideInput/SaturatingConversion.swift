/// Double → integer conversions that cannot trap.
///
/// `Int(x)` traps (SIGILL) when `x` is NaN, infinite or outside `Int`'s range, so one number
/// from a peer (`"eph": 1e19` from gpsd, an HDOP of `1e300` in NMEA) could kill the process.
/// Every conversion of a value that may come from outside goes through these instead: NaN
/// becomes `nil` (or the given fallback), and anything past the bounds becomes the bound.
extension BinaryInteger where Self: FixedWidthInteger {
    /// `value` rounded toward zero and clamped to this type's range; `nil` for NaN.
    ///
    /// ```swift
    /// Int(saturating: 1e19)          // Int.max
    /// Int(saturating: -.infinity)    // Int.min
    /// Int(saturating: .nan)          // nil
    /// Int(saturating: 3.7)           // 3
    /// ```
    @inlinable
    public init?(saturating value: Double) {
        guard !value.isNaN else { return nil }
        if value >= Double(Self.max) {
            self = .max
        } else if value <= Double(Self.min) {
            self = .min
        } else {
            self.init(value)
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero) and clamped to this
    /// type's range; `nil` for NaN.
    @inlinable
    public init?(roundingSaturating value: Double) {
        self.init(saturating: value.rounded())
    }
}

/// A number with a fixed count of decimals (`252162.179`), in ASCII digits with a `.`,
/// whatever the locale; halves round away from zero.
enum FixedDecimal {
    static func string(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "nan" }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return String(value) }
        let units = Int64(scaled)
        let whole = String(units / scale)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + whole }
        let fraction = String(units % scale)
        return sign + whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}

import OutsideInput
import Testing

/// Numbers read as people write them, and printed the one way PetSpot prints them.
@Suite struct PlainDecimalTests {
    @Test(arguments: [
        ("15", 15.0), ("-0.5", -0.5), ("+2.25", 2.25), (".5", 0.5), ("5.", 5),
    ])
    func plainDecimalsAreRead(text: String, value: Double) {
        #expect(PlainDecimal.parse(text) == value)
    }

    @Test(arguments: ["0x10", "0x1p4", "nan", "inf", "1e3", " 1", "", ".", "1.2.3", "--1"])
    func whatIsNotPlainDecimalIsRefused(text: String) {
        #expect(PlainDecimal.parse(text) == nil)
    }

    @Test(arguments: [
        (21.0, "21"), (-0.0, "0"), (52.2297, "52.2297"), (-0.5, "-0.5"), (999_999_999_999_999, "999999999999999"),
        (1e15, "1000000000000000.0"), (1e16, "1e+16"), (1e300, "1e+300"), (0.1 + 0.2, "0.30000000000000004"),
    ])
    func numbersPrintAsIntegersWhenWholeElseShortest(value: Double, text: String) {
        #expect(PlainDecimal.text(value) == text)
    }
}

/// The fast path of ``PlainDecimal/parse(utf8:)`` (up to 15 significant digits and 22 decimals)
/// reads every number as `Double(String)` does, to the bit: 20,000 numbers as people and
/// programs write them (leading and trailing zeros, long fractions, 16 digits and more).
@Suite struct PlainDecimalFastPathTests {
    @Test func everyNumberReadsAsDoubleReadsIt() {
        var generator = SplitMix(seed: 48)
        for _ in 0..<20_000 {
            var text = ["", "-", "+"][Int(generator.next() % 3)]
            text += String(repeating: "0", count: Int(generator.next() % 3))
            let digits = generator.next()
            text += String(generator.next() % 2 == 0 ? digits : digits >> (generator.next() % 64))
            if generator.next() % 4 != 0 {
                let decimals = Int(generator.next() % 25)
                text += "." + String((0..<decimals).map { _ in Character(String(generator.next() % 10)) })
            }
            let expected = Double(text).flatMap { $0.isFinite ? $0 : nil }
            let read = PlainDecimal.parse(text)
            #expect(read?.bitPattern == expected?.bitPattern, "\(text)")
        }
    }

    /// A small seeded generator, so a failure names a number that fails again.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}

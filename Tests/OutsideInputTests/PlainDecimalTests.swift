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

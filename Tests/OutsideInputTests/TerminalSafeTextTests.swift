import OutsideInput
import Testing

@Suite struct TerminalSafeTextTests {
    @Test(arguments: [
        ("Luna", "Luna"),
        ("Luna\u{1B}[2J", "Luna\\x1B[2J"),
        ("\u{1B}]0;owned\u{07}title", "\\x1B]0;owned\\x07title"),
        ("\u{1B}]8;;https://evil.example\u{1B}\\+48 123", "\\x1B]8;;https://evil.example\\x1B\\+48 123"),
        ("line\roverwrite", "line\\roverwrite"),
        ("a\nb", "a\\nb"),
        ("tab\there", "tab here"),
        ("nul\u{0}", "nul\\x00"),
        ("del\u{7F}", "del\\x7F"),
        ("csi\u{9B}2J", "csi\\u{9B}2J"),
        ("+48 \u{202E}321", "+48 <U+202E>321"),
        ("\u{2066}x\u{2069}", "<U+2066>x<U+2069>"),
        ("Zażółć gęślą jaźń 🐕", "Zażółć gęślą jaźń 🐕"),
    ])
    func controlAndBidiCharactersAreShownAsEscapes(input: String, expected: String) {
        #expect(TerminalSafeText.terminalSafe(input) == expected)
    }

    @Test func newlinesAreKeptWhenTheCallerLaysOutLines() {
        #expect(TerminalSafeText.terminalSafe("a\nb\u{1B}", allowingNewlines: true) == "a\nb\\x1B")
    }

    @Test func theResultHasNoUnsafeScalarForEveryScalarBelowU3000() {
        var all = String.UnicodeScalarView()
        for value in UInt32(0)..<0x3000 { if let scalar = Unicode.Scalar(value) { all.append(scalar) } }
        let safe = TerminalSafeText.terminalSafe(String(all))
        #expect(!safe.unicodeScalars.contains(where: TerminalSafeText.isUnsafe))
        #expect(!safe.unicodeScalars.contains("\n"))
    }
}

@Suite struct SaturatingConversionTests {
    @Test(arguments: [
        (1e19, Int.max), (-1e19, Int.min), (Double.infinity, Int.max), (-Double.infinity, Int.min),
        (3.7, 3), (-3.7, -3), (0, 0), (9.3e18, Int.max), (9.223372036854775808e18, Int.max),
    ])
    func outOfRangeValuesClampInsteadOfTrapping(value: Double, expected: Int) {
        #expect(Int(saturating: value) == expected)
    }

    @Test func nanIsNoNumber() {
        #expect(Int(saturating: .nan) == nil)
        #expect(Int64(roundingSaturating: .nan) == nil)
    }

    @Test func roundingHalvesAwayFromZero() {
        #expect(Int(roundingSaturating: 2.5) == 3)
        #expect(Int(roundingSaturating: -2.5) == -3)
        #expect(Int32(roundingSaturating: 1e300) == Int32.max)
    }
}

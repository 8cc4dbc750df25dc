import Geodata
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// C's `printf("%.5f")` for `value`, the reference the formatter must match.
func snprintfFiveDecimals(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
        let count = withVaList([value]) { vsnprintf(buffer.baseAddress, 64, "%.5f", $0) }
        return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(count)), as: UTF8.self)
    }
}

/// The formatter's contract: `snprintf`'s digits, but never `-0.00000`.
func expectedFiveDecimals(_ value: Double) -> String {
    let reference = snprintfFiveDecimals(value)
    return reference == "-0.00000" ? "0.00000" : reference
}

@Suite("Five-decimal formatting")
struct FiveDecimalFormatTests {
    @Test(
        "Edge values",
        arguments: [
            0.0, -0.0, 52.2297, 21.0122, -33.8688, 151.2093, 90, -90, 180, -180,
            0.000005, 0.0000049999, -0.000005, -0.000004, 0.015625, 0.046875, 1.5e-5, 2.5e-5,
            0.123455, 0.123465, 999_999_999.999995, 1_000_000_000, -1_000_000_000,
            Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude,
            89.999995, 89.9999949999, 179.999995, 0.5, 1e-300, 123456.000005,
        ])
    func edgeValue(_ value: Double) {
        #expect(FiveDecimalFormat.string(value) == expectedFiveDecimals(value))
    }

    @Test func matchesSnprintfOnMillionsOfRandomValues() {
        var generator = SystemRandomNumberGenerator()
        var mismatches: [Double] = []
        func check(_ value: Double) {
            if FiveDecimalFormat.string(value) != expectedFiveDecimals(value), mismatches.count < 10 {
                mismatches.append(value)
            }
        }
        for _ in 0..<1_000_000 {
            // Uniform in the coordinate range.
            check(Double.random(in: -180...180, using: &generator))
            // Uniform over the whole supported magnitude.
            check(Double.random(in: -1e9...1e9, using: &generator))
            // Random bit patterns: every exponent is equally likely, tiny values included.
            let bits = UInt64.random(in: 0...UInt64.max, using: &generator)
            let pattern = Double(bitPattern: bits)
            if pattern.isFinite, pattern.magnitude <= 1e9 { check(pattern) }
            // Values at and next to rounding ties: (n + 0.5) / 10^5 and its neighbours.
            let n = Double(Int64.random(in: -18_000_000...18_000_000, using: &generator))
            let tie = (n + 0.5) / 100_000
            check(tie)
            check(tie.nextUp)
            check(tie.nextDown)
        }
        // Exact binary ties: odd multiples of 2^-k near five-decimal boundaries.
        for k in 6...30 {
            let step = 1.0 / Double(1 << k)
            for multiple in stride(from: 1, to: 4000, by: 2) { check(Double(multiple) * step) }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches)")
    }

    @Test func valuesRoundingToZeroNeverPrintMinusZero() {
        #expect(FiveDecimalFormat.string(-0.0) == "0.00000")
        #expect(FiveDecimalFormat.string(-0.000004) == "0.00000")
        #expect(snprintfFiveDecimals(-0.000004) == "-0.00000")  // the C behaviour we improve on
        #expect(FiveDecimalFormat.string(-0.000006) == "-0.00001")
    }

    @Test func unsupportedValuesGiveNil() {
        #expect(FiveDecimalFormat.string(.nan) == nil)
        #expect(FiveDecimalFormat.string(.infinity) == nil)
        #expect(FiveDecimalFormat.string(1e9.nextUp) == nil)
    }

    @Test func coordinatesFormatWithFiveDecimals() throws {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        #expect(warsaw.latitude.formatted == "52.22970")
        #expect(warsaw.longitude.formatted == "21.01220")
        #expect(warsaw.formatted == "52.22970, 21.01220")
        #expect("\(try Latitude(degrees: -33.8688))" == "-33.86880")
    }

    @Test func parsingTheFormattedTextGivesTheValueRoundedToFiveDecimals() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 {
            let latitude = try Latitude(degrees: Double.random(in: -90...90, using: &generator))
            let reparsed = try #require(try Latitude.parse(latitude.formatted))
            #expect(reparsed.formatted == latitude.formatted)
            #expect(abs(reparsed.degrees - latitude.degrees) <= 0.000005 + 1e-12)
        }
    }
}

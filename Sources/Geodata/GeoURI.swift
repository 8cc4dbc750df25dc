/// A `geo:` URI (RFC 5870): `geo:LAT,LON[,ALT][;crs=wgs84][;u=UNCERTAINTY][;…][?query]`.
///
/// Only the WGS84 reference system (the default) is accepted; the altitude, the
/// uncertainty and other parameters are checked for form and otherwise ignored.
struct GeoURI {
    private let body: String

    /// `nil` unless the text in `range` starts with `geo:` (any case).
    init?(_ text: UTF8Text, range: Range<Int>) {
        guard range.count >= 4 else { return nil }
        // Byte by byte rather than with `zip`: the type of a zip over a `String.UTF8View` is built
        // at run time, which scans every protocol conformance record of the binary (Docs/CLI.md).
        var offset = range.lowerBound
        for expected in "geo:".utf8 {
            guard text.bytes[offset] | 0x20 == expected | 0x20 else { return nil }
            offset += 1
        }
        body = text.string((range.lowerBound + 4)..<range.upperBound)
    }

    /// The latitude and longitude in degrees, not yet range-checked.
    func degrees() throws(CoordinateParseError) -> (latitude: Double, longitude: Double) {
        let withoutQuery = body.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutQuery.split(separator: ";", omittingEmptySubsequences: false)
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if pair[0].lowercased() == "crs", pair.count == 2, pair[1].lowercased() != "wgs84" {
                throw .unsupportedReferenceSystem(String(pair[1]))
            }
        }
        let numbers = parts[0].split(separator: ",", omittingEmptySubsequences: false)
        guard numbers.count == 2 || numbers.count == 3 else { throw .wrongValueCount(numbers.count) }
        var values: [Double] = []
        for number in numbers {
            guard case .number(let value) = DecimalText.read(number) else {
                throw .malformedNumber(String(number))
            }
            values.append(value)
        }
        return (values[0], values[1])
    }
}

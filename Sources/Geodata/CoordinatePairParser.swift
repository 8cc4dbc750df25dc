/// Reads a latitude/longitude pair typed or pasted as one string.
///
/// Accepted forms, with any white space around the parts:
///
/// | form | example |
/// |---|---|
/// | decimal, comma or white space between | `52.2297, 21.0122`, `52.2297 21.0122`, `52.2297;21.0122` |
/// | decimal commas, white space or `;` between | `52,2297 21,0122`, `52,2297; 21,0122` |
/// | `geo:` URI (RFC 5870) | `geo:52.2297,21.0122`, `geo:52.2297,21.0122,100;u=35` |
/// | hemisphere letters, before or after | `52.2297 N, 21.0122 E`, `S 33.8688 E 151.2093` |
/// | one comma between two numbers, nothing else | `52,21`, `-90,0`, `0,180` (latitude, longitude) |
/// | degrees, minutes, seconds | `52°13′47″N 21°0′44″E`, `52°13'47"N, 21°0'44"E`, `52°13.78′N 21°0.73′E` |
/// | `d` as the degree sign, colons (GeographicLib) | `52d13'47"N 21d0'44"E`, `52:13:47N 21:00:44E` |
///
/// Without hemisphere letters the first value is the latitude. With them, `N`/`S` mark
/// the latitude and `E`/`W` the longitude, in either order; `S` and `W` negate.
/// Ambiguous text is an error, never a guess: `52,2297,21,0122` (which commas are decimal?)
/// is rejected with a message saying how to write it. A number too large for a `Double`
/// (hundreds of digits) is read as infinitely large, so it is out of range, not malformed.
public enum CoordinatePairParser {
    /// Parses `text` as a pair.
    ///
    /// - Throws: ``CoordinateParseError``.
    public static func parse(_ text: some StringProtocol) throws(CoordinateParseError) -> Coordinate {
        let (latitudeDegrees, longitudeDegrees) = try split(text)
        let latitude: Latitude
        let longitude: Longitude
        do { latitude = try Latitude(degrees: latitudeDegrees) } catch { throw .invalidValue(.latitude, error) }
        do { longitude = try Longitude(degrees: longitudeDegrees) } catch { throw .invalidValue(.longitude, error) }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Reads the two numbers of a pair, in degrees, without checking their ranges, so that a
    /// caller can validate each field on its own (an out-of-range latitude then does not hide
    /// a valid longitude).
    ///
    /// ```swift
    /// try CoordinatePairParser.split("95 N, 21 E")   // (latitude: 95.0, longitude: 21.0)
    /// ```
    ///
    /// - Throws: ``CoordinateParseError`` for anything but ``CoordinateParseError/invalidValue(_:_:)``.
    public static func split(_ text: some StringProtocol) throws(CoordinateParseError) -> (
        latitude: Double, longitude: Double
    ) {
        if let result = text.utf8.withContiguousStorageIfAvailable({ split(UTF8Text(bytes: $0)) }) {
            return try result.get()
        }
        var copy = String(text)
        return try copy.withUTF8 { split(UTF8Text(bytes: $0)) }.get()
    }

    /// `split(_:)` for a `String`, the common case. The generic version, called
    /// from another module without being specialized, asks the Swift runtime for the text's
    /// `UTF8View` type, which scans every protocol conformance record of the binary
    /// (`petspot validate`'s start-up, Docs/CLI.md); this one reads the storage directly.
    ///
    /// - Throws: ``CoordinateParseError`` for anything but ``CoordinateParseError/invalidValue(_:_:)``.
    public static func split(_ text: String) throws(CoordinateParseError) -> (latitude: Double, longitude: Double) {
        var copy = text
        return try copy.withUTF8 { split(UTF8Text(bytes: $0)) }.get()
    }

    /// ``split(_:)`` over the text's UTF-8 bytes, in place: the tokens live in temporary
    /// (stack) memory, so a valid pair is read without allocating.
    private static func split(_ text: UTF8Text) -> Result<(latitude: Double, longitude: Double), CoordinateParseError> {
        var start = 0
        var firstPosition = 1
        while start < text.bytes.count {
            let (scalar, width) = text.scalar(at: start)
            guard scalar.properties.isWhitespace else { break }
            start += width
            firstPosition += 1
        }
        var end = text.bytes.count
        while end > start {
            let last = text.scalarStart(before: end)
            guard text.scalar(at: last).scalar.properties.isWhitespace else { break }
            end = last
        }
        guard start < end else { return .failure(.empty) }
        if let uri = GeoURI(text, range: start..<end) {
            return Result { () throws(CoordinateParseError) in try uri.degrees() }
        }
        // Every token takes at least one byte, so the byte count bounds the token count. Up to
        // 1 KiB the temporary storage is on the stack; beyond that the runtime's check for stack
        // room allocates, so longer texts count their tokens first (a pair has at most 17).
        var capacity = end - start
        if capacity * MemoryLayout<PairToken>.stride > 1024 {
            var counter = PairLexer(text, range: start..<end, firstPosition: firstPosition)
            capacity = 0
            do {
                while try counter.next() != nil { capacity += 1 }
            } catch {
                return .failure(error)
            }
        }
        return withUnsafeTemporaryAllocation(of: PairToken.self, capacity: capacity) { storage in
            Result { () throws(CoordinateParseError) in
                var lexer = PairLexer(text, range: start..<end, firstPosition: firstPosition)
                var count = 0
                while count < capacity, let token = try lexer.next() {
                    storage.initializeElement(at: count, to: token)
                    count += 1
                }
                // PairToken is BitwiseCopyable: the storage needs no deinitialization.
                var reader = SexagesimalReader(UnsafeBufferPointer(rebasing: storage[..<count]), in: text)
                return try assign(reader.values())
            }
        }
    }

    /// Decides which value is the latitude and applies hemisphere signs.
    private static func assign(_ values: SexagesimalValues) throws(CoordinateParseError) -> (
        latitude: Double, longitude: Double
    ) {
        guard values.count == 2, let first = values.first, let second = values.second else {
            throw .wrongValueCount(values.count)
        }
        if (first.hemisphere != nil && first.hasSign) || (second.hemisphere != nil && second.hasSign) {
            throw .signAndHemisphere
        }
        let latitudeFirst: Bool
        switch (first.hemisphere?.axis, second.hemisphere?.axis) {
        case (let a?, let b?) where a == b: throw .sameAxisTwice(a)
        case (.longitude?, _), (_, .latitude?): latitudeFirst = false
        default: latitudeFirst = true
        }
        let (latitude, longitude) = latitudeFirst ? (first, second) : (second, first)
        return (latitude.signedDegrees, longitude.signedDegrees)
    }
}

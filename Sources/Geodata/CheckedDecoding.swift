extension SingleValueDecodingContainer {
    /// Decodes a `Raw` value and makes the checked value from it: a value `make` refuses is a
    /// `DecodingError.dataCorrupted` here, saying `describe(raw, error)`. How a validated type
    /// (a latitude, a radius, a day) decodes its one value.
    ///
    /// ```swift
    /// self = try decoder.singleValueContainer().decodeChecked(Double.self) { (meters) throws(RadiusError) in
    ///     try SearchRadius(meters: meters)
    /// } describe: { _, error in error.description }
    /// ```
    public func decodeChecked<Raw: Decodable, Value, Failure: Error>(
        _ type: Raw.Type, _ make: (Raw) throws(Failure) -> Value, describe: (Raw, Failure) -> String
    ) throws -> Value {
        let raw = try decode(Raw.self)
        do throws(Failure) {
            return try make(raw)
        } catch {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: describe(raw, error))
        }
    }
}

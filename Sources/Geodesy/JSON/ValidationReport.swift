public import Geodata
public import PetSpotJSON

/// What `petspot validate` prints: each field's value, formatted text or message.
///
/// JSON: `{"valid": …, "latitude": {"value": …, "formatted": …, "error": …}, "longitude": {…}}`,
/// with `null` for what is absent.
public struct ValidationReport: Sendable {
    /// One field's outcome.
    public struct Field: Sendable {
        /// The value in degrees, when valid.
        public var value: Double?
        /// The value with five decimals, when valid.
        public var formatted: String?
        /// The message a person sees, when not valid.
        public var error: String?

        init<Component: CoordinateComponent>(_ component: Component?, error: CoordinateFieldError?) {
            value = component?.degrees
            formatted = component?.formatted
            self.error = error?.description
        }

        init(error: String) {
            self.error = error
        }

        /// `{"value", "formatted", "error"}`.
        public var json: JSONValue {
            .object([("value", .number(value)), ("formatted", .string(formatted)), ("error", .string(error))])
        }
    }
    /// Whether both fields pass.
    public var valid: Bool
    /// The latitude field.
    public var latitude: Field
    /// The longitude field.
    public var longitude: Field

    /// From the two fields' texts.
    public init(fields: CoordinateFieldsValidation) {
        valid = fields.isValid
        latitude = Field(fields.latitude, error: fields.latitudeError)
        longitude = Field(fields.longitude, error: fields.longitudeError)
    }

    /// From a pair in one string: each value is checked on its own, so an out-of-range
    /// latitude does not hide a valid longitude; a pair that cannot be read puts its
    /// message on both fields.
    public init(pair text: String) {
        do {
            let (latitudeDegrees, longitudeDegrees) = try CoordinatePairParser.split(text)
            func check<C: CoordinateComponent>(_ degrees: Double, as: C.Type) -> (C?, CoordinateFieldError?) {
                do { return (try C(degrees: degrees), nil) } catch { return (nil, error) }
            }
            let (latitudeValue, latitudeError) = check(latitudeDegrees, as: Latitude.self)
            let (longitudeValue, longitudeError) = check(longitudeDegrees, as: Longitude.self)
            valid = latitudeError == nil && longitudeError == nil
            latitude = Field(latitudeValue, error: latitudeError)
            longitude = Field(longitudeValue, error: longitudeError)
        } catch {
            valid = false
            latitude = Field(error: error.description)
            longitude = Field(error: error.description)
        }
    }

    /// The JSON object `petspot validate --json` prints.
    public var json: JSONValue {
        .object([("valid", .bool(valid)), ("latitude", latitude.json), ("longitude", longitude.json)])
    }

    /// Two aligned lines: the formatted value, the message, or `(empty)`.
    public var text: String {
        func line(_ name: String, _ field: Field) -> String {
            "\(name) \(field.error.map { "✗ \($0)" } ?? field.formatted ?? "(empty)")"
        }
        return line("Latitude: ", latitude) + "\n" + line("Longitude:", longitude)
    }
}

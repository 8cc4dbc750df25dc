import Geodata

/// What `petspot validate` prints: each field's value, formatted text or message.
///
/// JSON: `{"valid": …, "latitude": {"value": …, "formatted": …, "error": …}, "longitude": {…}}`,
/// with `null` for what is absent.
struct ValidationReport {
    struct Field {
        var value: Double?
        var formatted: String?
        var error: String?

        init<Component: CoordinateComponent>(_ component: Component?, error: CoordinateFieldError?) {
            value = component?.degrees
            formatted = component?.formatted
            self.error = error?.description
        }

        init(error: String) {
            self.error = error
        }

        var json: JSONValue {
            .object([("value", .number(value)), ("formatted", .string(formatted)), ("error", .string(error))])
        }
    }
    var valid: Bool
    var latitude: Field
    var longitude: Field

    /// From the two fields' texts.
    init(fields: CoordinateFieldsValidation) {
        valid = fields.isValid
        latitude = Field(fields.latitude, error: fields.latitudeError)
        longitude = Field(fields.longitude, error: fields.longitudeError)
    }

    /// From a pair in one string: each value is checked on its own, so an out-of-range
    /// latitude does not hide a valid longitude; a pair that cannot be read puts its
    /// message on both fields.
    init(pair text: String) {
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

    var json: JSONValue {
        .object([("valid", .bool(valid)), ("latitude", latitude.json), ("longitude", longitude.json)])
    }

    /// Two aligned lines: the formatted value, the message, or `(empty)`.
    var text: String {
        func line(_ name: String, _ field: Field) -> String {
            "\(name) \(field.error.map { "✗ \($0)" } ?? field.formatted ?? "(empty)")"
        }
        return line("Latitude: ", latitude) + "\n" + line("Longitude:", longitude)
    }
}

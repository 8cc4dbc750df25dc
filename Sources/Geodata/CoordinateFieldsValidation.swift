/// The latitude and longitude text fields of a form, validated together.
///
/// Each field is parsed on its own, so an error stays on the field that has it: a
/// malformed latitude never puts an error on a valid longitude. Then the pair rule of
/// the flow (``CoordinateRequirement``) adds an error to an empty field where needed.
///
/// ```swift
/// let result = CoordinateFieldsValidation(latitude: "52,2297", longitude: "", requirement: .optional)
/// result.latitudeError    // nil
/// result.longitudeError   // .missingCounterpart(.longitude)
/// result.isValid          // false
/// ```
public struct CoordinateFieldsValidation: Sendable, Hashable {
    /// The latitude, when its field holds a valid value.
    public let latitude: Latitude?
    /// The longitude, when its field holds a valid value.
    public let longitude: Longitude?
    /// The message for the latitude field, if any.
    public let latitudeError: CoordinateFieldError?
    /// The message for the longitude field, if any.
    public let longitudeError: CoordinateFieldError?

    /// Validates the two fields' texts under `requirement`.
    public init(
        latitude latitudeText: some StringProtocol, longitude longitudeText: some StringProtocol,
        requirement: CoordinateRequirement
    ) {
        let latitudeField = Self.field(Latitude.self, latitudeText)
        let longitudeField = Self.field(Longitude.self, longitudeText)
        latitude = latitudeField.value
        longitude = longitudeField.value
        latitudeError =
            latitudeField.error
            ?? Self.emptyFieldError(
                .latitude, isEmpty: latitudeField.isEmpty,
                otherIsEmpty: longitudeField.isEmpty, requirement: requirement)
        longitudeError =
            longitudeField.error
            ?? Self.emptyFieldError(
                .longitude, isEmpty: longitudeField.isEmpty,
                otherIsEmpty: latitudeField.isEmpty, requirement: requirement)
    }

    /// `true` when neither field has an error.
    public var isValid: Bool { latitudeError == nil && longitudeError == nil }

    /// The coordinate, when both fields hold valid values.
    public var coordinate: Coordinate? {
        guard isValid, let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The error for one axis.
    public func error(for axis: CoordinateAxis) -> CoordinateFieldError? {
        axis == .latitude ? latitudeError : longitudeError
    }

    private static func field<Component: CoordinateComponent>(
        _ type: Component.Type, _ text: some StringProtocol
    ) -> (value: Component?, error: CoordinateFieldError?, isEmpty: Bool) {
        do {
            let value = try Component.parse(text)
            return (value, nil, value == nil)
        } catch {
            return (nil, error, false)
        }
    }

    private static func emptyFieldError(
        _ axis: CoordinateAxis, isEmpty: Bool, otherIsEmpty: Bool,
        requirement: CoordinateRequirement
    ) -> CoordinateFieldError? {
        guard isEmpty else { return nil }
        switch requirement {
        case .required: return .required(axis)
        case .optional: return otherIsEmpty ? nil : .missingCounterpart(axis)
        }
    }
}

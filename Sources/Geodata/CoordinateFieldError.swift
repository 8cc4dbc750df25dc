/// Why a latitude or longitude field's text is not a valid value.
///
/// The ``description`` is the exact message shown under the field
/// (specs 000 FR-010 and 002 §3):
///
/// ```swift
/// CoordinateFieldError.invalidFormat.description            // "Invalid format"
/// CoordinateFieldError.outOfRange(.latitude).description    // "Must be between -90 and 90"
/// ```
public enum CoordinateFieldError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The text is not a plain decimal number (letters, exponents, `nan`, two separators …).
    case invalidFormat
    /// The number lies outside the axis' inclusive range.
    case outOfRange(CoordinateAxis)
    /// This field is empty while the other field of the pair has a value
    /// (Missing flow: both or neither).
    case missingCounterpart(CoordinateAxis)
    /// This field is empty and the flow requires a value (Found flow, spec 004 FR-007).
    case required(CoordinateAxis)

    /// The message a person sees under the field.
    public var description: String {
        switch self {
        case .invalidFormat:
            "Invalid format"
        case .outOfRange(.latitude):
            "Must be between -90 and 90"
        case .outOfRange(.longitude):
            "Must be between -180 and 180"
        case .missingCounterpart(let axis):
            "Enter a \(axis.name.lowercased()) too, or clear the \(axis.other.name.lowercased())"
        case .required(let axis):
            "\(axis.name) is required"
        }
    }
}

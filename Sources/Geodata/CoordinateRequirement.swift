/// Whether a form's latitude/longitude pair must be filled.
///
/// - ``optional``: the Missing-pet flow (spec 000 FR-010): both empty is valid, but a
///   pair with exactly one value is incomplete and the empty field gets an error.
/// - ``required``: the Found-pet flow (spec 004 FR-007): both fields must have a value.
public enum CoordinateRequirement: String, Sendable, Hashable, Codable, CaseIterable {
    /// Both or neither (Missing-pet flow, *Animal description*).
    case optional
    /// Both (Found-pet flow, *Pet details*).
    case required

    /// The rule of the Missing-pet *Animal description* step.
    public static let missingPetFlow = CoordinateRequirement.optional
    /// The rule of the Found-pet *Pet details* step.
    public static let foundPetFlow = CoordinateRequirement.required
}

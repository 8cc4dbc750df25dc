/// One species of the curated list bundled with the app (spec 000 FR-005).
public struct SpeciesTaxonomyOption: Sendable, Hashable, Codable, Identifiable, CustomStringConvertible {
    /// Stable identifier, as the backend stores it: `"dog"`.
    public let id: String
    /// The name shown: `"Dog"`.
    public let displayName: String

    /// An option.
    public init(id: String, displayName: String) {
        self.id = id
        self.displayName = displayName
    }

    /// The display name.
    public var description: String { displayName }
}

/// The fixed species list: no runtime taxonomy service, usable offline (spec 000 FR-005,
/// research notes 002 §4).
///
/// ```swift
/// SpeciesTaxonomy.options.map(\.displayName)   // ["Dog", "Cat", "Bird", "Rabbit", "Other"]
/// SpeciesTaxonomy.option(id: "cat")?.displayName // "Cat"
/// ```
public enum SpeciesTaxonomy {
    /// The options, in display order.
    public static let options: [SpeciesTaxonomyOption] = [
        SpeciesTaxonomyOption(id: "dog", displayName: "Dog"),
        SpeciesTaxonomyOption(id: "cat", displayName: "Cat"),
        SpeciesTaxonomyOption(id: "bird", displayName: "Bird"),
        SpeciesTaxonomyOption(id: "rabbit", displayName: "Rabbit"),
        SpeciesTaxonomyOption(id: "other", displayName: "Other"),
    ]

    /// The option with this identifier or display name (case-insensitive), if any.
    public static func option(id: String) -> SpeciesTaxonomyOption? {
        let key = id.lowercased()
        return options.first { $0.id == key || $0.displayName.lowercased() == key }
    }
}

/// The animal's sex: two mutually exclusive cards, Female and Male (spec 000 FR-007).
public enum AnimalGender: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// "Female".
    case female = "FEMALE"
    /// "Male".
    case male = "MALE"

    /// `"Female"` or `"Male"`.
    public var displayName: String {
        switch self {
        case .female: "Female"
        case .male: "Male"
        }
    }

    /// `"♀"` (U+2640) or `"♂"` (U+2642), as on the Pet details card (spec 003 FR-010).
    public var symbol: String {
        switch self {
        case .female: "\u{2640}"
        case .male: "\u{2642}"
        }
    }

    /// The display name.
    public var description: String { displayName }
}

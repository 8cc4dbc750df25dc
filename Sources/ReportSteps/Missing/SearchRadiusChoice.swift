public import Geodata
import OutsideInput

/// One of the search radii the Missing flow offers on *Animal description*: how far around the
/// last known position the pet may be (spec 003's `locationRadius`, shown on the card as
/// `Warsaw • ±15 km`). Matching and area alerts use the stored radius, so the choice decides
/// which found pets and sightings the owner hears about.
///
/// The list, 1, 2, 5, 10, 15, 25 and 50 km, goes from a cat that stays near home to a dog
/// that runs for a day; ``standard`` (10 km) is what a report had before the owner could
/// choose, and stays the default. Docs/Web.md says why.
///
/// ```swift
/// try SearchRadiusChoice(fieldText: "15").radius.meters   // 15000
/// try SearchRadiusChoice(fieldText: "15 km").fieldText    // "15"
/// SearchRadiusChoice.standard.title                       // "±10 km"
/// try SearchRadiusChoice(fieldText: "7")   // throws: "7" is not one of the search radii (1, 2, …)
/// ```
public struct SearchRadiusChoice: Sendable, Hashable, CustomStringConvertible {
    /// The radius in whole kilometres.
    public let kilometers: Int

    private init(checked kilometers: Int) {
        self.kilometers = kilometers
    }

    /// The choices, smallest first.
    public static let all: [SearchRadiusChoice] = [1, 2, 5, 10, 15, 25, 50].map(SearchRadiusChoice.init(checked:))

    /// The default: 10 km, the radius every missing report had before the owner could choose.
    public static let standard = SearchRadiusChoice(checked: 10)

    /// The choice whose radius is `radius` exactly; `nil` for a radius not in the list.
    public init?(radius: SearchRadius) {
        guard let choice = Self.all.first(where: { Double($0.kilometers) * 1000 == radius.meters }) else {
            return nil
        }
        self = choice
    }

    /// The radius as a report keeps it.
    public var radius: SearchRadius {
        (try? SearchRadius(kilometers: Double(kilometers))) ?? .zero  // every listed radius is in range
    }

    /// As the card shows it: `"±15 km"`.
    public var title: String { RadiusDisplay.radiusText(radius) ?? "" }

    /// ``title``.
    public var description: String { title }

    /// The list as messages give it: `1, 2, 5, 10, 15, 25 or 50 km`.
    static var listText: String {
        let numbers = all.map { String($0.kilometers) }
        return numbers.dropLast().joined(separator: ", ") + " or " + (numbers.last ?? "") + " km"
    }
}

extension SearchRadiusChoice: FieldValue {
    /// Kilometres as a plain decimal number, with or without `km` and a leading `±`, in any
    /// case and with white space around: `15`, `15 km`, `15km`, `±15 KM`, `15.0`.
    ///
    /// - Throws: `"7" is not one of the search radii (1, 2, 5, 10, 15, 25 or 50 km)`.
    public init(fieldText text: String) throws(FieldTextError) {
        var number = text.lowercased().trimmedNonEmpty ?? ""
        if number.hasPrefix("±") { number = String(number.dropFirst()) }
        if number.hasSuffix("km") { number = String(number.dropLast(2)).trimmedNonEmpty ?? "" }
        guard let value = PlainDecimal.parse(number),
            let choice = Self.all.first(where: { Double($0.kilometers) == value })
        else {
            throw FieldTextError(
                "\(FieldTextError.quoted(text)) is not one of the search radii (\(Self.listText))")
        }
        self = choice
    }

    /// The kilometres: `"15"`.
    public var fieldText: String { String(kilometers) }
}

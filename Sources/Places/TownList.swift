import CLazyLibraries
public import Geodata
import Locking

/// Every town of libgeonames (24,361 on Debian 12), read once at the first use, with a name
/// index and a k-d tree of where they are: ``search(_:limit:)`` and ``nearest(to:)`` answer in microseconds.
/// Each is built at its own first use: a server that only names the town near a report (cards,
/// posters, alerts) never folds and sorts the 24,361 names.
///
/// ```swift
/// let towns = try TownList.shared()
/// towns.search("krakow")                      // [Kraków, Lesser Poland, Poland …]
/// towns.nearest(to: piaseczno)?.town.name     // "Piaseczno"
/// ```
public final class TownList: Sendable {
    public let towns: [Town]
    private let names = Locked<TownNameIndex?>(nil)
    private let places = Locked<TownTree?>(nil)

    init(towns: [Town]) {
        self.towns = towns
    }

    /// The library's towns, read at the first call.
    /// - Throws: ``PlacesError/libraryMissing(_:)`` when libgeonames cannot be opened.
    public static func shared() throws(PlacesError) -> TownList {
        try loaded.get()
    }

    private static let loaded: Result<TownList, PlacesError> = {
        var error = [CChar](repeating: 0, count: 512)
        let count = petspot_towns_count(&error, Int32(error.count))
        guard count >= 0 else {
            return .failure(
                .libraryMissing(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            )
        }
        var towns: [Town] = []
        towns.reserveCapacity(Int(count))
        var town = petspot_town()
        for index in 0..<count where petspot_town_at(index, &town) == 0 {
            guard let coordinate = try? Coordinate(latitude: town.latitude, longitude: town.longitude) else { continue }
            towns.append(
                Town(
                    name: text(&town.name), state: text(&town.state), country: text(&town.country),
                    countryCode: text(&town.country_code), coordinate: coordinate, population: Int(town.population)))
        }
        return .success(TownList(towns: towns))
    }()

    /// Up to `limit` towns whose name, or a word of it, starts with `query` (folded: case and
    /// accents do not matter), the most populous first; none for a query with no letters.
    public func search(_ query: String, limit: Int = 10) -> [Town] {
        index().search(NameFolding.fold(query), limit: limit).map { towns[$0] }
    }

    /// The town nearest `coordinate` (great-circle distance on the mean sphere) and its
    /// distance in metres; `nil` only for an empty list.
    public func nearest(to coordinate: Coordinate) -> (town: Town, meters: Double)? {
        tree().nearest(to: coordinate).map { (towns[$0.index], $0.meters) }
    }

    private func index() -> TownNameIndex { Self.built(names) { TownNameIndex(towns) } }

    private func tree() -> TownTree { Self.built(places) { TownTree(towns) } }

    /// What `slot` holds, made by `make` at the first call. Made under the lock, once: a second
    /// caller waits for the first one's instead of making its own.
    private static func built<Value: Sendable>(_ slot: Locked<Value?>, _ make: () -> Value) -> Value {
        slot.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }

    private static func text<Buffer>(_ buffer: inout Buffer) -> String {
        withUnsafeBytes(of: &buffer) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

/// Towns by folded name: every name and every later word of it (so "main" finds "Frankfurt am
/// Main"), sorted, so a prefix is a range found by two binary searches.
struct TownNameIndex: Sendable {
    private let keys: [(key: String, town: Int)]
    private let population: [Int]

    init(_ towns: [Town]) {
        var keys: [(key: String, town: Int)] = []
        keys.reserveCapacity(towns.count * 2)
        for (index, town) in towns.enumerated() {
            let folded = NameFolding.fold(town.name)
            keys.append((folded, index))
            var rest = Substring(folded)
            while let space = rest.firstIndex(of: " ") {
                rest = rest[rest.index(after: space)...]
                keys.append((String(rest), index))
            }
        }
        // Compared field by field, not as tuples: the same order, without the generic tuple
        // comparison a debug build runs ~35,000 × log₂ times (the test suite's servers build it).
        self.keys = keys.sorted { $0.key != $1.key ? $0.key < $1.key : $0.town < $1.town }
        population = towns.map(\.population)
    }

    /// Towns whose keys start with `prefix`, each once, the most populous first.
    func search(_ prefix: String, limit: Int) -> [Int] {
        guard !prefix.isEmpty, limit > 0 else { return [] }
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].key < prefix { low = middle + 1 } else { high = middle }
        }
        var found: Set<Int> = []
        var index = low
        while index < keys.count, keys[index].key.hasPrefix(prefix) {
            found.insert(keys[index].town)
            index += 1
        }
        return found.sorted { (population[$0], -$0) > (population[$1], -$1) }.prefix(limit).map { $0 }
    }
}

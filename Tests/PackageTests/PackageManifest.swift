import Foundation

/// `Package.swift` read as text: its targets with their dependencies, its products and its
/// package dependencies. Enough of Swift's syntax for this manifest's plain style (one
/// `.target(…)` per entry, names as string literals).
struct PackageManifest {
    struct Target: Equatable {
        /// `library`, `executable`, `tests` or `system library`.
        var kind: String
        var name: String
        /// Target names and product names, as written.
        var dependencies: Set<String>
    }

    struct Product: Equatable {
        var kind: String
        var name: String
        var targets: Set<String>
    }

    struct Dependency: Equatable {
        /// The repository name: `swift-argument-parser`.
        var name: String
        var from: String
    }

    var targets: [Target] = []
    var products: [Product] = []
    var dependencies: [Dependency] = []

    /// The repository folder: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func load() throws -> PackageManifest {
        try PackageManifest(String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    init(_ text: String) throws {
        let kinds = [
            ".target(": "library", ".executableTarget(": "executable", ".testTarget(": "tests",
            ".systemLibrary(": "system library",
        ]
        // A dependency written `.target(name: "X", condition: .when(traits: […]))` is a
        // dependency on X, not a target of its own.
        let lists = kinds.keys.flatMap { Self.blocks(in: text, opening: $0) }
            .compactMap { Self.blocks(in: $0, opening: "dependencies: [").first }
        for (opening, kind) in kinds {
            for block in Self.blocks(in: text, opening: opening) where !lists.contains(where: { $0.contains(block) }) {
                guard let name = Self.firstCapture(#"name:\s*"([^"]+)""#, in: block) else { continue }
                var dependencies: Set<String> = []
                if let list = Self.blocks(in: block, opening: "dependencies: [").first {
                    var rest = list
                    for opening in [".product(", ".target("] {
                        for dependency in Self.blocks(in: list, opening: opening) {
                            if let dependencyName = Self.firstCapture(#"name:\s*"([^"]+)""#, in: dependency) {
                                dependencies.insert(dependencyName)
                            }
                            rest = rest.replacingOccurrences(of: dependency, with: "")
                        }
                    }
                    dependencies.formUnion(Self.captures(#""([^"]+)""#, in: rest))
                }
                targets.append(Target(kind: kind, name: name, dependencies: dependencies))
            }
        }
        for match in Self.matches(#"\.(library|executable)\(name:\s*"([^"]+)",\s*targets:\s*\[([^\]]*)\]"#, in: text) {
            products.append(
                Product(kind: match[1], name: match[2], targets: Set(Self.captures(#""([^"]+)""#, in: match[3]))))
        }
        for match in Self.matches(
            #"\.package\(url:\s*"https://github\.com/[^/]+/([^"]+)",\s*from:\s*"([^"]+)""#, in: text)
        {
            dependencies.append(Dependency(name: match[1], from: match[2]))
        }
    }

    /// Every balanced `(…)` or `[…]` that starts with `opening`, as written.
    static func blocks(in text: String, opening: String) -> [String] {
        guard let close: Character = opening.last == "(" ? ")" : opening.last == "[" ? "]" : nil,
            let open = opening.last
        else { return [] }
        var result: [String] = []
        var searchStart = text.startIndex
        while let range = text.range(of: opening, range: searchStart..<text.endIndex) {
            var depth = 1
            var index = range.upperBound
            var inString = false
            while index < text.endIndex, depth > 0 {
                let character = text[index]
                if character == "\"" { inString.toggle() }
                if !inString {
                    if character == open { depth += 1 }
                    if character == close { depth -= 1 }
                }
                index = text.index(after: index)
            }
            result.append(String(text[range.lowerBound..<index]))
            searchStart = range.upperBound
        }
        return result
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let nsText = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: nsText.length)).map { match in
            (0..<match.numberOfRanges).map { index in
                let range = match.range(at: index)
                return range.location == NSNotFound ? "" : nsText.substring(with: range)
            }
        }
    }

    static func captures(_ pattern: String, in text: String) -> [String] { matches(pattern, in: text).map { $0[1] } }

    static func firstCapture(_ pattern: String, in text: String) -> String? { captures(pattern, in: text).first }
}

import Foundation
import Testing

/// Docs/Architecture.md and Package.swift agree: every target (with exactly its declared
/// dependencies), product and package dependency is on the page, and nothing else is.
@Suite struct ArchitecturePageTests {
    /// The rows of the Markdown table under `## heading`, as their cells (backticks removed).
    static func table(_ heading: String) throws -> [[String]] {
        let page = try String(
            contentsOf: PackageManifest.root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        let start = try #require(page.range(of: "\n## \(heading)\n"), "Docs/Architecture.md has no '## \(heading)'")
        let section = page[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n")
            .filter { $0.hasPrefix("| `") }
            .map { row in
                row.split(separator: "|").map {
                    $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
                }
            }
    }

    static func names(_ cell: String) -> Set<String> {
        cell == "—" ? [] : Set(cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    @Test func everyTargetIsDescribedWithItsKindAndExactlyItsDependencies() throws {
        let manifest = try PackageManifest.load()
        #expect(manifest.targets.count >= 20, "the manifest reader found \(manifest.targets.count) targets")
        let rows = try Self.table("Targets")
        let described = Dictionary(rows.map { ($0[0], $0) }, uniquingKeysWith: { first, _ in first })
        for target in manifest.targets {
            guard let row = described[target.name] else {
                Issue.record("Package.swift has the target \(target.name); Docs/Architecture.md does not describe it")
                continue
            }
            #expect(row.count == 4, "\(target.name): a row has four cells: target, kind, job, depends on")
            guard row.count == 4 else { continue }
            #expect(row[1].hasPrefix(target.kind), "\(target.name) is a \(target.kind) target, the page says \(row[1])")
            #expect(
                Self.names(row[3]) == target.dependencies,
                "\(target.name) depends on \(target.dependencies.sorted()), the page says \(row[3])")
        }
        let declared = Set(manifest.targets.map(\.name))
        for name in described.keys where !declared.contains(name) {
            Issue.record("Docs/Architecture.md describes \(name), which Package.swift does not declare")
        }
    }

    @Test func everyProductIsListedWithItsTargets() throws {
        let manifest = try PackageManifest.load()
        let rows = try Self.table("Products")
        #expect(Set(rows.map { $0[0] }) == Set(manifest.products.map(\.name)))
        for product in manifest.products {
            guard let row = rows.first(where: { $0[0] == product.name }), row.count == 3 else { continue }
            #expect(row[1] == product.kind, "\(product.name)")
            #expect(Self.names(row[2]) == product.targets, "\(product.name)")
        }
    }

    @Test func everyPackageDependencyIsListedWithItsVersion() throws {
        let manifest = try PackageManifest.load()
        #expect(!manifest.dependencies.isEmpty)
        let rows = try Self.table("Dependencies")
        #expect(Set(rows.map { $0[0] }) == Set(manifest.dependencies.map(\.name)))
        for dependency in manifest.dependencies {
            let row = rows.first { $0[0] == dependency.name }
            #expect(row?[1] == dependency.from, "\(dependency.name) is from \(dependency.from) in Package.swift")
        }
    }
}

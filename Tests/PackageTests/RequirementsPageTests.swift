import Foundation
import Testing

/// Every requirement the code and the docs cite (`FR-017`, `research notes 002 §8`) is quoted
/// in Docs/Requirements.md, since the specs themselves are not in the repository.
@Suite struct RequirementsPageTests {
    /// The texts that may cite requirements: sources, tests, docs, the bundled scenarios.
    static func citingFiles() throws -> [URL] {
        let root = PackageManifest.root
        var files: [URL] = [root.appendingPathComponent("README.md")]
        for folder in ["Sources", "Tests", "Docs", "Scenarios"] {
            guard
                let walker = FileManager.default.enumerator(
                    at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            else { continue }
            for case let url as URL in walker where !url.hasDirectoryPath {
                if url.lastPathComponent == "Requirements.md" || url.path.contains("/Tests/PackageTests/") { continue }
                files.append(url)
            }
        }
        return files
    }

    @Test func everyCitedRequirementIsQuoted() throws {
        let page = try String(
            contentsOf: PackageManifest.root.appendingPathComponent("Docs/Requirements.md"), encoding: .utf8)
        var cited: [String: String] = [:]
        for file in try Self.citingFiles() {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for requirement in PackageManifest.captures(#"(FR-[0-9]{3}[a-z]?)"#, in: text) {
                cited[requirement] = file.lastPathComponent
            }
            for section in PackageManifest.captures(#"§([0-9]+)"#, in: text) {
                cited["002 §" + section] = file.lastPathComponent
            }
        }
        #expect(cited.count > 20, "found \(cited.count) citations")
        for (requirement, file) in cited.sorted(by: { $0.key < $1.key }) {
            let quoted = requirement.hasPrefix("FR-") ? "**\(requirement)**" : "### \(requirement):"
            let isQuoted = page.contains(quoted)
            #expect(isQuoted, "\(file) cites \(requirement); Docs/Requirements.md does not quote it")
        }
    }
}

import Foundation
import Geodata
import Location
import Scenarios
import Testing

@Suite("Bundled scenarios and the library")
struct ScenarioLibraryTests {
    /// The list: each kind of scenario is bundled.
    static let required = [
        "permission-denied", "restricted", "default", "not-determined-denied", "no-fix-timeout", "slow-cold-start",
        "accuracy-improving", "walking-warsaw", "receiver-lost-and-back", "permission-revoked", "approximate-only",
        "poles", "antimeridian",
    ]

    @Test func everyRequiredScenarioIsBundled() {
        #expect(Set(Self.required).isSubset(of: ScenarioLibrary.bundledNames))
        #expect(ScenarioLibrary.bundledNames == ScenarioLibrary.bundledNames.sorted())
    }

    @Test func embeddedFilesAreExactlyTheFolderAndThePackageList() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: scenariosFolder.path)
            .filter { !$0.hasSuffix(".swift") && $0 != "README.md" }.sorted()
        for name in onDisk {
            let embedded = ScenarioLibrary.bundledFile(named: name)
            #expect(embedded == (try Data(contentsOf: scenariosFolder.appendingPathComponent(name))), "\(name)")
        }
        let manifest = try String(
            contentsOf: scenariosFolder.deletingLastPathComponent().appendingPathComponent("Package.swift"),
            encoding: .utf8)
        for name in onDisk { #expect(manifest.contains("\"\(name)\""), "Package.swift does not list \(name)") }
        let embeddedNames = ScenarioLibrary.bundledNames.map { $0 + ".yaml" }
        #expect(Set(embeddedNames).isSubset(of: Set(onDisk)))
    }

    @Test(arguments: ScenarioLibrary.bundledNames)
    func everyBundledScenarioLoadsWithExpectations(name: String) throws {
        let scenario = try ScenarioLibrary.load(name)
        #expect(scenario.name == name)
        #expect(scenario.file == name + ".yaml")
        #expect(!scenario.expectations.isEmpty, "each bundled scenario checks something")
        // Only a receiver that stays silent (the request ends "timedOut") has nothing to play.
        let silent = scenario.expectations.contains { $0.kind == .request(.timedOut, number: nil) }
        #expect(scenario.timeline.isEmpty == silent)
    }

    @Test func defaultIsNotDeterminedGrantedThenAFixInWarsaw() throws {
        let scenario = try ScenarioLibrary.load(ScenarioLibrary.defaultName)
        #expect(scenario.authorization.status == .notDetermined)
        #expect(scenario.prompt?.answer == .grant)
        #expect(scenario.fixes.last?.fix.coordinate.formatted == "52.22970, 21.01220")
    }

    @Test func tracksLoadFromTheBundle() throws {
        let walk = try ScenarioLibrary.load("walking-warsaw")
        #expect(walk.fixes.count == 12)
        #expect(walk.timeline.last?.time == .seconds(22 * 60))
        #expect(walk.fixes.allSatisfy { $0.fix.horizontalAccuracy == 6 })
        let boat = try ScenarioLibrary.load("antimeridian.yaml")
        #expect(
            boat.fixes.map(\.fix.coordinate.longitude.formatted) == [
                "179.99970", "179.99980", "179.99990", "180.00000", "-179.99990", "-179.99980",
            ])
        #expect(boat.fixes.map(\.time) == (0..<6).map { .seconds($0) })
    }

    @Test func filesLoadByPathWithTracksBesideThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let gpx = "<gpx><wpt lat=\"1\" lon=\"2\"/><wpt lat=\"1.5\" lon=\"2.5\"/></gpx>"
        try gpx.write(to: directory.appendingPathComponent("t.gpx"), atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("mine.json")
        try """
        {"title": "Mine", "authorization": "denied", "timeline": [{"track": {"file": "t.gpx", "interval": "2s"}}]}
        """.write(to: file, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLibrary.load(file.path)
        #expect(scenario.name == "mine")
        #expect(scenario.fixes.map(\.time) == [.zero, .seconds(2)])
    }

    @Test func unknownNamesListTheBundledOnes() {
        #expect(throws: ScenarioError.self) { try ScenarioLibrary.load("nonesuch") }
        do {
            _ = try ScenarioLibrary.load("nonesuch")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "nonesuch: no such file, and no bundled scenario named 'nonesuch'; bundled: accuracy-improving, "))
        }
        do {
            _ = try ScenarioLibrary.load("/nonexistent/x.yaml")
        } catch {
            #expect(error.description == "/nonexistent/x.yaml: no such file")
        }
    }
}

import Foundation
import LocationTestSupport
import Testing

/// `petspot report missing` asks for the search radius on *Animal description* (issue 46): the
/// built binary on a pseudo-terminal, 10 km shown until another is typed, Enter keeping it, an
/// unlisted radius refused with the list, and the chosen one in the report's JSON.
@Suite("petspot report missing: the search radius", .serialized, .timeLimit(.minutes(3)))
struct WizardRadiusTests {
    @Test func theWizardShowsTenKilometresEnterKeepsItAndATypedRadiusIsTheReports() throws {
        let workspace = try ReportWizardTests.Workspace()
        let output = workspace.file("missing.json")
        let session = try PseudoTerminalSession(
            ["report", "missing", "--output", output.path], environment: workspace.environment, columns: 160)
        try session.passMicrochip()
        try session.expect("Animal photo")
        try session.pickPhoto(workspace.photo.path)
        try session.expect("luna.png · PNG · 32 B")
        session.type("c")
        let first = try session.expect("[1-9] edit field")
        #expect(first.range(of: #"9\. Search radius\s+±10 km"#, options: .regularExpression) != nil, "\(first)")

        session.type("9")
        try session.expect("Search radius (1, 2, 5, 10, 15, 25, 50 km) [10 km]:")
        session.type("7")
        try session.expect(#"Search radius: "7" is not one of the search radii (1, 2, 5, 10, 15, 25 or 50 km)."#)
        session.type("9")
        try session.expect("[10 km]:")
        session.type("")
        let kept = try session.expect("[1-9] edit field")
        #expect(kept.range(of: #"9\. Search radius\s+±10 km"#, options: .regularExpression) != nil, "\(kept)")

        for answer in ["2", "1", "3", "Beagle", "4", "female", "7", "52.2297", "8", "21.0122", "9", "15 km"] {
            session.type(answer)
        }
        let chosen = try session.expect("±15 km")
        #expect(chosen.contains("9. Search radius"))
        session.type("c")
        try session.expect("Contact details")
        session.type("2")
        try session.expect("Email")
        session.type("owner@example.com")
        session.type("s")
        try session.expect("Missing report complete")
        #expect(try session.waitForExit() == 0)

        let report = try ReportWizardTests.object(String(contentsOf: output, encoding: .utf8))
        #expect(report["locationRadius"] as? Double == 15)
        #expect(report["breed"] as? String == "Beagle")
    }

    @Test func anAnswersFileGivesTheRadiusAndLeavingItOutIsTenKilometres() async throws {
        let workspace = try ReportWizardTests.Workspace()
        for (line, kilometres) in [("locationRadius: 25\n", 25.0), ("", 10)] {
            let answers = try workspace.write(
                "missing.yaml",
                """
                photo: luna.png
                species: cat
                breed: Tabby
                gender: male
                locationLatitude: 52.2297
                locationLongitude: 21.0122
                \(line)email: owner@example.com
                """)
            let run = try await PetSpotProcess.run(
                ["report", "missing", "--answers", answers.path], environment: workspace.environment)
            #expect(run.status == 0, "\(run.stderr)")
            let report = try ReportWizardTests.object(run.stdout)
            #expect(report["locationRadius"] as? Double == kilometres)
        }
    }
}

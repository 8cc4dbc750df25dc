import ArgumentParser

/// `petspot`: the PetSpot location layer on the command line.
@main
struct PetSpot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petspot",
        abstract: "Location and geodata for PetSpot lost/found-pet reports.",
        discussion: """
            Fill missing-pet and found-pet reports as terminal wizards (`petspot report`), \
            keep reports in a store and match found pets against them (`petspot reports`, \
            `petspot nearby`), show a pet's details card (`petspot show`), validate coordinates as the report \
            forms do, get fixes from gpsd or play scripted permission and fix scenarios \
            without a receiver, and measure distances, search radii and nearby reports on the \
            WGS84 ellipsoid with PROJ. `petspot` alone plays the default scenario through the \
            Animal description step. Run `petspot help <subcommand>` for each command's options.
            """,
        version: "\(version) (\(BuildCommit.text))",
        subcommands: [
            Demo.self, Report.self, Show.self, Validate.self, Locate.self, Watch.self, Permission.self,
            ScenarioCommand.self,
            Record.self, Distance.self, Radius.self, Nearby.self, Matches.self, Reports.self, Store.self, Serve.self,
            MailCommand.self, Subscriptions.self, Place.self,
        ],
        defaultSubcommand: Demo.self
    )

    /// The release: `petspot --version` prints it with the commit it was built from.
    static let version = "0.1.0"
}

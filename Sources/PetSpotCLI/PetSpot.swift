import ArgumentParser

/// `petspot`: the PetSpot location layer on the command line.
@main
struct PetSpot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petspot",
        abstract: "Location and geodata for PetSpot lost/found-pet reports.",
        discussion: """
            Validate coordinates as the report forms do; measure distances, show search \
            radii and find nearby reports on the WGS84 ellipsoid with PROJ. Run \
            `petspot help <subcommand>` for each command's options.
            """,
        version: "0.1.0",
        subcommands: [
            Demo.self, Validate.self, Locate.self, Watch.self, Permission.self, Distance.self, Radius.self, Nearby.self,
            ScenarioCommand.self, Report.self, Show.self,
        ],
        defaultSubcommand: Demo.self
    )
}

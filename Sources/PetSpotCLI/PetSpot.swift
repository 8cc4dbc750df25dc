import ArgumentParser

/// `petspot`: the PetSpot location layer on the command line.
@main
struct PetSpot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petspot",
        abstract: "Location and geodata for PetSpot lost/found-pet reports.",
        discussion: """
            Validate coordinates as the report forms do; read the position from gpsd \
            (locate, watch) with the person's permission (permission). Run `petspot help <subcommand>` \
            for each command's options.
            """,
        version: "0.1.0",
        subcommands: [Demo.self, Validate.self, Locate.self, Watch.self, Permission.self],
        defaultSubcommand: Demo.self
    )
}

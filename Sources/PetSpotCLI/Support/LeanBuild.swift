import ArgumentParser
import ReportStore

/// What a `petspot` built without the `Server` trait says of what it leaves out: `bash
/// scripts/demo` builds it that way (`swift build --disable-default-traits`), a first build
/// of a third of the whole one. `petspot serve` and the reports store need the whole `petspot`
/// (`swift build`, or `bash scripts/install`).
enum LeanBuild {
    /// How to get the whole `petspot`.
    static let remedy =
        "This petspot was built without the server and the reports store (bash scripts/demo's quick build, "
        + "swift build --disable-default-traits). Build the whole petspot: swift build "
        + "(or swift build -c release --static-swift-stdlib), or install it: sudo bash scripts/install."

    /// The store at `url` cannot be opened in this build.
    static func storeUnavailable(_ url: StoreURL) -> ReportStoreError {
        .unavailable(url.description, remedy)
    }
}

#if !Server
    extension PetSpot {
        /// `petspot serve` in a build without the server: says how to get it and exits 69
        /// (`EX_UNAVAILABLE`).
        struct Serve: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Serve the location, the reports and the report pages over HTTP (not in this build).",
                discussion: LeanBuild.remedy)

            @Argument(parsing: .captureForPassthrough, help: .hidden)
            var arguments: [String] = []

            func run() throws {
                printError(LeanBuild.remedy)
                throw ExitCode(69)
            }
        }
    }
#endif

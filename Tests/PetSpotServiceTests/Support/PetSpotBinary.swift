import Foundation
import LocationTestSupport

/// The built `petspot` executable, beside this test bundle in the products directory.
enum PetSpotBinary {
    static var url: URL { BuiltProducts.executable("petspot") }

    /// Runs `petspot arguments…` to its end and returns its standard output.
    static func output(_ arguments: [String]) async throws -> String {
        try await ProcessRun.run(url, arguments).stdout
    }
}

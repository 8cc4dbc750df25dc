public import Foundation

/// The build products folder (`.build/<triple>/debug`) the running tests came from, where
/// `swift build --build-tests` also put the `petspot` executable.
///
/// ```swift
/// let petspot = BuiltProducts.executable("petspot")
/// ```
public enum BuiltProducts {
    /// The folder, found from this test process' own path.
    public static var directory: URL {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        // The test runner may live inside `PetSpotLocationPackageTests.xctest/…` on some layouts.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    /// The executable product `name` (`"petspot"`).
    public static func executable(_ name: String) -> URL { directory.appendingPathComponent(name) }
}

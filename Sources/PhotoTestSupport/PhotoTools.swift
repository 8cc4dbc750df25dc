public import Foundation
import Glibc

/// The Debian tools the photo tests use, and whether those tests run.
///
/// Tests that need them use `.enabled(if: PhotoTools.shouldRun)`: they run when the tools
/// are installed, and always with `CI=true` — so a CI machine without them fails the tests
/// (``require()`` throws) instead of silently skipping them.
///
/// - `exiftool` (`libimage-exiftool-perl`) reads back what metadata is left;
/// - Debian's own `/usr/bin/python3` with Pillow (`python3-pil`) writes phone-style photos and
///   decodes pixels;
/// - `heif-enc` and `heif-convert` (`libheif-examples`) make and decode a real HEIC.
public enum PhotoTools {
    /// Debian's Python, where `python3-pil` installs Pillow (not a `python3` earlier on `PATH`).
    public static let python = "/usr/bin/python3"
    /// Where `python3-pil` puts Pillow.
    static let pillow = "/usr/lib/python3/dist-packages/PIL/__init__.py"

    /// Whether `CI=true` is set.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// `true` with `CI=true`, or when every tool is installed.
    public static var shouldRun: Bool { isCI || missing.isEmpty }

    /// The Debian packages whose tools are missing, by package name.
    public static var missing: [String] {
        var missing: [String] = []
        if path(of: "exiftool") == nil { missing.append("libimage-exiftool-perl") }
        if access(python, X_OK) != 0 || access(pillow, R_OK) != 0 { missing.append("python3-pil") }
        if path(of: "heif-enc") == nil || path(of: "heif-convert") == nil { missing.append("libheif-examples") }
        return missing
    }

    /// Fails a test whose tools are missing, naming the packages to install.
    ///
    /// - Throws: ``PhotoToolError`` naming the missing packages.
    public static func require() throws(PhotoToolError) {
        let missing = missing
        guard missing.isEmpty else { throw PhotoToolError(description: Self.install(missing)) }
    }

    /// `"apt-get install …"` for `packages`.
    static func install(_ packages: [String]) -> String {
        "The photo tests need \(packages.joined(separator: ", ")): apt-get install \(packages.joined(separator: " "))"
            + " (bash scripts/install-deps --tests installs them)."
    }

    /// The full path of `tool` on `PATH`.
    public static func path(of tool: String) -> String? {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// A fresh temporary folder.
    public static func makeTemporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A photo tool is missing, or one failed: the message says which and what it printed.
public struct PhotoToolError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

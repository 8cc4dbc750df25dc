public import Foundation
import Glibc

/// Finding gpsd's programs and deciding whether tests that need them run.
///
/// Tests that need a real gpsd use `.enabled(if: GPSDTools.shouldRunGPSDTests)`: they run
/// when the tools are installed, and always with `CI=true` — so a CI machine without gpsd
/// fails them (``require(_:)`` throws) instead of silently skipping.
public enum GPSDTools {
    /// `gpsd` (Debian package `gpsd`).
    public static let gpsd = "gpsd"
    /// `gpsfake` (Debian package `gpsd-clients`).
    public static let gpsfake = "gpsfake"
    /// `gpspipe` (Debian package `gpsd-clients`).
    public static let gpspipe = "gpspipe"

    /// Whether `CI=true` is set.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// `true` with `CI=true`, or when gpsd and gpsfake are installed.
    public static var shouldRunGPSDTests: Bool {
        isCI || (path(of: gpsd) != nil && path(of: gpsfake) != nil)
    }

    /// The full path of `tool` on `PATH` (plus /usr/sbin and /sbin, where gpsd lives).
    public static func path(of tool: String) -> String? {
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The full path of `tool`.
    ///
    /// - Throws: ``GPSDTestError/missingTool(_:package:)``.
    public static func require(_ tool: String) throws(GPSDTestError) -> String {
        guard let path = path(of: tool) else {
            throw .missingTool(tool, package: tool == gpsd ? "gpsd" : "gpsd-clients")
        }
        return path
    }

    /// A fresh temporary directory (gpsfake leaves socket files in `TMPDIR`).
    public static func makeTemporaryDirectory() throws(GPSDTestError) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-gpsd-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .socket("cannot create \(url.path): \(error)")
        }
        return url
    }
}

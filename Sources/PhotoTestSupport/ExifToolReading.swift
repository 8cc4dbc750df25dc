public import Foundation
import LocationTestSupport

/// What `exiftool -j -G -a` reads from an image: every tag as `Group:Name` → its value as
/// text, and which of them would tell a stranger who or where.
///
/// ```swift
/// let tags = try await ExifToolReading.tags(of: bytes)
/// #expect(ExifToolReading.identifying(tags).isEmpty)
/// ```
public enum ExifToolReading {
    /// The tags of `bytes` (written to a temporary file for exiftool).
    ///
    /// - Throws: ``PhotoToolError`` when exiftool is missing or fails.
    public static func tags(of bytes: [UInt8]) async throws -> [String: String] {
        let folder = try PhotoTools.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("photo")
        try Data(bytes).write(to: file)
        return try await tags(of: file)
    }

    /// The tags of the file at `url`.
    ///
    /// - Throws: ``PhotoToolError`` when exiftool is missing or fails.
    public static func tags(of url: URL) async throws -> [String: String] {
        guard let exiftool = PhotoTools.path(of: "exiftool") else {
            throw PhotoToolError(description: PhotoTools.install(["libimage-exiftool-perl"]))
        }
        let output = try await ProcessRun.run(URL(fileURLWithPath: exiftool), ["-j", "-G", "-a", url.path])
        guard output.status == 0,
            let list = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]],
            let first = list.first
        else { throw PhotoToolError(description: "exiftool failed (\(output.status)): \(output.stderr)") }
        var tags: [String: String] = [:]
        for (key, value) in first { tags[key] = "\(value)" }
        return tags
    }

    /// Groups that only describe the picture or the file, never a person or a place.
    static let harmlessGroups: Set<String> = [
        "File", "ExifTool", "JFIF", "PNG", "RIFF", "GIF", "QuickTime", "Composite",
    ]
    /// Tags of those groups that still tell something (a comment, a date, a position).
    static let tellingTags = [
        "Comment", "GPS", "Make", "Model", "Serial", "Owner", "Artist", "Copyright", "Author", "Creator",
        "Description", "Date", "Thumbnail", "Title", "Software", "Warning",
    ]

    /// The tags of `tags` that identify a person, a device or a place: every tag outside the
    /// groups that only describe the picture (EXIF but its Orientation, XMP, IPTC, Photoshop,
    /// maker notes, ICC aside), and those inside them that carry a comment, a date, a
    /// position, a device or a name. File times (`File:FileModifyDate`…) are the test file's.
    public static func identifying(_ tags: [String: String]) -> [String] {
        tags.keys.filter { key in
            let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return false }
            let (group, name) = (parts[0], parts[1])
            if key == "EXIF:Orientation" || key == "SourceFile" || group == "ICC_Profile" { return false }
            if group == "File", name.hasPrefix("File") { return false }
            if !harmlessGroups.contains(group) { return true }
            return tellingTags.contains { name.contains($0) } && name != "ImageSize"
        }.sorted()
    }
}

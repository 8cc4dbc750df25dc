import Foundation
import OutsideInput
import ReportSteps

/// Reads a photo the person names by path, with a size cap so that a wrong path (a disk
/// image, `/dev/zero`) can never fill memory. Whether the bytes are an accepted image is the
/// photo step's decision, not this reader's.
enum PhotoFile {
    /// The most bytes read: above the Found flow's 10 MB limit, so that its own message
    /// ("larger than 10 MB") is the one a person sees for a photo of 11 MB. Decimal
    /// megabytes, as every size the wizards show.
    static let readLimit = 25_000_000

    /// The file name and content at `path` (`~` expanded as a shell does — `$HOME`, or the
    /// account's home when `HOME` is unset; `~user` is that user's home — surrounding quotes
    /// as left by a drag-and-drop removed; relative paths from `directory` when given).
    ///
    /// - Throws: ``PhotoFileError`` with an actionable message: no such file, a folder, not
    ///   readable, larger than 25 MB.
    static func read(_ path: String, relativeTo directory: URL? = nil) throws(PhotoFileError) -> (
        filename: String, bytes: [UInt8]
    ) {
        var cleaned = path.trimmingCharacters(in: .whitespaces)
        if cleaned.count >= 2, let first = cleaned.first, first == cleaned.last, first == "'" || first == "\"" {
            cleaned = String(cleaned.dropFirst().dropLast())
        }
        guard !cleaned.isEmpty else { throw .noPath }
        cleaned = HomeDirectory.expandingTilde(in: cleaned)
        let url =
            cleaned.hasPrefix("/") || directory == nil
            ? URL(fileURLWithPath: cleaned) : URL(fileURLWithPath: cleaned, relativeTo: directory)
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(atPath: url.path, limit: readLimit)
        } catch .noSuchFile {
            throw .noFile(path: url.path)
        } catch .isDirectory {
            throw .folder(path: url.path)
        } catch .tooLarge {
            throw .tooLarge(path: url.path, limit: readLimit)
        } catch {
            throw .unreadable(path: url.path, problem: error)
        }
        return (url.lastPathComponent, bytes)
    }
}

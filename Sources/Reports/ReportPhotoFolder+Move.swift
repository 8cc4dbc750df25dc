import Foundation
import ReportSteps

extension ReportPhotoFolder {
    /// What ``moveAll(into:)`` did.
    public struct Move: Sendable, Hashable {
        /// How many photos are now in the store, their files removed.
        public var moved = 0
        /// The files left in the folder: photos of reports the store does not hold (removed,
        /// or from another store), kept rather than lost.
        public var left: [String] = []

        /// `moved` photos moved, the files `left` kept.
        public init(moved: Int = 0, left: [String] = []) {
            self.moved = moved
            self.left = left
        }
    }

    /// Moves every photo file of the folder into `photos` (the store, for a server from
    /// before photos were kept there): each file is written to the store without its metadata
    /// (``ReportPhotoRules/scrub(_:as:)``; a file that is not a whole image as it is), then
    /// removed, so an interrupted move loses nothing and the next one goes on. The folder is removed once it
    /// is empty; a folder that is not there has nothing to move.
    ///
    /// - Throws: ``ReportPhotoError`` when a file cannot be read or removed, or the store
    ///   fails; what was moved before stays moved, the rest stays in the folder.
    public func moveAll(into photos: some ReportPhotos) async throws(ReportPhotoError) -> Move {
        var move = Move()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return move }
        for name in names.sorted() where !name.hasPrefix(".") {
            guard let (id, type) = Self.photoFile(name), let photo = try self.photo(id: id), photo.type == type else {
                move.left.append(name)
                continue
            }
            // Without its metadata, as a photo comes in now; one that is not a whole image moves
            // as it was (`reports scrub-photos` names it).
            let kept = (try? ReportPhotoRules.scrub([UInt8](photo.bytes), as: photo.type).photo) ?? photo
            do {
                try await photos.write(kept.bytes, type: kept.type, id: id)
            } catch  where error.reason == .noReport {
                move.left.append(name)
                continue
            }
            do {
                try FileManager.default.removeItem(atPath: path + "/" + name)
            } catch {
                throw .failed("The photo \(path)/\(name) is in the store now but cannot be removed: \(error)")
            }
            move.moved += 1
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: path)
        }
        return move
    }

    /// `r-1.png` → (`r-1`, PNG); `nil` for a name this folder does not write.
    private static func photoFile(_ name: String) -> (String, ImageType)? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let id = String(name[..<dot])
        let ext = String(name[name.index(after: dot)...])
        guard !id.isEmpty, let type = ImageType.allCases.first(where: { fileExtension($0) == ext }) else { return nil }
        return (id, type)
    }
}

import Foundation
import Locking
import ReportSteps

#if canImport(Glibc)
    import Glibc
#endif

/// Photos set aside in a temporary file while an import reads its archive, so that the
/// archive's photos are never all in memory: each is written as it is read and read back,
/// one at a time, once its report is stored. The file is removed from its folder as soon as
/// it is made (only the open descriptor keeps it), so nothing is left behind whatever ends
/// the process.
///
/// ```swift
/// let spool = try PhotoSpool()
/// let place = try spool.append(photo)      // while reading line 7
/// let again = try spool.photo(at: place)   // once line 7's report is stored
/// ```
public final class PhotoSpool: Sendable {
    /// Where a photo lies in the spool, and what it is.
    public struct Place: Sendable, Hashable {
        let offset: Int
        let byteCount: Int
        let type: ImageType
        let tag: String
    }

    private let descriptor: Int32
    /// Where the next photo goes.
    private let end = Locked(0)

    /// A new, empty spool in the temporary folder (`TMPDIR`, else `/tmp`).
    ///
    /// - Throws: ``ReportPhotoError`` when the file cannot be made.
    public init() throws(ReportPhotoError) {
        let folder = FileManager.default.temporaryDirectory.path
        let path = "\(folder)/petspot-import-photos-\(UUID().uuidString)"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .failed(
                "Cannot make a temporary file in \(folder) for the photos: \(String(cString: strerror(errno))).")
        }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Writes `photo` at the end of the spool.
    ///
    /// - Throws: ``ReportPhotoError`` when it cannot be written (a full disk).
    public func append(_ photo: ReportPhoto) throws(ReportPhotoError) -> Place {
        let count = photo.bytes.count
        let offset = end.withLock { end in
            defer { end += count }
            return end
        }
        let written = photo.bytes.withUnsafeBytes { bytes in
            Self.whole(bytes.count) { done in
                pwrite(descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done, off_t(offset + done))
            }
        }
        guard written else {
            throw .failed("Cannot set a photo aside in a temporary file: \(String(cString: strerror(errno))).")
        }
        return Place(offset: offset, byteCount: photo.bytes.count, type: photo.type, tag: photo.tag)
    }

    /// The photo at `place`.
    ///
    /// - Throws: ``ReportPhotoError`` when it cannot be read back.
    public func photo(at place: Place) throws(ReportPhotoError) -> ReportPhoto {
        var bytes = Data(count: place.byteCount)
        let read = bytes.withUnsafeMutableBytes { bytes in
            Self.whole(bytes.count) { done in
                pread(descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done, off_t(place.offset + done))
            }
        }
        guard read else {
            throw .failed("Cannot read a photo back from its temporary file: \(String(cString: strerror(errno))).")
        }
        return ReportPhoto(bytes: bytes, type: place.type, tag: place.tag)
    }

    /// Repeats `transfer` (a `pread` or `pwrite` from offset `done`) until `count` bytes have
    /// moved, again after `EINTR`: whether they all did (`errno` says why not).
    private static func whole(_ count: Int, _ transfer: (_ done: Int) -> Int) -> Bool {
        var done = 0
        while done < count {
            let moved = transfer(done)
            if moved < 0, errno == EINTR { continue }
            guard moved > 0 else { return false }
            done += moved
        }
        return true
    }
}

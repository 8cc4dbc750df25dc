public import Foundation
import Locking
public import ReportSteps

/// Photos kept in memory, for tests and for a server that keeps nothing on disk: the
/// ``ReportPhotos`` requirements with no file system in the way.
///
/// ```swift
/// let photos = InMemoryReportPhotos()
/// try await photos.write(bytes, type: .png, id: "r-1")
/// ```
public final class InMemoryReportPhotos: ReportPhotos {
    private let photos = Locked<[String: ReportPhoto]>([:])

    /// No photos.
    public init() {}

    public func write(_ bytes: Data, type: ImageType, id: String) {
        let photo = ReportPhoto(bytes: bytes, type: type)
        photos.withLock { $0[id] = photo }
    }

    public func photo(id: String) -> ReportPhoto? { photos.withLock { $0[id] } }

    public func type(id: String) -> ImageType? { photos.withLock { $0[id]?.type } }

    public func remove(id: String) { photos.withLock { $0[id] = nil } }

    /// How many reports have a photo.
    public var count: Int { photos.withLock { $0.count } }
}

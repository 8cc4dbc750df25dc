import Foundation
import ReportSteps
public import Reports

/// The implementation requirements of ``ReportPhotos`` as a check every photo keeper must
/// pass: the folder beside the store, the in-memory one, a store that keeps photos itself.
///
/// ```swift
/// let violations = await ReportPhotosContract.check(ReportPhotoFolder(path: folder))
/// #expect(violations.isEmpty, "\(violations)")
/// ```
///
/// `photos` must start with no photo for the ids `p-1`, `p-2` and `p-:~@+._3`.
public enum ReportPhotosContract {
    /// The parts of the contract the checks belong to.
    public enum Requirement: String, Sendable, Hashable, CaseIterable {
        /// An id without a photo has none, and removing it is not an error.
        case none = "no photo"
        /// A photo reads back as written, with its type.
        case writingAndReading = "writing and reading"
        /// A photo of another type replaces the earlier one.
        case replacing
        /// Ids are independent.
        case independence
        /// Writes at the same time leave one of them, whole.
        case concurrentWrites = "writes at once"
    }

    /// A PNG's first bytes, then `count` more.
    static func png(_ count: Int) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: count))
    }
    /// A JPEG's first bytes, then `count` more.
    static func jpeg(_ count: Int) -> Data { Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 9, count: count)) }

    /// Runs every check.
    ///
    /// - Returns: every broken requirement, with what was seen (empty: the keeper conforms).
    public static func check(_ photos: any ReportPhotos) async -> [ReportPhotosViolation] {
        var found: [ReportPhotosViolation] = []
        func run(_ requirement: Requirement, _ body: () async throws -> [String]) async {
            do {
                found += try await body().map { ReportPhotosViolation(requirement, $0) }
            } catch {
                found.append(ReportPhotosViolation(requirement, "threw \(error)"))
            }
        }
        await run(.none) {
            var log: [String] = []
            if try await photos.photo(id: "p-1") != nil { log.append("an id with no photo has one") }
            if try await photos.type(id: "p-1") != nil { log.append("an id with no photo has a type") }
            try await photos.remove(id: "p-1")  // nothing to remove: no error
            return log
        }
        await run(.writingAndReading) {
            var log: [String] = []
            let bytes = png(1000)
            try await photos.write(bytes, type: .png, id: "p-1")
            let read = try await photos.photo(id: "p-1")
            if read != ReportPhoto(bytes: bytes, type: .png) {
                log.append("p-1 reads back as \(String(describing: read))")
            }
            if try await photos.type(id: "p-1") != .png { log.append("the type of p-1 is not PNG") }
            let odd = "p-:~@+._3"
            try await photos.write(bytes, type: .png, id: odd)
            if try await photos.photo(id: odd)?.bytes != bytes {
                log.append("an id with \(odd)'s characters loses its photo")
            }
            try await photos.remove(id: odd)
            return log
        }
        await run(.replacing) {
            var log: [String] = []
            let bytes = jpeg(500)
            try await photos.write(bytes, type: .jpeg, id: "p-1")
            if try await photos.photo(id: "p-1") != ReportPhoto(bytes: bytes, type: .jpeg) {
                log.append("a JPEG written over a PNG does not replace it")
            }
            if try await photos.type(id: "p-1") != .jpeg { log.append("the type after a replacement is not JPG") }
            return log
        }
        await run(.independence) {
            var log: [String] = []
            try await photos.write(png(10), type: .png, id: "p-2")
            try await photos.remove(id: "p-1")
            if try await photos.photo(id: "p-1") != nil { log.append("a removed photo is still there") }
            if try await photos.photo(id: "p-2")?.bytes != png(10) { log.append("removing p-1 changed p-2") }
            return log
        }
        await run(.concurrentWrites) {
            let candidates = (0..<8).map {
                $0.isMultiple(of: 2) ? (png(4000 + $0), ImageType.png) : (jpeg(4000 + $0), .jpeg)
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (bytes, type) in candidates {
                    group.addTask { try await photos.write(bytes, type: type, id: "p-2") }
                }
                try await group.waitForAll()
            }
            let kept = try await photos.photo(id: "p-2")
            try await photos.remove(id: "p-2")
            guard let kept, candidates.contains(where: { $0.0 == kept.bytes && $0.1 == kept.type }) else {
                return [
                    "eight writes at once left \(kept.map { "\($0.bytes.count) bytes of \($0.type)" } ?? "nothing"), not one of them whole"
                ]
            }
            return []
        }
        return found
    }
}

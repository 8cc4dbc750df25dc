public import PhotoMetadata
public import ReportSteps
public import ReportStore

/// The photos a store kept before they were scrubbed on their way in, scrubbed where they
/// lie (`petspot reports scrub-photos`): every report's photo, one at a time (so memory holds
/// one photo), read, its type found from its bytes, its metadata removed
/// (``ReportPhotoRules/scrub(_:as:)``), and written back only while it is still the photo
/// read (``ReportPhotoStore/replacePhoto(id:tagged:with:)``). A photo that needs nothing is
/// not written, so a second run changes nothing.
///
/// ```swift
/// let totals = try await StoredPhotoScrub.run(store, dryRun: false) { outcome in print(outcome) }
/// totals.changed   // 12
/// ```
public enum StoredPhotoScrub {
    /// What happened to one photo.
    public enum Outcome: Sendable, Hashable {
        /// Its metadata was removed (or would be, in a dry run).
        case scrubbed(Change)
        /// It carried no metadata: left as it is.
        case clean(id: String)
        /// Its bytes are not a whole image of any type petspot takes: left as it is.
        case unreadable(id: String, message: String)
        /// It was put, changed or removed while this ran: left to that change.
        case changedMeanwhile(id: String)
    }

    /// One photo's change.
    public struct Change: Sendable, Hashable {
        /// The report's id.
        public let id: String
        /// What was taken out, in file order.
        public let removed: [RemovedMetadata]
        /// The orientation kept, if any.
        public let keptOrientation: Int?
        /// The media type it was kept with, when its content is another (the new one is
        /// ``type``'s).
        public let previousMediaType: String?
        /// Its type, from its bytes.
        public let type: ImageType
        /// Whether its bytes changed (not only its media type).
        public let bytesChanged: Bool
        /// Its size before.
        public let byteCountBefore: Int
        /// Its size after.
        public let byteCountAfter: Int
    }

    /// How many photos of each outcome.
    public struct Totals: Sendable, Hashable {
        public var photos = 0
        public var changed = 0
        public var unreadable = 0
        public var changedMeanwhile = 0
        /// The bytes of metadata removed from the changed photos (a HEIC's wiped items
        /// included, though its size stays).
        public var bytesRemoved = 0
    }

    /// How many reports are read a page at a time.
    static let page = 1_000

    /// Scrubs the photos of every report of `store`; with `dryRun`, only says what it would do.
    ///
    /// - Parameter each: Called with each photo's outcome, in report id order.
    /// - Throws: ``ReportStoreError`` when the store fails (photos scrubbed so far stay so).
    public static func run(
        _ store: any ReportPhotoStore, dryRun: Bool, each: (Outcome) -> Void
    ) async throws(ReportStoreError) -> Totals {
        var totals = Totals()
        var after: String?
        while true {
            let reports = try await store.list(ReportListQuery(after: after, limit: page))
            for report in reports {
                guard let stored = try await store.photo(id: report.id) else { continue }
                totals.photos += 1
                let outcome = try await scrub(stored, id: report.id, in: store, dryRun: dryRun)
                switch outcome {
                case .scrubbed(let change):
                    totals.changed += 1
                    totals.bytesRemoved += change.removed.reduce(0) { $0 + $1.byteCount }
                case .unreadable: totals.unreadable += 1
                case .changedMeanwhile: totals.changedMeanwhile += 1
                case .clean: break
                }
                each(outcome)
            }
            guard reports.count == page, let last = reports.last else { return totals }
            after = last.id
        }
    }

    /// One photo.
    private static func scrub(_ stored: StoredPhoto, id: String, in store: any ReportPhotoStore, dryRun: Bool)
        async throws(ReportStoreError) -> Outcome
    {
        let bytes = [UInt8](stored.bytes)
        guard let type = ImageType.detect(bytes) else {
            return .unreadable(
                id: id, message: "not a JPG, PNG, HEIC, GIF or WEBP image (kept as \(stored.mediaType))")
        }
        let admitted: AdmittedPhoto
        do throws(PhotoError) {
            admitted = try ReportPhotoRules.scrub(bytes, as: type)
        } catch {
            return .unreadable(id: id, message: error.description)
        }
        let retyped = stored.mediaType != type.mimeType
        guard admitted.changed || retyped else { return .clean(id: id) }
        let change = Change(
            id: id, removed: admitted.removed, keptOrientation: admitted.keptOrientation,
            previousMediaType: retyped ? stored.mediaType : nil, type: type, bytesChanged: admitted.changed,
            byteCountBefore: bytes.count, byteCountAfter: admitted.photo.bytes.count)
        if dryRun { return .scrubbed(change) }
        let replaced = try await store.replacePhoto(id: id, tagged: stored.tag, with: StoredPhoto(admitted.photo))
        return replaced ? .scrubbed(change) : .changedMeanwhile(id: id)
    }
}

/// What the reports store keeps of sightings (issue 46): people who saw a missing pet, each
/// kept with its report, in both engines.
///
/// ## Implementation requirements (`SightingStoreContract` checks them)
/// - **Adding** checks the report in the transaction of the insert: a report that is not stored
///   is ``ReportStoreError/Reason/notFound``; one that is not an open missing report (kind
///   `missing`, status `ACTIVE`) is ``ReportStoreError/Reason/notTakingSightings``, even when it
///   was closed a moment before. An added sighting is an event of the log
///   (``ReportEvent/Change/sighted``: the report's kind and status, the sighting's place).
/// - **Listing** (``sightings(reportID:)``) gives a report's sightings newest ``Sighting/seenAt``
///   first, ties by identifier; times read back to the millisecond (``ReportTimestamp``).
/// - **Removing** a report removes its sightings. ``removeSightings(email:)`` removes every
///   sighting whose email equals the address regardless of case and surrounding spaces, and
///   returns them.
/// - **Photos** (one a sighting, as a report's: ``StoredPhoto``): ``setSightingPhotos(_:)``
///   keeps all or none and refuses a sighting that is not stored
///   (``ReportStoreError/Reason/notFound``); ``sightingPhotos(ids:)`` gives them back byte for
///   byte with their media type and tag; ``sightingPhotoIDs(reportID:)`` names the sightings of
///   a report that have one. Removing a sighting, its report, or its maker's email ("forget
///   me") removes its photo.
public protocol SightingStore: Sendable {
    /// Stores `sighting` for its report.
    ///
    /// - Throws: ``ReportStoreError``: ``ReportStoreError/Reason/notFound`` (no such report),
    ///   ``ReportStoreError/Reason/notTakingSightings`` (not an open missing report),
    ///   ``ReportStoreError/Reason/duplicateID``, ``ReportStoreError/Reason/invalidReport``.
    func addSighting(_ sighting: Sighting) async throws(ReportStoreError)

    /// The sightings of report `reportID`, newest ``Sighting/seenAt`` first, then by identifier;
    /// empty for a report without any (or none stored).
    func sightings(reportID: String) async throws(ReportStoreError) -> [Sighting]

    /// A page of every report's sightings in identifier order (`afterID`: after that one): for
    /// exports and copies.
    func sightings(afterID: String?, limit: Int) async throws(ReportStoreError) -> [Sighting]

    /// Stores `sightings` as they are (an import or a copy), in one transaction, all or none:
    /// each one's report must be stored, whatever its status. No event is logged (imports are
    /// not alerts).
    ///
    /// - Throws: ``ReportStoreError``: ``ReportStoreError/Reason/notFound`` (a report not
    ///   stored), ``ReportStoreError/Reason/duplicateID``, ``ReportStoreError/Reason/invalidReport``.
    func restoreSightings(_ sightings: [Sighting]) async throws(ReportStoreError)

    /// The sighting `id`, or `nil`.
    func sighting(id: String) async throws(ReportStoreError) -> Sighting?

    /// Removes the sighting `id`.
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound``.
    func removeSighting(id: String) async throws(ReportStoreError)

    /// The sightings whose email is `address` (trimmed, regardless of case), in identifier order.
    func sightings(email address: String) async throws(ReportStoreError) -> [Sighting]

    /// Removes the sightings whose email is `address` (trimmed, regardless of case: "forget
    /// me") and returns them, in identifier order.
    @discardableResult
    func removeSightings(email address: String) async throws(ReportStoreError) -> [Sighting]

    /// Makes each photo its sighting's photo, replacing any earlier one, in one transaction:
    /// all or none.
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound`` when no sighting has one of the ids (then
    ///   none is kept); `unavailable`.
    func setSightingPhotos(_ photos: [(id: String, photo: StoredPhoto)]) async throws(ReportStoreError)

    /// The photos of the sightings `ids` that have one, by sighting id.
    func sightingPhotos(ids: [String]) async throws(ReportStoreError) -> [String: StoredPhoto]

    /// The ids of report `reportID`'s sightings that have a photo.
    func sightingPhotoIDs(reportID: String) async throws(ReportStoreError) -> Set<String>
}

extension SightingStore {
    /// Makes `photo` sighting `id`'s photo, replacing any earlier one.
    ///
    /// - Throws: ``ReportStoreError/Reason/notFound`` when no sighting has `id`; `unavailable`.
    public func setSightingPhoto(_ photo: StoredPhoto, id: String) async throws(ReportStoreError) {
        try await setSightingPhotos([(id, photo)])
    }

    /// Sighting `id`'s photo, or `nil` when it has none (or there is no such sighting).
    public func sightingPhoto(id: String) async throws(ReportStoreError) -> StoredPhoto? {
        try await sightingPhotos(ids: [id])[id]
    }
}

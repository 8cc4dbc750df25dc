/// The failures of ``SightingStore``'s calls, in its own words.
extension ReportStoreError {
    /// No sighting with `id` (``Reason/notFound``).
    public static func sightingNotFound(_ id: String) -> ReportStoreError {
        ReportStoreError(.notFound, "No sighting with id \(quoted(id)).")
    }

    /// A sighting with `id` is already stored (``Reason/duplicateID``).
    public static func duplicateSighting(_ id: String) -> ReportStoreError {
        ReportStoreError(.duplicateID, "A sighting with id \(quoted(id)) is already stored; give another id.")
    }

    /// Sighting `id` names report `reportID`, which is not stored (``Reason/notFound``).
    public static func sightingOfNoReport(_ id: String, reportID: String) -> ReportStoreError {
        ReportStoreError(
            .notFound,
            "Sighting \(quoted(id)) is of report \(quoted(reportID)), which is not stored; nothing was stored.")
    }

    /// A sighting a store cannot keep as it is (``Reason/invalidReport``): `reason` says why.
    public static func invalidSighting(_ id: String, _ reason: String) -> ReportStoreError {
        ReportStoreError(.invalidReport, "Invalid sighting \(quoted(id)): \(reason).")
    }

    /// Report `id` is not an open missing report (``Reason/notTakingSightings``): `kind` and
    /// `status` are what it is.
    public static func notTakingSightings(_ id: String, kind: ReportKind, status: ReportStatus) -> ReportStoreError {
        ReportStoreError(
            .notTakingSightings,
            "Report \(quoted(id)) is a \(kind.rawValue) report with status \(status.rawValue); only open missing "
                + "reports (status ACTIVE) take sightings.")
    }
}

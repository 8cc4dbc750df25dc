public import ReportStore

/// Why a report use case of ``ReportKeeper`` did nothing, or only part of it: the store's or
/// the photo keeper's error as it is, or a rule of the use case itself. Each layer above
/// (the HTTP routes, the commands) says it in its own words.
public enum ReportKeeperError: Error, Sendable, CustomStringConvertible {
    /// The store refused or failed (``ReportStoreError/reason`` says which).
    case store(ReportStoreError)
    /// The photo could not be kept, read or removed, or photos are not kept here.
    case photo(ReportPhotoError)
    /// The idempotency key made `report` before, and its values differ from the new one's:
    /// a new report needs a new key (a new draft).
    case idempotencyKeyReused(key: String, report: PetReport)
    /// Report `id` was removed while its photo arrived: the photo is not kept.
    case removedWhilePhotoArrived(id: String)

    public var description: String {
        switch self {
        case .store(let error): error.description
        case .photo(let error): error.description
        case .idempotencyKeyReused(let key, let report):
            "The idempotency key \(Self.quoted(key)) made report \(report.id), whose values differ from this "
                + "report's. A new report needs a new key (a new draft)."
        case .removedWhilePhotoArrived(let id):
            "Report \(id) was removed while its photo arrived; the photo is not kept."
        }
    }

    /// A key shown in a message: in quotes, cut to 40 characters (a key is visible ASCII).
    public static func quoted(_ key: String) -> String {
        "\"" + (key.count > 40 ? String(key.prefix(40)) + "…" : key) + "\""
    }
}

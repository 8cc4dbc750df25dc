import Hummingbird
import PetSpotJSON
import ReportStore
import Reports

/// How the reports routes answer a store's errors: problem details whose status follows the
/// error's reason, and never the store's own words for a store that failed or cannot be reached.
extension ReportsController {
    /// Runs a store call, answering its error as problem details: 404 unknown id, 409 a
    /// duplicate, 422 an invalid report, 503 with `Retry-After: 1` a store that cannot be reached
    /// (the server checks it again every half second), 500 a store failure.
    static func storeCall<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ReportStoreError {
            throw problem(error)
        }
    }

    /// Runs a report use case (``ReportKeeper``), answering its error as problem details: the
    /// store's as ``storeCall(_:)`` does; a photo that could not be kept a 500 that says
    /// `photoFailed` (what became of the report), or a 503 (`noPhotos`) on a server that keeps
    /// none; a reused idempotency key a 422; a report removed while its photo arrived a 404.
    /// A use case without a photo (a status, a report posted without one) keeps the default.
    static func keeperCall<T>(
        photoFailed: String = "The photo could not be kept.", _ body: () async throws(ReportKeeperError) -> T
    ) async throws(Problem) -> T {
        do {
            return try await body()
        } catch {
            switch error {
            case .store(let error): throw problem(error)
            case .photo(let error) where error.reason == .notKept: throw Problem.noPhotos
            case .photo(let error): throw Problem.photoFailed(photoFailed, error)
            case .idempotencyKeyReused(let key, let stored): throw ReportIdempotency.reused(key, stored)
            case .removedWhilePhotoArrived:
                throw Problem(.notFound, detail: error.description, extensions: [("reason", "reportNotFound")])
            }
        }
    }

    /// What the public is told when the reports store cannot be reached: never the store's
    /// own words, which name its user, host, port and driver (those go to the log).
    static let storeUnavailable = "The reports store is unavailable; try again in a moment."

    /// A store error as problem details (``storeCall(_:)``). A store that cannot be reached is a
    /// 503 that says only that (``storeUnavailable``, `reason: storeUnavailable`), and a store
    /// failure a 500; what the store said is logged with the request.
    static func problem(_ error: ReportStoreError) -> Problem {
        let status = status(of: error.reason)
        if status == .serviceUnavailable {
            var problem = Problem(
                status, detail: storeUnavailable, extensions: [("reason", "storeUnavailable")],
                headers: [.retryAfter: "1"])
            problem.logged = error.description
            return problem
        }
        guard status != .internalServerError else {
            // The store's own words name its files and errors: they go to the log.
            var problem = Problem(
                status,
                detail: "The reports store failed, so nothing was changed. Try again in a moment; if it keeps "
                    + "failing, tell the people who run this service.", extensions: [("reason", "storeFailed")])
            problem.logged = error.description
            return problem
        }
        let reason: String? =
            switch error.reason {
            case .notFound: "reportNotFound"
            case .statusNotForKind: "statusNotForKind"
            case .statusNotAllowed: "statusNotAllowed"
            case .notTakingSightings: "notTakingSightings"
            default: nil
            }
        return Problem(
            status, detail: error.description, extensions: reason.map { [("reason", .string($0))] } ?? [])
    }

    /// The status of a store error's reason; a reason added later is a 500 until it has its own.
    static func status(of reason: ReportStoreError.Reason) -> HTTPResponse.Status {
        switch reason {
        case .notFound: .notFound
        case .duplicateID, .duplicateIdempotencyKey: .conflict
        case .invalidReport, .invalidImport, .statusNotForKind: .unprocessableContent
        case .statusNotAllowed, .notTakingSightings: .conflict
        case .unavailable: .serviceUnavailable
        default: .internalServerError
        }
    }
}

import Foundation
import Geodata
import Geodesy
import Hummingbird
import NIOCore
import OutsideInput
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

/// The reports store over HTTP: `POST /v1/reports/missing` and `/found` (201 with
/// `Location`; 422 with every field error, the step models' messages), `GET /v1/reports`
/// (a page), `GET`/`PATCH`/`DELETE /v1/reports/{id}`, `GET /v1/reports/nearby`, and a
/// report's photo (`PUT`/`GET /v1/reports/{id}/photo`, in ReportsController+photo.swift), and
/// `POST /v1/reports/{id}/renew` (ReportsController+Renew.swift).
///
/// Bodies are the wizards' payloads; answers are announcements (`ReportJSON`), which
/// the Pet details card reads. Without a store every route answers 503.
///
/// Only a report's owner (the token `POST` gave once) or the operator changes it
/// (``ReportAccess``); the list hands out no phone or email unless the operator asks
/// (`contacts=true`).
struct ReportsController {
    let store: (any ReportStore)?
    let photos: (any ReportPhotos)?
    let today: Today
    let access: ReportAccess
    /// Added to every search circle when reports are matched and a request names no margin.
    let matchMargin: SearchRadius
    /// The grid a stranger sees missing reports' places on (``PublicLocation``).
    let publicLocation: PublicLocation
    /// A stranger's budget of contacts (``ServiceLimits/contactsPerHour``); `nil`: none.
    let contactLimiter: RateLimiter?
    /// Mails a new report's owner link to its email (a server that sends mail).
    var manageMail: ManageMail? = nil

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/reports/missing") { request, _ -> Response in
            let key = try ReportIdempotency.key(request)
            let data = try await Self.jsonBody(request)
            return try await created(try ReportSubmission.missing(data, today: today), key: key)
        }
        router.post("/v1/reports/found") { request, _ -> Response in
            let key = try ReportIdempotency.key(request)
            let data = try await Self.jsonBody(request)
            return try await created(try ReportSubmission.found(data, today: today), key: key)
        }
        router.get("/v1/reports") { request, _ -> Response in
            if request.uri.queryParameters["near"] != nil { return try await nearestPage(request) }
            let query = try Query(request, allowed: ["kind", "status", "after", "limit", "contacts"])
            let contacts = try Self.contacts(query)
            if contacts { try access.requireOperator(request, for: "A list with contact details") }
            var list = ReportListQuery()
            if let text = query["kind"] {
                guard let kind = ReportKind(rawValue: text) else {
                    throw Problem.badParameter("kind", "Query parameter 'kind' must be missing or found.")
                }
                list.kind = kind
            }
            if let text = query["status"] {
                guard let status = ReportStatus(text: text) else {
                    throw Problem.badParameter("status", "Query parameter 'status' must be \(ReportStatus.choices).")
                }
                list.status = status
            }
            list.after = query["after"]
            list.limit = try Self.limit(query, maximum: ReportListQuery.maximumLimit) ?? 100
            let store = try requireStore()
            let reports = try await Self.storeCall { try await store.list(list) }
            return .json(
                ReportJSON.list(
                    reports, limit: list.limit, contacts: contacts, public: contacts ? nil : publicGrid(for: request)))
        }
        router.get("/v1/reports/nearby") { request, _ -> Response in
            let query = try Query(request, allowed: ["from", "limit", "marginKm"])
            let from = try GeodesyController.coordinate(query, "from")
            let limit = try Self.limit(query, maximum: 10_000) ?? 100
            let margin = try Self.margin(query) ?? .zero
            let store = try requireStore()
            guard publicGrid(for: request) != nil else {
                let result = try await Self.storeCall { try await store.nearby(from, margin: margin, limit: limit) }
                return .json(ReportJSON.nearby(from: from, result: result))
            }
            let result = try await publicNearby(from, margin: margin, limit: limit, in: store)
            return .json(ReportJSON.nearby(from: from, result: result, precision: publicLocation.precisionMeters))
        }
        router.get("/v1/reports/{id}") { request, context -> Response in
            let (_, _, report) = try await Self.reportInPath(request, context, in: store)
            return .json(reportJSON(report, for: request))
        }
        router.get("/v1/reports/{id}/card") { request, context -> Response in
            let (id, _, stored) = try await Self.reportInPath(request, context, in: store)
            // A stranger: the place's grid cell (PublicLocation), contacts on request.
            let whole = access.seesWhole(request, stored)
            var report = whole ? stored : publicLocation.publicView(of: stored)
            // A place without a name is named by its nearest town ("near Piaseczno • ±10 km").
            report.place = placeName(report)
            let contacts: PetCard.ContactView = whole ? .shown : .forStranger(stored)
            let kept = try? await photos?.type(id: id)
            do throws(AnnouncementError) {
                let photoUrl = kept == nil ? nil : Self.photoPath(id)
                return .json(try PetCard(report, photoUrl: photoUrl, contacts: contacts).json)
            } catch {
                throw Problem(.unprocessableContent, detail: "Report \(id) has no card: \(error).")
            }
        }
        router.patch("/v1/reports/{id}") { request, context -> Response in
            _ = try Query(request, allowed: [])
            let id = try Self.id(context)
            let keeper = try requireKeeper()
            _ = try await reportToChange(request, id, in: keeper.store)
            let status = try Self.status(try await Self.jsonBody(request))
            // The store checks the transition where it writes the status (StatusTransitions).
            let report = try await Self.keeperCall { () async throws(ReportKeeperError) in
                try await keeper.setStatus(status, id: id)
            }
            return .json(ReportJSON.report(report))
        }
        router.delete("/v1/reports/{id}") { request, context -> Response in
            _ = try Query(request, allowed: [])
            let id = try Self.id(context)
            let keeper = try requireKeeper()
            _ = try await reportToChange(request, id, in: keeper.store)
            try await Self.keeperCall(photoFailed: "Report \(id) was removed, but not its photo.") {
                () async throws(ReportKeeperError) in try await keeper.remove(id: id)
            }
            return Response(status: .noContent)
        }
        addPhotoRoutes(to: router)
        addMatchRoutes(to: router)
        addContactRoute(to: router)
        addRenewRoute(to: router)
    }

    func requireStore() throws(Problem) -> any ReportStore {
        guard let store else {
            throw Problem.noStore
        }
        return store
    }

    /// The report use cases over this server's store and photos (503 without a store).
    func requireKeeper() throws(Problem) -> ReportKeeper {
        ReportKeeper(store: try requireStore(), photos: photos)
    }

    /// Report `id`, when `request` may change it (its owner's or the operator's token,
    /// ``ReportAccess``): 404 for an unknown id, then 401/403.
    func reportToChange(_ request: Request, _ id: String, in store: any ReportStore) async throws -> PetReport {
        let report = try await Self.storeCall { try await store.report(id: id) }
        try access.check(request, mayChange: report)
        return report
    }

    /// Stores `report` with a new owner token and answers 201 with the report and, this once,
    /// `ownerToken`; with an idempotency `key` a report made with it before, 200 with that
    /// report (no token: ``ReportKeeper/create(_:photo:idempotencyKey:owner:)``).
    private func created(_ report: PetReport, key: String?) async throws -> Response {
        let keeper = try requireKeeper()
        let made = try await Self.keeperCall { () async throws(ReportKeeperError) in
            try await keeper.create(report, idempotencyKey: key, owner: .make())
        }
        var response: Response
        if let token = made.ownerToken {
            await manageMail?.queue(for: made.report, token: token)
            response = Response.json(ReportJSON.created(made.report, ownerToken: token), status: .created)
        } else {
            response = Response.json(ReportJSON.report(made.report), status: .ok)
        }
        response.headers[.location] = "/v1/reports/\(made.report.id)"
        return response
    }

    /// The `{id}` path parameter, checked with the identifier rules (404 for one no report can have).
    static func id(_ context: ServiceRequestContext) throws(Problem) -> String {
        let id = context.parameters.get("id") ?? ""
        do {
            try ReportID.check(id)
        } catch {
            throw Problem(
                .notFound, detail: "No report with id \(String(id.prefix(80)).terminalSafe): \(error.description)",
                extensions: [("reason", "reportNotFound")])
        }
        return id
    }

    /// Report `{id}` of a route that reads no query, checked in the order every such route
    /// answers: the query (400 for any parameter), the `{id}` (404 for one no report can have,
    /// ``id(_:)``), the store (503 when `store` is `nil`), then the report (404 when unknown, or
    /// the store's failure: ``storeCall(_:)``).
    static func reportInPath(_ request: Request, _ context: ServiceRequestContext, in store: (any ReportStore)?)
        async throws -> (id: String, store: any ReportStore, report: PetReport)
    {
        _ = try Query(request, allowed: [])
        let id = try Self.id(context)
        guard let store else { throw Problem.noStore }
        return (id, store, try await storeCall { try await store.report(id: id) })
    }

    /// `marginKm`: kilometres from 0 to 10,000 (``SearchRadius``'s rule), or `nil`.
    static func margin(_ query: Query) throws(Problem) -> SearchRadius? {
        guard let km = try query.number("marginKm", in: -1e300...1e300, "a number of kilometres from 0 to 10000")
        else { return nil }
        do throws(RadiusError) {
            return try SearchRadius(kilometers: km)
        } catch {
            throw Problem.badParameter("marginKm", "Query parameter 'marginKm': \(error.description)")
        }
    }

    /// `limit`: a whole number from 1 to `maximum`.
    static func limit(_ query: Query, maximum: Int) throws(Problem) -> Int? {
        let rule = "a whole number from 1 to \(maximum)"
        guard let value = try query.number("limit", in: 1...Double(maximum), rule) else { return nil }
        guard let whole = Int(exactly: value) else {
            throw Problem.badParameter("limit", "Query parameter 'limit' must be \(rule).")
        }
        return whole
    }

    /// `contacts`: `true` or `false` (the default).
    private static func contacts(_ query: Query) throws(Problem) -> Bool {
        switch query["contacts"] {
        case nil, "false": false
        case "true": true
        default: throw Problem.badParameter("contacts", "Query parameter 'contacts' must be true or false.")
        }
    }

    /// `{"status": "CLOSED"}`.
    private static func status(_ data: Data) throws(Problem) -> ReportStatus {
        let name = ReportField.status.rawValue
        var body = try PostedFields(data, known: [name])
        let text = body.text(name)
        if text == nil, body.problems.isEmpty { body.fail(name, "is required: \(ReportStatus.choices)") }
        if let text, ReportStatus(text: text) == nil {
            body.fail(name, "\"\(String(text.prefix(40)).terminalSafe)\" is not one of \(ReportStatus.choices)")
        }
        guard body.problems.isEmpty, let text, let status = ReportStatus(text: text) else {
            throw ReportSubmission.invalid(body.problems)
        }
        return status
    }

    /// A JSON request body (`application/json`), at most ``ServiceLimits/maximumBodyBytes``
    /// (``RequestBody``, as every JSON route): 415 for another media type, 413 past the limit,
    /// 400 when empty.
    static func jsonBody(_ request: Request) async throws -> Data {
        try RequestBody.requireJSON(request)
        let data = try await RequestBody.collect(
            request, limit: ServiceLimits.maximumBodyBytes, what: "The request body")
        guard !data.isEmpty else {
            throw Problem(.badRequest, detail: "The request body is empty; send a JSON object of report fields.")
        }
        return data
    }
}

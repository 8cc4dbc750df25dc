import CoreMetrics
import Foundation
import Geodesy
import Hummingbird
import Logging
import NIOCore
import OutsideInput
import PetSpotJSON
import ReportStore
import ServiceLifecycle

/// `GET /v1/reports/updates[?near=PAIR&km=R]`: Server-Sent Events for reports created,
/// changed (their status) or removed — through any server on the store — whose place is within
/// `km` (default 10, at most 20,000) of `near`; every change without `near`. Each event is
/// `id: SEQUENCE`, `event: created|changed|removed`, `data:` ``ReportEventFrame/json(_:distance:)``;
/// a `: heartbeat` comment at every beat of the server's heartbeat timer. `Last-Event-ID` (a
/// browser's `EventSource` sends it when it reconnects) resumes after that event, losing none
/// the store still keeps (7 days); without it the stream starts with the next change.
struct ReportUpdatesController {
    let store: (any ReportStore)?
    /// The server's one reader of the event log (a service of the application).
    let feed: ReportEventFeed?
    /// The timer that wakes every client for its `: heartbeat` (a service of the application).
    let heartbeat: EventStreamHeartbeat
    let logger: Logger

    /// The default and the largest watched radius.
    static let defaultKilometers = 10.0
    static let maximumKilometers = 20_000.0

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/reports/updates") { request, _ -> Response in
            let query = try Query(request, allowed: ["near", "km"])
            let area = try Self.area(query)
            let after = try Self.lastEventID(request)
            guard let store, let feed else {
                throw Problem.noStore
            }
            let start: Int64
            if let after {
                start = after
            } else if let last = feed.lastSequence {
                start = last
            } else {
                start = try await ReportsController.storeCall { try await store.latestEventSequence() }
            }
            let heartbeat = self.heartbeat
            let logger = self.logger
            return EventStreamClient.response { writer in
                let (rings, stop) = feed.listen(area: area)
                await heartbeat.beating({ rings.beat() }) {
                    await EventStreamClient.serve(request, end: stop) {
                        try await ReportUpdatesStream.run(
                            feed: feed, store: store, rings: rings, area: area, after: start, logger: logger
                        ) { buffer in try await writer.write(buffer) }
                    }
                }
                stop()
                try? await writer.finish(nil)
            }
        }
    }

    /// The watched area, or `nil` for every change; `km` without `near` is a 400.
    static func area(_ query: Query) throws(Problem) -> ReportArea? {
        let rule = "a number of kilometres from 0 to \(Int(maximumKilometers))"
        let km = try query.number("km", in: 0...maximumKilometers, rule)
        guard query["near"] != nil else {
            if km != nil {
                throw Problem.badParameter("km", "Query parameter 'km' needs 'near', the place it is around.")
            }
            return nil
        }
        let near = try GeodesyController.coordinate(query, "near")
        return ReportArea(center: near, meters: (km ?? defaultKilometers) * 1000)
    }

    /// `Last-Event-ID` as an event sequence, `nil` when absent; anything else is a 400.
    static func lastEventID(_ request: Request) throws(Problem) -> Int64? {
        guard let text = request.headers[.lastEventID] else { return nil }
        guard let sequence = Int64(text.trimmingCharacters(in: .whitespaces)), sequence >= 0 else {
            throw Problem(
                .badRequest,
                detail:
                    "Last-Event-ID must be the id of an event this stream sent (a whole number); got '\(String(text.prefix(40)).terminalSafe)'.",
                extensions: [("parameter", "Last-Event-ID")])
        }
        return sequence
    }
}

import Geodata
import PetSpotJSON
import ReportSteps
import Reports

/// The report a completed flow sends, in Submit report's answer:
/// `{"stored": false, "notice": …, "route": "/v1/reports/found", "payload": …}`. The page
/// posts `payload` to `route` (the reports store); on a server without a store it shows the
/// payload with `notice`, which says it was not stored.
enum ReportPreview {
    /// The Found flow's request body (``FoundReportPayload``: no caregiver phone, no address).
    static func found(_ state: ReportFoundPetFlowState) -> JSONValue? {
        guard let payload = FoundReportPayload(state: state) else { return nil }
        return preview(JSONValue.encoding(payload), route: "/v1/reports/found", notice: PageCopy.foundNotStored)
    }

    /// The Missing flow's report, as `petspot report missing` prints it (``ReportJSON``); the
    /// photo is checked by the photo step but not sent (the store keeps a photo's URL only).
    static func missing(_ state: ReportMissingPetFlowState) -> JSONValue {
        preview(ReportJSON.missing(state), route: "/v1/reports/missing", notice: PageCopy.missingNotStored)
    }

    private static func preview(_ payload: JSONValue, route: String, notice: String) -> JSONValue {
        .object([("stored", false), ("notice", .string(notice)), ("route", .string(route)), ("payload", payload)])
    }
}

import ReportSteps
import ReportStore
import Reports
import Testing

/// The OpenAPI document's report schemas against the report schema (``ReportField``): a
/// stored report's properties are exactly the shown fields, in the schema's order, each of
/// the type its codec writes; a list's leave the contacts out; a posted report's are the
/// flow's fields. A field added to the schema and not to `openapi.yaml` fails here (and the
/// conformance test refuses the answers that carry it).
struct OpenAPIReportSchemaTests {
    static func schema(_ name: String) -> [String: Any] {
        let components = OpenAPIConformanceTests.document["components"] as? [String: Any] ?? [:]
        return (components["schemas"] as? [String: Any] ?? [:])[name] as? [String: Any] ?? [:]
    }

    static func properties(_ name: String) -> [String: Any] { schema(name)["properties"] as? [String: Any] ?? [:] }

    static func required(_ name: String) -> [String] { schema(name)["required"] as? [String] ?? [] }

    /// The JSON types `field`'s codec writes in a stored report.
    static func types(_ field: ReportField) -> Set<String> {
        switch field.value {
        case .id, .kind, .status: ["string"]
        case .text: field.isRequiredOnCard ? ["string"] : ["string", "null"]
        case .timestamp: ["string", "null"]
        case .wholeNumber: ["integer", "null"]
        case .latitude, .longitude, .radius: ["number", "null"]
        }
    }

    static func types(of property: Any?) -> Set<String> {
        let type = (property as? [String: Any])?["type"]
        if let one = type as? String { return [one] }
        return Set(type as? [String] ?? [])
    }

    @Test func aStoredReportsSchemaIsEveryShownFieldOfItsType() {
        let shown = ReportField.shown.map(\.rawValue)
        // A stranger's view of a missing report adds `locationPrecisionMeters` (PublicLocation);
        // a report just made is its owner's: exact.
        let precision = ReportJSON.Key.locationPrecisionMeters.rawValue
        for name in ["Report", "CreatedReport"] {
            let extra = name == "CreatedReport" ? ["ownerToken"] : []
            let optional = name == "Report" ? [precision] : []
            // A stranger's report has no contacts (ContactsOnRequestTests): they are not required.
            let required = name == "Report" ? shown.filter { ReportField(rawValue: $0)?.audience != .contact } : shown
            #expect(Self.required(name) == required + extra, "\(name) requires every shown field, in order")
            #expect(Set(Self.properties(name).keys) == Set(shown + extra + optional), "\(name)'s properties")
            for field in ReportField.shown {
                #expect(
                    Self.types(of: Self.properties(name)[field.rawValue]) == Self.types(field),
                    "\(name).\(field.rawValue) is \(Self.types(field).sorted())")
            }
        }
    }

    @Test func aListedReportsSchemaLeavesTheContactsOut() {
        let listed = ReportField.shown.filter { $0.audience != .contact }.map(\.rawValue)
        // A list has the contacts only with `contacts=true` and the operator's token.
        #expect(Self.required("ListedReport") == listed)
        let precision = ReportJSON.Key.locationPrecisionMeters.rawValue
        #expect(Set(Self.properties("ListedReport").keys) == Set(ReportField.shown.map(\.rawValue) + [precision]))
        #expect(Self.required("NearestReport") == listed + ["distanceMeters", "card"])
        #expect(Set(Self.properties("NearestReport").keys) == Set(listed + ["distanceMeters", "card", precision]))
    }

    @Test func aPostedReportsSchemaHasItsFlowsFields() {
        let missing =
            ["flow", "steps", "photo"] + MicrochipStep.names + AnimalDescriptionStep.names + ContactDetailsStep.names
            + [ReportField.location, .locationRadius, .photoUrl, .reward].map(\.rawValue)
        #expect(Set(Self.properties("MissingReportBody").keys) == Set(missing))
        let found =
            [ReportField.status.rawValue] + FoundPetDetailsStep.names + ContactInfoStep.names
            + [ReportField.location, .photoUrl].map(\.rawValue)
        #expect(Set(Self.properties("FoundReportBody").keys) == Set(found))
        for name in ["MissingReportBody", "FoundReportBody"] {
            for key in Self.properties(name).keys {
                let known = ReportField(rawValue: key) != nil || ReportJSON.Key(rawValue: key) != nil
                #expect(known, "\(name).\(key) is a report field or a wizard's member")
            }
        }
    }
}

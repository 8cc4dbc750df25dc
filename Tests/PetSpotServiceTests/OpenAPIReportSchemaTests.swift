import ReportSteps
import ReportStore
import Reports
import Testing

@testable import PetSpotService

/// The served OpenAPI document's report schemas, generated from the report schema
/// (``ReportField``, ``ReportSchemas``): a stored report's properties are exactly the shown
/// fields, each of the type its codec writes; a list's leave the contacts out; a posted
/// report's are the flow's fields; each field's audience, kinds and limits come out in them;
/// and the generated members go into the hand-written file where they belong.
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

    static func property(_ name: String, _ field: ReportField) -> [String: Any] {
        properties(name)[field.rawValue] as? [String: Any] ?? [:]
    }

    static func maxLength(_ name: String, _ field: ReportField) -> Int? { property(name, field)["maxLength"] as? Int }

    static func note(_ name: String, _ field: ReportField) -> String {
        property(name, field)["description"] as? String ?? ""
    }

    static let storedSchemas = ["Report", "ListedReport", "CreatedReport", "NearestReport"]
    static let postedSchemas = ["MissingReportBody": ReportKind.missing, "FoundReportBody": .found]

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

    @Test func aFieldIsShownOnlyWhereItsAudienceMaySeeIt() {
        for field in ReportField.allCases {
            let schemas = Self.storedSchemas + Self.postedSchemas.keys
            switch field.audience {
            case .private:
                for name in schemas { #expect(Self.properties(name)[field.rawValue] == nil, "\(name).\(field)") }
            case .contact:
                #expect(Self.properties("NearestReport")[field.rawValue] == nil, "a nearest report has no \(field)")
                #expect(Self.note("Report", field).hasSuffix("A contact detail."), "Report.\(field) says it is one")
            case .public:
                #expect(Self.properties("NearestReport")[field.rawValue] != nil, "NearestReport.\(field)")
                #expect(!Self.note("Report", field).contains("contact detail"), "Report.\(field) is not one")
            }
        }
    }

    @Test func aPostedBodyHasOnlyTheFieldsItsKindGivesAndAStoredOneSaysWhichKindGivesIt() {
        for (name, kind) in Self.postedSchemas {
            for field in ReportField.allCases where !field.kinds.contains(kind) {
                #expect(Self.properties(name)[field.rawValue] == nil, "\(name) has no \(field)")
            }
        }
        for field in ReportField.shown {
            let said = Self.note("Report", field).contains("report's flow or body only")
            #expect(said == (field.kinds.count == 1), "Report.\(field): \(Self.note("Report", field))")
        }
    }

    @Test func theLimitsAreTheStoresAndTheSteps() {
        for name in Self.storedSchemas {
            for field in ReportField.shown where Self.properties(name)[field.rawValue] != nil {
                let limit = field.value == .text ? PetReport.maximumTextBytes : nil
                #expect(Self.maxLength(name, field) == limit, "\(name).\(field)")
            }
        }
        #expect(Self.maxLength("MissingReportBody", .description) == AnimalDescriptionCopy.descriptionLimit)
        #expect(Self.maxLength("FoundReportBody", .description) == FoundFlowCopy.PetDetails.descriptionLimit)
        #expect(Self.maxLength("FoundReportBody", .currentAddress) == FoundFlowCopy.Contact.addressLimit)
        #expect(Self.maxLength("MissingReportBody", .reward) == ReportSubmission.maximumExtraLength)
        for copy in AnimalDescriptionCopy.addedTexts {
            #expect(Self.maxLength("MissingReportBody", copy.field) == FieldEntry.maximumFreeText)
        }
        for copy in FoundFlowCopy.PetDetails.addedTexts {
            #expect(Self.maxLength("FoundReportBody", copy.field) == FieldEntry.maximumFreeText)
        }
    }

    @Test func aPostedMemberMayBeNullUnlessItsFlowRequiresIt() {
        // Null is no value: what a flow requires is never null, the rest may be.
        #expect(Self.types(of: Self.property("MissingReportBody", .species)) == ["string"])
        #expect(Self.types(of: Self.property("FoundReportBody", .species)) == ["string"])
        #expect(Self.types(of: Self.property("FoundReportBody", .locationLatitude)) == ["number", "string"])
        #expect(Self.types(of: Self.property("MissingReportBody", .approximateAge)) == ["integer", "string", "null"])
        // "At least one of phone and email": neither alone is required.
        #expect(Self.types(of: Self.property("MissingReportBody", .phone)) == ["string", "null"])
        #expect(Self.types(of: Self.property("MissingReportBody", .email)) == ["string", "null"])
        #expect(Self.property("FoundReportBody", .status)["enum"] as? [String] == ["FOUND"])
    }

    @Test func theGeneratedMembersGoFirstIntoTheirSchema() {
        let template = """
            components:
              schemas:
                CreatedReport:
                  type: object
                  required: [ownerToken]
                  properties:
                    ownerToken: {type: string}
                FoundReportBody:
                  type: object
                  properties: {}
                Other:
                  type: object
            """
        let schemas = [
            GeneratedSchema(name: "CreatedReport", required: ["id"], properties: ["id: {type: string}"]),
            GeneratedSchema(name: "FoundReportBody", required: ["species"], properties: ["species: {type: string}"]),
        ]
        #expect(
            OpenAPIDocument.splice(template, schemas) == """
                components:
                  schemas:
                    CreatedReport:
                      type: object
                      required: [id, ownerToken]
                      properties:
                        id: {type: string}
                        ownerToken: {type: string}
                    FoundReportBody:
                      required: [species]
                      type: object
                      properties:
                        species: {type: string}
                    Other:
                      type: object
                """)
    }
}

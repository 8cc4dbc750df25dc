import ReportSteps
import ReportStore

/// The OpenAPI document's report schemas, generated from the report's schema (``ReportField``):
/// which fields each schema has, which it requires, and each field's type, enum, limit and
/// description (``PropertySchema``). ``OpenAPIDocument`` puts them into `openapi.yaml`.
///
/// - `Report`, `ListedReport`: every shown field (``ReportField/shown``); the public ones
///   required, the contacts not (a stranger's view and a list leave them out).
/// - `CreatedReport`: every shown field, all required (its owner's view).
/// - `NearestReport`: the public fields, required; an open status, a place always.
/// - `MissingReportBody`, `FoundReportBody`: the members a posted body may have
///   (``ReportSubmission``), typed as the body reader takes them.
enum ReportSchemas {
    /// The six report schemas.
    static var all: [GeneratedSchema] {
        let shown = ReportField.shown
        let listed = shown.filter { $0.audience == .public }
        return [
            stored("Report", shown, required: listed),
            stored("ListedReport", shown, required: listed),
            stored("CreatedReport", shown, required: shown),
            stored("NearestReport", listed, required: listed, nearest: true),
            posted("MissingReportBody", .missing, members: ReportSubmission.missingMembers),
            posted("FoundReportBody", .found, members: ReportSubmission.foundMembers),
        ]
    }

    /// A stored report's schema: `fields` as ``ReportJSON`` writes them.
    static func stored(_ name: String, _ fields: [ReportField], required: [ReportField], nearest: Bool = false)
        -> GeneratedSchema
    {
        GeneratedSchema(
            name: name, required: required.map(\.rawValue),
            properties: fields.map { PropertySchema.stored($0, nearest: nearest).line($0.rawValue) })
    }

    /// A posted body's schema: its members that are report fields (the others, `flow`,
    /// `steps`, `photo`, are written in the file).
    static func posted(_ name: String, _ kind: ReportKind, members: [String]) -> GeneratedSchema {
        let required = ReportSubmission.requiredMembers(kind)
        let fields = members.compactMap(ReportField.init(rawValue:))
        return GeneratedSchema(
            name: name, required: [],
            properties: fields.map {
                PropertySchema.posted($0, in: kind, required: required.contains($0.rawValue)).line($0.rawValue)
            })
    }
}

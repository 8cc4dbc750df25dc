/// The OpenAPI document the service serves: the hand-written `Resources/openapi.yaml` with the
/// report schemas' fields generated from the report's schema (``ReportField``, through
/// ``ReportSchemas``), so a field added to the schema is documented with no edit here.
///
/// In the file, each report schema keeps what is not a report field (its description, a
/// `locationPrecisionMeters`, an `ownerToken`, a nearest report's `card`); building the
/// document puts the generated names first in its `required: [...]` list and the generated
/// property lines first under its `properties:`.
///
/// ```swift
/// OpenAPIDocument.text      // what GET /openapi.yaml answers
/// ```
enum OpenAPIDocument {
    /// The served document, built once.
    static let text = splice(String(decoding: PackageResources.openapi_yaml, as: UTF8.self), ReportSchemas.all)

    /// `template` with each of `schemas` put into its schema under `components/schemas`: its
    /// required names first in the schema's `required: [...]` line (a line is added when the
    /// schema has none and some are required), its property lines first under `properties:`
    /// (`properties: {}` in the file when it has none of its own). A schema the template does
    /// not have is left out (the report schema tests then name it).
    static func splice(_ template: String, _ schemas: [GeneratedSchema]) -> String {
        var lines = template.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let components = lines.firstIndex(of: "  schemas:") else { return template }
        for schema in schemas {
            guard let start = lines[components...].firstIndex(of: "    \(schema.name):") else { continue }
            var end = lines[(start + 1)...].firstIndex { !$0.hasPrefix("      ") } ?? lines.endIndex
            let prefix = "      required: ["
            if let required = lines[start..<end].firstIndex(where: { $0.hasPrefix(prefix) }) {
                let own = lines[required].dropFirst(prefix.count).dropLast()
                let names = schema.required + (own.isEmpty ? [] : [String(own)])
                lines[required] = prefix + names.joined(separator: ", ") + "]"
            } else if !schema.required.isEmpty {
                lines.insert(prefix + schema.required.joined(separator: ", ") + "]", at: start + 1)
                end += 1
            }
            if let properties = lines[start..<end].firstIndex(where: { $0.hasPrefix("      properties:") }) {
                lines.replaceSubrange(
                    properties...properties, with: ["      properties:"] + schema.properties.map { "        " + $0 })
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// One report schema's generated members: what ``OpenAPIDocument/splice(_:_:)`` puts into the
/// schema of that name.
struct GeneratedSchema: Sendable, Hashable {
    /// The schema's name under `components/schemas`: `Report`.
    let name: String
    /// The names of the required members, in order.
    let required: [String]
    /// One line per property, a YAML flow mapping: `breed: {type: [string, "null"]}`.
    let properties: [String]
}

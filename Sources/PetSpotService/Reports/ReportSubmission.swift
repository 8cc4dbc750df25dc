import Foundation
import Geodata
import Hummingbird
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

/// A report posted to `POST /v1/reports/missing` or `/found` (API clients; the pages submit
/// through the step API), checked by the wizards' own steps through their machine: each
/// member goes to its field by the field's one name (``ReportField``) as a whole value, then
/// every step with fields is checked — so a body gets exactly the messages a person gets on
/// the form, all of them at once, and no rule has a second copy here.
///
/// The bodies are the wizards' JSON (`petspot report missing|found` prints it, ``ReportJSON``),
/// plus what the store keeps beyond them.
enum ReportSubmission {
    typealias Key = ReportJSON.Key
    typealias Field = ReportField

    /// The members of a missing report: the wizard's JSON (`flow`, `steps`, `photo` and every
    /// step's fields, `locationRadius` in km among them), and `location`, `reward`; a
    /// `photoUrl` is refused (the server sets it).
    static let missingMembers =
        [Key.flow, .steps].map(\.rawValue) + names(MicrochipStep.self) + [Key.photo.rawValue]
        + names(AnimalDescriptionStep.self) + names(ContactDetailsStep.self)
        + [Field.location, .photoUrl, .reward].map(\.rawValue)

    /// The fields of *Animal description* a body fills through the step: all but the search
    /// radius. The pages and the wizard offer a list of radii (``SearchRadiusChoice``); an API
    /// client may give any radius of 0 to 10,000 km (spec 003's `locationRadius`, a number).
    static let descriptionFields = AnimalDescriptionStep.fields.filter { $0 != .locationRadius }

    /// The members of a found report: `FoundReportPayload`'s (with the caregiver phone and the
    /// current address: spec 004 left them out only because its backend could not keep them),
    /// and `location` (`photoUrl` refused).
    static let foundMembers =
        [Field.status.rawValue] + names(FoundPetDetailsStep.self) + names(ContactInfoStep.self)
        + [Field.location, .photoUrl].map(\.rawValue)

    /// The longest photo URL, reward or place name accepted.
    static let maximumExtraLength = 2048

    static func names<Form: FieldForm>(_: Form.Type) -> [String] { Form.names }

    /// A missing report from `data`.
    ///
    /// - Throws: ``Problem``: 400 for a body that is not a JSON object, 422 listing every
    ///   field problem.
    static func missing(_ data: Data, today: Today) throws(Problem) -> PetReport {
        var body = try PostedFields(data, known: missingMembers)
        var machine = MissingReportMachine(today: today)
        _ = body.fill(&machine.microchipStep)
        _ = body.fill(&machine.descriptionStep, only: descriptionFields)
        _ = body.fill(&machine.contactStep)
        var extras = ReportRecords.MissingExtras()
        extras.place = body.limited(Field.location.rawValue, limit: maximumExtraLength)
        refuseClientPhotoUrl(&body)
        extras.reward = body.limited(Field.reward.rawValue, limit: maximumExtraLength)
        if let kilometres = body.number(Field.locationRadius.rawValue) {
            do {
                extras.radius = try SearchRadius(kilometers: kilometres)
            } catch {
                body.fail(Field.locationRadius.rawValue, error.description)
            }
        }
        machine.checkFields()
        try check(body, stepProblems(machine))
        return ReportRecords.missing(machine.state, extras: extras)
    }

    /// A found report from `data`.
    ///
    /// - Throws: ``Problem``: 400 for a body that is not a JSON object, 422 listing every
    ///   field problem.
    static func found(_ data: Data, today: Today) throws(Problem) -> PetReport {
        var body = try PostedFields(data, known: foundMembers)
        if let status = body.text(Field.status.rawValue), status != "FOUND" {
            body.fail(Field.status.rawValue, "a found report's status is FOUND (or leave it out)")
        }
        var machine = FoundReportMachine(today: today)
        _ = body.fill(&machine.petDetailsStep)
        _ = body.fill(&machine.contactStep)
        let place = body.limited(Field.location.rawValue, limit: maximumExtraLength)
        refuseClientPhotoUrl(&body)
        machine.checkFields()
        try check(body, stepProblems(machine))
        guard let payload = FoundReportPayload(state: machine.state) else {
            throw Problem(.unprocessableContent, detail: "The report is not complete.")
        }
        return ReportRecords.found(payload, place: place)
    }

    /// The problems of a missing report's steps once checked: *Animal description*'s and
    /// *Contact details*', as a posted body is checked.
    static func stepProblems(_ machine: MissingReportMachine) -> [FieldProblem] {
        machine.descriptionStep.problems(besides: []) + machine.contactStep.problems(besides: [])
    }

    /// The problems of a found report's steps once checked: *Pet details*' and *Contact info*'.
    static func stepProblems(_ machine: FoundReportMachine) -> [FieldProblem] {
        machine.petDetailsStep.problems(besides: []) + machine.contactStep.problems(besides: [])
    }

    /// The members a `kind` of body must give: those its steps refuse an empty body for, each
    /// with a message of its own (the OpenAPI document's members that may not be null). A
    /// rule over several members gives them one message ("at least one of phone and email")
    /// and makes none of them required.
    static func requiredMembers(_ kind: ReportKind) -> Set<String> {
        let today = Today.fixed(CalendarDay(daysSince1970: 0))
        var missing = MissingReportMachine(today: today)
        var found = FoundReportMachine(today: today)
        _ = missing.checkFields()
        _ = found.checkFields()
        let problems = kind == .missing ? stepProblems(missing) : stepProblems(found)
        let shared = Set(problems.map(\.message).filter { message in problems.count { $0.message == message } > 1 })
        return Set(problems.filter { !shared.contains($0.message) }.map(\.field))
    }

    /// `photoUrl` is the server's to set (the route of the photo it keeps): a client that sends
    /// one could make a card show another report's photo, so any value is a field problem.
    private static func refuseClientPhotoUrl(_ body: inout PostedFields) {
        guard body.has(Field.photoUrl.rawValue) else { return }
        body.fail(
            Field.photoUrl.rawValue,
            "is set by the server: send the photo with PUT /v1/reports/{id}/photo once the report is made")
    }

    /// A 422 listing every problem, if there are any: the body's (wrong types, unknown
    /// members, values a field does not take) and then the steps'; a field the body already
    /// has a message for does not get the step's too ("Please select a species" after
    /// "\"lizard\" is not one of the species").
    private static func check(_ body: PostedFields, _ stepProblems: [FieldProblem]) throws(Problem) {
        let named = Set(body.problems.map(\.field))
        let problems = body.problems + stepProblems.filter { !named.contains($0.field) }
        guard !problems.isEmpty else { return }
        throw invalid(problems)
    }

    /// A 422 whose `detail` lists `problems` and whose `errors` member has them one by one:
    /// `[{"field": "species", "message": "Please select a species"}, …]`.
    static func invalid(_ problems: [FieldProblem]) -> Problem {
        let count = problems.count == 1 ? "1 field is invalid" : "\(problems.count) fields are invalid"
        return Problem(
            .unprocessableContent,
            detail: "\(count): " + problems.map(\.description).joined(separator: "; ") + ".",
            extensions: [
                (
                    "errors",
                    .array(problems.map { .object([("field", .string($0.field)), ("message", .string($0.message))]) })
                )
            ])
    }
}

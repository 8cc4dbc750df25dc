import Foundation
import Geodata
import Hummingbird
import OutsideInput
import PetSpotJSON
import ReportSteps

/// The body of `POST /v1/report-steps/{flow}/{step}` (and `…/location`), read strictly: only
/// the members below, each of the documented kind, field names only of the step's own.
///
/// The server keeps no draft. A page sends what the model showed it last (`values`), the
/// values of the step's last Continue (`checked`, so the model's inline messages are as they
/// were), the last location outcome (`location`), and at most one new edit; the step API
/// replays them through the model (see ``StepReplay``).
///
/// Submit report (Continue on the last step) also carries the earlier steps' values
/// (`earlierSteps`) and the photo (`photo`: its file name and its bytes in base64), so that
/// the whole report is checked, and stored, in that one request.
///
/// ```json
/// {"action": "edit", "values": {"species": "DOG", "approximateAge": "3"},
///  "edit": {"field": "species", "value": "CAT"}}
/// ```
struct StepRequest: Sendable {
    /// What the person did.
    enum Action: String, Sendable {
        /// Typed or picked something (`edit`), or nothing: show the step as the model sees it.
        case edit
        /// Tapped Continue (Submit report on the last step).
        case `continue`
    }

    var action: Action = .edit
    /// The step's values as the page shows them.
    var values: [String: String] = [:]
    /// The values of the step's last Continue, if there was one.
    var checked: [String: String]?
    /// One edit to forward to the model after the values.
    var edit: (field: String, value: String)?
    /// How the last location request ended.
    var location: LocationRequestOutcome?
    /// Earlier steps' values (Submit report rebuilds the whole report from them).
    var earlierSteps: [String: [String: String]] = [:]
    /// What the browser's Geolocation API answered (`…/location` without a server source).
    var browser: BrowserGeolocationResult?
    /// The photo picked at the flow's photo step (Submit report only): its name and bytes.
    var photo: (filename: String, bytes: [UInt8])?

    static let members = ["action", "values", "checked", "edit", "location", "earlierSteps", "browser", "photo"]

    /// Reads `data` for a step with `fields`; `earlier` names the earlier steps and their
    /// fields (Submit report), which also takes the `photo`.
    ///
    /// - Throws: ``Problem`` (400) naming the member and the rule.
    init(_ data: Data, fields: [String], earlier: [String: [String]] = [:]) throws(Problem) {
        guard case .object(let body) = try JSONInput.parse(data) else {
            throw Problem(
                .badRequest, detail: "The body must be a JSON object with \(Self.members.joined(separator: ", ")).")
        }
        for key in body.keys.sorted() where !Self.members.contains(key) {
            throw Self.bad(
                key, "Unknown member '\(Self.shown(key))'; the body takes \(Self.members.joined(separator: ", ")).")
        }
        switch body["action"] {
        case nil, .null?: break
        case .string(let text)?:
            guard let action = Action(rawValue: text) else {
                throw Self.bad("action", "'action' must be \"edit\" or \"continue\"; got '\(Self.shown(text))'.")
            }
            self.action = action
        case let other?: throw Self.bad("action", "'action' must be a string, not \(other.kind).")
        }
        values = try Self.strings(body["values"], member: "values", fields: fields) ?? [:]
        checked = try Self.strings(body["checked"], member: "checked", fields: fields)
        if let edit = body["edit"], case .object(let members) = edit {
            guard Set(members.keys) == ["field", "value"], case .string(let field)? = members["field"],
                case .string(let value)? = members["value"]
            else { throw Self.bad("edit", "'edit' must be {\"field\": NAME, \"value\": TEXT}.") }
            guard fields.contains(field) else { throw Self.unknownField(field, member: "edit", fields: fields) }
            self.edit = (field, value)
        } else if let edit = body["edit"], !Self.isNull(edit) {
            throw Self.bad("edit", "'edit' must be an object or null, not \(edit.kind).")
        }
        if let location = body["location"], !Self.isNull(location) {
            self.location = try LocationOutcomeJSON.outcome(location)
        }
        if let browser = body["browser"], !Self.isNull(browser) {
            self.browser = try LocationOutcomeJSON.browser(browser)
        }
        if let photo = body["photo"], !Self.isNull(photo) {
            guard !earlier.isEmpty else { throw Self.bad("photo", "'photo' goes with Submit report only.") }
            self.photo = try Self.photo(photo)
        }
        switch body["earlierSteps"] {
        case nil, .null?: break
        case .object(let steps)?:
            for (step, stepValues) in steps.sorted(by: { $0.key < $1.key }) {
                guard let stepFields = earlier[step] else {
                    let known = earlier.keys.sorted().joined(separator: ", ")
                    throw Self.bad(
                        "earlierSteps",
                        "'earlierSteps' has no step '\(Self.shown(step))'; it takes \(known.isEmpty ? "none here" : known)."
                    )
                }
                earlierSteps[step] = try Self.strings(stepValues, member: "earlierSteps.\(step)", fields: stepFields)
            }
        case let other?: throw Self.bad("earlierSteps", "'earlierSteps' must be an object, not \(other.kind).")
        }
    }

    /// Submit report takes what the person entered, once: the last step's `values`, every
    /// earlier step's (`earlierSteps`) and the photo. What the server answered before (`checked`,
    /// `location`) does not come back with it: the whole report is checked afresh.
    ///
    /// - Throws: ``Problem`` (400) naming the member a Submit must not carry.
    func checkSubmission() throws(Problem) {
        let sent: [(String, Bool)] = [
            ("checked", checked != nil), ("location", location != nil), ("edit", edit != nil),
            ("browser", browser != nil),
        ]
        for (member, present) in sent where present {
            throw Self.bad(
                member,
                "Submit report takes what the person entered: 'values', 'earlierSteps' and 'photo'; "
                    + "'\(member)' goes with a step's edits only.")
        }
    }

    /// The longest photo file name taken.
    static let maximumFilenameLength = 255

    /// `{"filename": NAME, "data": BASE64}`: the photo's name and bytes.
    private static func photo(_ value: JSONInput) throws(Problem) -> (filename: String, bytes: [UInt8]) {
        let rule = "'photo' must be {\"filename\": NAME, \"data\": BASE64}: the picked file's name and its bytes"
        guard case .object(let members) = value, Set(members.keys) == ["filename", "data"],
            case .string(let filename)? = members["filename"], case .string(let text)? = members["data"]
        else { throw bad("photo", rule + ".") }
        guard !filename.isEmpty, filename.count <= maximumFilenameLength else {
            throw bad("photo", "'photo.filename' must be 1 to \(maximumFilenameLength) characters.")
        }
        guard let bytes = Data(base64Encoded: text) else { throw bad("photo", "'photo.data' is not base64.") }
        return (filename, [UInt8](bytes))
    }

    private static func isNull(_ value: JSONInput) -> Bool {
        if case .null = value { return true }
        return false
    }

    /// An object of strings keyed by the step's field names, or `nil` when absent or null.
    private static func strings(_ value: JSONInput?, member: String, fields: [String]) throws(Problem) -> [String:
        String]?
    {
        switch value {
        case nil, .null?: return nil
        case .object(let members)?:
            var result: [String: String] = [:]
            for (name, member2) in members {
                guard fields.contains(name) else { throw unknownField(name, member: member, fields: fields) }
                guard case .string(let text) = member2 else {
                    throw bad(member, "'\(member).\(shown(name))' must be a string, not \(member2.kind).")
                }
                result[name] = text
            }
            return result
        case let other?: throw bad(member, "'\(member)' must be an object of field texts, not \(other.kind).")
        }
    }

    private static func unknownField(_ name: String, member: String, fields: [String]) -> Problem {
        bad(member, "'\(member)' names no field '\(shown(name))'; this step has \(fields.joined(separator: ", ")).")
    }

    static func bad(_ member: String, _ detail: String) -> Problem {
        Problem(.badRequest, detail: detail, extensions: [("member", .string(member))])
    }

    /// Outside text in a message: at most 40 characters, no control characters.
    static func shown(_ text: String) -> String { String(text.prefix(40)).terminalSafe }
}

import Foundation
import Hummingbird
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

/// Submit report: the flow replayed through its machine as the page went through it — each
/// earlier step's values (`earlierSteps`), the photo (`photo`), Continue on every step — then
/// Submit report; a complete report is kept with its photo in this one request.
extension ReportStepsController {
    /// *Contact details* (Missing 4/4): an edit, or Submit report.
    func submitMissing(_ body: Data, idempotencyKey: String?) async throws -> StepAnswer {
        let names = Names(Missing.Step.contactDetails)
        let request = try StepRequest(
            body, fields: StepReplay<Missing, ContactDetailsStep>.fields,
            earlier: [
                Missing.Step.microchip.name: StepReplay<Missing, MicrochipStep>.fields,
                Missing.Step.animalDescription.name: StepReplay<Missing, AnimalDescriptionStep>.fields,
            ])
        var replay = StepReplay(
            machine: Missing(today: today), form: \.contactStep, check: { $0.check(.contactDetails) },
            coordinates: nil)
        guard request.action == .continue else { return try replayed(replay, names, request) }
        try request.checkSubmission()
        let description = try Self.earlier(request, Missing.Step.animalDescription.name)
        var machine = Missing(today: today)
        try Self.enter(request.earlierSteps[Missing.Step.microchip.name] ?? [:], into: \.microchipStep, of: &machine)
        var stayed = Self.continued(&machine, after: nil)  // optional: always advances
        if stayed == nil { stayed = Self.attach(request.photo, to: &machine.photoStep) }
        stayed = Self.continued(&machine, after: stayed)
        try Self.enter(description, into: \.descriptionStep, of: &machine)
        stayed = Self.continued(&machine, after: stayed)
        if let back = try backIfStayed(&replay, machine, stayed, names, request) { return back }
        let outcome = replay.machine.send(.continueTapped).outcome
        var answer = answer(replay, names, request, outcome: outcome, location: nil)
        if replay.machine.isComplete {
            let state = replay.machine.state
            answer.report = try await keep(
                ReportRecords.missing(state), photo: state.photo, shown: ReportJSON.missing(state),
                notice: PageCopy.missingNotStored, key: idempotencyKey)
        }
        return answer
    }

    /// *Contact information* (Found 3/3): an edit, or Submit report.
    func submitFound(_ body: Data, idempotencyKey: String?) async throws -> StepAnswer {
        let names = Names(Found.Step.contactInfo)
        let request = try StepRequest(
            body, fields: StepReplay<Found, ContactInfoStep>.fields,
            earlier: [Found.Step.petDetails.name: StepReplay<Found, FoundPetDetailsStep>.fields])
        var replay = StepReplay(
            machine: Found(today: today), form: \.contactStep, check: { $0.check(.contactInfo) }, coordinates: nil)
        guard request.action == .continue else { return try replayed(replay, names, request) }
        try request.checkSubmission()
        let details = try Self.earlier(request, Found.Step.petDetails.name)
        var machine = Found(today: today)
        var stayed = Self.attach(request.photo, to: &machine.photoStep)
        stayed = Self.continued(&machine, after: stayed)
        try Self.enter(details, into: \.petDetailsStep, of: &machine)
        stayed = Self.continued(&machine, after: stayed)
        if let back = try backIfStayed(&replay, machine, stayed, names, request) { return back }
        let effects = replay.machine.send(.submitTapped)
        var answer = answer(replay, names, request, outcome: effects.outcome, location: nil)
        for case .submit(let payload, let photo, let sending) in effects {
            let report = ReportRecords.found(payload)
            answer.report = try await keep(
                report, photo: photo, shown: ReportJSON.found(payload), notice: PageCopy.foundNotStored,
                key: idempotencyKey)
            replay.machine.send(.sent(id: report.id, request: sending))
        }
        return answer
    }

    /// Puts the earlier steps as replayed (`machine`) under the last step's values (a Submit
    /// carries nothing else of that step: ``StepRequest/checkSubmission()``); when an earlier
    /// step `stayed`, the answer that goes back to it (``backTo(_:_:_:toast:step:)``), else
    /// `nil`: Submit report goes on.
    private func backIfStayed<Machine: ReportMachine, Form: FieldForm>(
        _ replay: inout StepReplay<Machine, Form>, _ machine: Machine, _ stayed: Toast?, _ names: Names,
        _ request: StepRequest
    ) throws(Problem) -> StepAnswer? {
        replay.machine = machine
        try replay.enter(request.values)
        guard stayed != nil else { return nil }
        return backTo(replay, names, request, toast: stayed, step: machine.step.name)
    }

    /// Submit report's answer when an earlier step is no longer valid: back to that step, with
    /// its toast; the last step's fields with their messages too.
    private func backTo<Machine: Sendable, Form: FieldForm>(
        _ replay: StepReplay<Machine, Form>, _ names: Names, _ request: StepRequest, toast: Toast?, step: String
    ) -> StepAnswer {
        var replay = replay
        _ = replay.check(&replay.machine)
        var answer = answer(replay, names, request, outcome: .stay(toast ?? .correctHighlightedFields), location: nil)
        answer.backTo = step
        return answer
    }

    /// Keeps `report` with `photo` (``ReportKeeper``) and a new owner token: `{"stored": true,
    /// "id", "url", "ownerToken", "replayed": false}` — the report's card, and the secret the
    /// page keeps so its maker can change it (``ReportAccess``). With an idempotency `key` a
    /// report made with it before is answered instead
    /// (``ReportKeeper/create(_:photo:idempotencyKey:owner:)``): its id and URL,
    /// `"ownerToken": null` (given once, to the first answer) and `"replayed": true`. On a
    /// server without a store, the report `shown`, with `notice`.
    private func keep(
        _ report: PetReport, photo: PhotoAttachment?, shown: JSONValue, notice: String, key: String?
    ) async throws -> JSONValue {
        guard let keeper else {
            return .object([
                ("stored", false), ("id", .null), ("url", .null), ("notice", .string(notice)), ("payload", shown),
                ("ownerToken", .null), ("replayed", false),
            ])
        }
        let made = try await ReportsController.keeperCall(
            photoFailed: "The photo could not be kept, so nothing was stored."
        ) { () async throws(ReportKeeperError) in
            try await keeper.create(report, photo: photo, idempotencyKey: key, owner: .make())
        }
        let stored = made.report
        if let token = made.ownerToken { await manageMail?.queue(for: stored, token: token) }
        return .object([
            ("stored", true), ("id", .string(stored.id)), ("url", .string(PetDetailsPage.path(stored.id))),
            ("notice", .null), ("payload", .null), ("ownerToken", made.ownerToken.map { .string($0.text) } ?? .null),
            ("replayed", .bool(made.replayed)),
        ])
    }

    /// Continue on the step `machine` is on, unless an earlier step `stayed`: the toast of the
    /// first step that stays, `nil` while every step advances.
    static func continued<Machine: ReportMachine>(_ machine: inout Machine, after stayed: Toast?) -> Toast? {
        stayed ?? machine.send(.continueTapped).outcome.toast
    }

    /// The photo the page sent, attached as the photo step takes it and without its metadata
    /// (``ReportPhotoRules``): `nil`, or the toast saying why it was refused.
    static func attach(_ photo: (filename: String, bytes: [UInt8])?, to step: inout PhotoStep) -> Toast? {
        guard let photo else { return nil }
        do throws(PhotoError) {
            _ = try step.attachWithoutMetadata(filename: photo.filename, bytes: photo.bytes)
            return nil
        } catch {
            return Toast(error.description)
        }
    }

    /// An earlier step's values, as its page's inputs sent them, into that step of `machine`.
    static func enter<Machine: Sendable, Form: FieldForm>(
        _ values: [String: String], into form: WritableKeyPath<Machine, Form>, of machine: inout Machine
    ) throws(Problem) {
        var replay = StepReplay(machine: machine, form: form, check: { _ in .advance }, coordinates: nil)
        try replay.enter(values)
        machine = replay.machine
    }

    /// The values of an earlier step Submit report needs, or a 400 naming the member.
    static func earlier(_ request: StepRequest, _ step: String) throws(Problem) -> [String: String] {
        guard let values = request.earlierSteps[step] else {
            throw StepRequest.bad(
                "earlierSteps", "Submit report needs 'earlierSteps.\(step)': that step's values, to build the report.")
        }
        return values
    }
}

import Geodata
import PetSpotJSON
import ReportSteps

/// What a completed flow would send, shown by the pages until the reports store exists:
/// `{"stored": false, "notice": …, "payload": …}`.
enum ReportPreview {
    /// The Found flow's request body (``FoundReportPayload``: no caregiver phone, no address).
    static func found(_ state: ReportFoundPetFlowState) -> JSONValue? {
        guard let payload = FoundReportPayload(state: state) else { return nil }
        return preview(JSONValue.encoding(payload), notice: PageCopy.foundNotStored)
    }

    /// What the Missing flow's steps 2–3 collected (steps 1 and 4 are not on the pages yet).
    static func missing(_ state: ReportMissingPetFlowState) -> JSONValue {
        let payload: JSONValue = .object([
            ("disappearanceDate", .string(state.disappearanceDate?.isoText)),
            ("species", .string(state.animalSpecies?.id.uppercased())), ("race", .string(state.animalRace)),
            ("gender", .string(state.animalGender?.rawValue)), ("age", .number(state.animalAge.map(Double.init))),
            ("latitude", .number(state.latitude?.degrees)), ("longitude", .number(state.longitude?.degrees)),
            ("description", .string(state.animalAdditionalDescription)),
        ])
        return preview(payload, notice: PageCopy.missingNotStored)
    }

    private static func preview(_ payload: JSONValue, notice: String) -> JSONValue {
        .object([("stored", false), ("notice", .string(notice)), ("payload", payload)])
    }
}

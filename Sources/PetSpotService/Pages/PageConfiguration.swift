import Location
import PetSpotJSON
import ReportSteps

/// What a report page needs to know about this server, rendered into the page
/// (`<body data-config="…">`): the steps in order, where "Request GPS position" / "Use
/// current location" gets a position, how long a draft is kept, and the few words the
/// script shows on its own.
struct PageConfiguration: Sendable {
    /// The flows with pages.
    enum Flow: String, Sendable {
        case missing, found
    }

    /// `true` when `petspot serve` has a location source (`--gpsd` or `--scenario`): the
    /// location button asks the server; otherwise the browser's Geolocation API.
    let usesServerLocation: Bool
    /// "Today" for the date fields.
    let today: Today
    /// `true` when `petspot serve` has a reports store (`--store`): Submit report stores the
    /// report and opens its card; otherwise the page shows the report, not stored.
    let storesReports: Bool

    /// How long a draft (what was typed, the photo) survives in the browser without use: a
    /// day, well over the 30 minutes spec 001 asks for.
    static let draftLifetime: Duration = .seconds(24 * 3600)

    init(location: LocationSource, today: Today, storesReports: Bool = false) {
        usesServerLocation = location.service != nil
        self.today = today
        self.storesReports = storesReports
    }

    /// What Go to Settings explains, for this server's location path.
    var settingsHelp: String { usesServerLocation ? PageCopy.serverSettingsHelp : PageCopy.browserSettingsHelp }

    /// The steps of `flow` in order — the flow's `Step` enum (``ReportFlowStep``) — then the
    /// report shown at the end: `kind` is `photo`, `form` or `preview`.
    static func steps(_ flow: Flow) -> [(name: String, kind: String)] {
        switch flow {
        case .found: steps(FoundReportMachine.Step.self)
        case .missing: steps(MissingReportMachine.Step.self)
        }
    }

    private static func steps<Step: ReportFlowStep>(_: Step.Type) -> [(name: String, kind: String)] {
        Step.allCases.map { ($0.name, $0.isPhoto ? "photo" : "form") } + [(previewStep, "preview")]
    }

    /// The page's step after Submit report on a server without a store: the report, shown.
    static let previewStep = "submitted"

    /// The step whose Continue is Submit report, and the earlier steps whose values it sends
    /// (the steps with fields before it; the photo goes with it too).
    static func submit(_ flow: Flow) -> (step: String, earlier: [String]) {
        switch flow {
        case .found: submit(FoundReportMachine.Step.self)
        case .missing: submit(MissingReportMachine.Step.self)
        }
    }

    private static func submit<Step: ReportFlowStep>(_: Step.Type) -> (step: String, earlier: [String]) {
        let forms = Step.allCases.filter { !$0.isPhoto }.map(\.name)
        return (forms.last ?? "", Array(forms.dropLast()))
    }

    /// The configuration JSON of `flow`'s page.
    func json(flow: Flow) -> JSONValue {
        let steps = Self.steps(flow)
        return .object([
            ("flow", .string(flow.rawValue)),
            ("steps", .array(steps.map { .object([("name", .string($0.name)), ("kind", .string($0.kind))]) })),
            ("submitStep", .string(Self.submit(flow).step)),
            ("earlierSteps", .array(Self.submit(flow).earlier.map { .string($0) })),
            ("storesReports", .bool(storesReports)),
            ("petPage", .string(PetDetailsPage.path(""))),
            ("locationSource", .string(usesServerLocation ? "server" : "browser")),
            ("locationTimeoutMs", .number(StepAnswer.seconds(PageLocationRequest.timeout) * 1000)),
            ("maximumAgeMs", .number(StepAnswer.seconds(PageLocationRequest.maximumAge) * 1000)),
            ("draftLifetimeMs", .number(StepAnswer.seconds(Self.draftLifetime) * 1000)),
            ("inFlightHelper", .string(CoordinateFields.inFlightHelperText)),
            ("serverUnreachable", .string(PageCopy.serverUnreachable)),
            ("photoLoading", .string(PageCopy.photoLoading)),
        ])
    }
}

import PetSpotJSON
import ReportSteps

/// `/report/missing` and `/report/found`: a flow's steps as fresh models draw them, in the
/// order of the flow's `Step` enum (``ReportFlowStep``), then the report (stored, or shown as
/// not stored on a server without a store). Every field comes from its step's model and its
/// key type (``FieldForm``): a new field needs no change here.
struct ReportFlowPage {
    let chrome: PageChromeContext
    let sections: [Section]

    /// One step: a photo step or a step with fields (Mustache sections: one of the two has one entry).
    struct Section {
        let photo: [PhotoStepContext]
        let form: [FormStepContext]
    }

    /// A step's primary button: its identifier and title.
    typealias Button = (id: String, title: String)

    /// The Missing flow's page.
    static func missing(_ configuration: PageConfiguration) -> ReportFlowPage {
        let machine = MissingReportMachine(today: configuration.today)
        let today = configuration.today.day()
        return page(configuration, .missing, title: PageCopy.missingTitle) { (step: MissingReportMachine.Step) in
            switch step {
            case .microchip: form(step, button(step), machine.microchipStep, today: today)
            case .animalPhoto: photo(step, copy: .missingFlow)
            case .animalDescription:
                form(
                    step, button(step), machine.descriptionStep, located: machine.descriptionStep.coordinates,
                    today: today)
            case .contactDetails: form(step, button(step), machine.contactStep, today: today)
            }
        }
    }

    /// The Found flow's page (spec 004).
    static func found(_ configuration: PageConfiguration) -> ReportFlowPage {
        let machine = FoundReportMachine(today: configuration.today)
        let today = configuration.today.day()
        return page(configuration, .found, title: PageCopy.foundTitle) { (step: FoundReportMachine.Step) in
            switch step {
            case .uploadPhoto: photo(step, copy: .foundFlow)
            case .petDetails:
                form(
                    step, button(step), machine.petDetailsStep, located: machine.petDetailsStep.coordinates,
                    today: today)
            case .contactInfo: form(step, button(step), machine.contactStep, today: today)
            }
        }
    }

    /// A flow's page: its chrome, then one section a step, in the order of its `Step` enum.
    private static func page<Step: ReportFlowStep>(
        _ configuration: PageConfiguration, _ flow: PageConfiguration.Flow, title: String, section: (Step) -> Section
    ) -> ReportFlowPage {
        ReportFlowPage(chrome: chrome(configuration, flow, title: title), sections: Step.allCases.map(section))
    }

    /// The Missing flow's primary buttons (1/4 and 4/4 have our copy, `MissingStepsCopy`).
    static func button(_ step: MissingReportMachine.Step) -> Button {
        switch step {
        case .microchip: (MissingStepsCopy.Microchip.ID.continueButton, MissingStepsCopy.Microchip.continueTitle)
        case .animalPhoto, .animalDescription:
            (AnimalDescriptionCopy.ID.continueButton, AnimalDescriptionCopy.continueTitle)
        case .contactDetails: (MissingStepsCopy.Contact.ID.submitButton, MissingStepsCopy.Contact.submitTitle)
        }
    }

    /// The Found flow's primary buttons (spec 004 FR-017).
    static func button(_ step: FoundReportMachine.Step) -> Button {
        switch step {
        case .uploadPhoto, .petDetails:
            (FoundFlowCopy.PetDetails.ID.continueButton, FoundFlowCopy.PetDetails.continueTitle)
        case .contactInfo: (FoundFlowCopy.Contact.ID.submitButton, FoundFlowCopy.Contact.submitTitle)
        }
    }

    private static func form<Step: ReportFlowStep, Form: FieldForm>(
        _ step: Step, _ button: Button, _ form: Form, located coordinates: CoordinateFields? = nil, today: CalendarDay
    ) -> Section {
        let context = FormStepContext(
            step: step, form: form, coordinates: coordinates, continueId: button.id, continueTitle: button.title,
            today: today)
        return Section(photo: [], form: [context])
    }

    private static func photo<Step: ReportFlowStep>(_ step: Step, copy: PhotoStepCopy) -> Section {
        Section(photo: [PhotoStepContext(step, copy: copy)], form: [])
    }

    private static func chrome(_ configuration: PageConfiguration, _ flow: PageConfiguration.Flow, title: String)
        -> PageChromeContext
    {
        PageChromeContext(
            title: title, flow: flow.rawValue, config: configuration.json(flow: flow).text,
            settingsHelp: configuration.settingsHelp)
    }
}

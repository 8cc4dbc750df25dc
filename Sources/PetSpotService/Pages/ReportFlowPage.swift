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

    /// What a step's section shows besides its fields: the screen's name (for identifiers),
    /// its title, heading and body, and its primary button.
    struct Screen {
        var name: String
        var title: String
        var heading: String?
        var body: String?
        var button: (id: String, title: String)
        var hasBack = true
    }

    /// The Missing flow's page.
    static func missing(_ configuration: PageConfiguration) -> ReportFlowPage {
        let machine = MissingReportMachine(today: configuration.today)
        let today = configuration.today.day()
        return page(configuration, .missing, title: PageCopy.missingTitle) { (step: MissingReportMachine.Step) in
            switch step {
            case .microchip: form(step, screen(step), machine.microchipStep, today: today)
            case .animalPhoto: photo(step, screen: step.name, copy: .missingFlow)
            case .animalDescription:
                form(
                    step, screen(step), machine.descriptionStep, located: machine.descriptionStep.coordinates,
                    today: today)
            case .contactDetails: form(step, screen(step), machine.contactStep, today: today)
            }
        }
    }

    /// The Found flow's page (spec 004).
    static func found(_ configuration: PageConfiguration) -> ReportFlowPage {
        let machine = FoundReportMachine(today: configuration.today)
        let today = configuration.today.day()
        return page(configuration, .found, title: PageCopy.foundTitle) { (step: FoundReportMachine.Step) in
            switch step {
            case .uploadPhoto: photo(step, screen: "foundUploadPhoto", copy: .foundFlow)
            case .petDetails:
                form(
                    step, screen(step), machine.petDetailsStep, located: machine.petDetailsStep.coordinates,
                    today: today)
            case .contactInfo: form(step, screen(step), machine.contactStep, today: today)
            }
        }
    }

    /// A flow's page: its chrome, then one section a step, in the order of its `Step` enum.
    private static func page<Step: ReportFlowStep>(
        _ configuration: PageConfiguration, _ flow: PageConfiguration.Flow, title: String, section: (Step) -> Section
    ) -> ReportFlowPage {
        ReportFlowPage(chrome: chrome(configuration, flow, title: title), sections: Step.allCases.map(section))
    }

    /// The Missing flow's screens (1/4 and 4/4 have our copy, `MissingStepsCopy`).
    static func screen(_ step: MissingReportMachine.Step) -> Screen {
        switch step {
        case .microchip:
            Screen(
                name: MissingStepsCopy.Microchip.screen, title: step.title, body: MissingStepsCopy.Microchip.body,
                button: (MissingStepsCopy.Microchip.ID.continueButton, MissingStepsCopy.Microchip.continueTitle),
                hasBack: false)
        case .animalPhoto, .animalDescription:
            Screen(
                name: step.name, title: step.title,
                button: (AnimalDescriptionCopy.ID.continueButton, AnimalDescriptionCopy.continueTitle))
        case .contactDetails:
            Screen(
                name: MissingStepsCopy.Contact.screen, title: step.title, body: MissingStepsCopy.Contact.body,
                button: (MissingStepsCopy.Contact.ID.submitButton, MissingStepsCopy.Contact.submitTitle))
        }
    }

    /// The Found flow's screens (spec 004 FR-017).
    static func screen(_ step: FoundReportMachine.Step) -> Screen {
        switch step {
        case .uploadPhoto, .petDetails:
            Screen(
                name: "foundPetDetails", title: step.screenTitle, heading: FoundFlowCopy.PetDetails.heading,
                body: FoundFlowCopy.PetDetails.body,
                button: (FoundFlowCopy.PetDetails.ID.continueButton, FoundFlowCopy.PetDetails.continueTitle))
        case .contactInfo:
            Screen(
                name: "foundContact", title: step.screenTitle, heading: FoundFlowCopy.Contact.heading,
                body: FoundFlowCopy.Contact.body,
                button: (FoundFlowCopy.Contact.ID.submitButton, FoundFlowCopy.Contact.submitTitle))
        }
    }

    private static func form<Step: ReportFlowStep, Form: FieldForm>(
        _ step: Step, _ screen: Screen, _ form: Form, located coordinates: CoordinateFields? = nil, today: CalendarDay
    ) -> Section {
        let context = FormStepContext(
            step: step, screen: screen.name, title: screen.title, hasBack: screen.hasBack, heading: screen.heading,
            body: screen.body, form: form, coordinates: coordinates, continueId: screen.button.id,
            continueTitle: screen.button.title, today: today)
        return Section(photo: [], form: [context])
    }

    private static func photo<Step: ReportFlowStep>(_ step: Step, screen: String, copy: PhotoStepCopy) -> Section {
        let context = PhotoStepContext(
            step: step.name, screen: screen, copy: copy, hasBack: step.previous != nil)
        return Section(photo: [context], form: [])
    }

    private static func chrome(_ configuration: PageConfiguration, _ flow: PageConfiguration.Flow, title: String)
        -> PageChromeContext
    {
        PageChromeContext(
            title: title, flow: flow.rawValue, config: configuration.json(flow: flow).text,
            settingsHelp: configuration.settingsHelp)
    }
}

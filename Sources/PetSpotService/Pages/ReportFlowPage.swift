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

    /// The Missing flow's page.
    static func missing(_ configuration: PageConfiguration) -> ReportFlowPage {
        let machine = MissingReportMachine(today: configuration.today)
        let today = configuration.today.day()
        let sections = MissingReportMachine.Step.allCases.map { step -> Section in
            switch step {
            case .microchip:
                form(
                    FormStepContext(
                        step: step, screen: MissingStepsCopy.Microchip.screen, title: step.title, hasBack: false,
                        body: MissingStepsCopy.Microchip.body, form: machine.microchipStep, coordinates: nil,
                        continueId: MissingStepsCopy.Microchip.ID.continueButton,
                        continueTitle: MissingStepsCopy.Microchip.continueTitle, today: today))
            case .animalPhoto:
                Section(
                    photo: [PhotoStepContext(step: step.name, screen: step.name, copy: .missingFlow, hasBack: true)],
                    form: [])
            case .animalDescription:
                form(
                    FormStepContext(
                        step: step, screen: step.name, title: step.title, form: machine.descriptionStep,
                        coordinates: machine.descriptionStep.coordinates,
                        continueId: AnimalDescriptionCopy.ID.continueButton,
                        continueTitle: AnimalDescriptionCopy.continueTitle, today: today))
            case .contactDetails:
                form(
                    FormStepContext(
                        step: step, screen: MissingStepsCopy.Contact.screen, title: step.title,
                        body: MissingStepsCopy.Contact.body, form: machine.contactStep, coordinates: nil,
                        continueId: MissingStepsCopy.Contact.ID.submitButton,
                        continueTitle: MissingStepsCopy.Contact.submitTitle, today: today))
            }
        }
        return ReportFlowPage(
            chrome: PageChromeContext(
                title: PageCopy.missingTitle, flow: "missing", config: configuration.json(flow: .missing).text,
                settingsHelp: configuration.settingsHelp),
            sections: sections)
    }

    /// The Found flow's page (spec 004).
    static func found(_ configuration: PageConfiguration) -> ReportFlowPage {
        let machine = FoundReportMachine(today: configuration.today)
        let today = configuration.today.day()
        let sections = FoundReportMachine.Step.allCases.map { step -> Section in
            switch step {
            case .uploadPhoto:
                Section(
                    photo: [
                        PhotoStepContext(step: step.name, screen: "foundUploadPhoto", copy: .foundFlow, hasBack: false)
                    ], form: [])
            case .petDetails:
                form(
                    FormStepContext(
                        step: step, screen: "foundPetDetails", title: step.screenTitle,
                        heading: FoundFlowCopy.PetDetails.heading, body: FoundFlowCopy.PetDetails.body,
                        form: machine.petDetailsStep, coordinates: machine.petDetailsStep.coordinates,
                        continueId: FoundFlowCopy.PetDetails.ID.continueButton,
                        continueTitle: FoundFlowCopy.PetDetails.continueTitle, today: today))
            case .contactInfo:
                form(
                    FormStepContext(
                        step: step, screen: "foundContact", title: step.screenTitle,
                        heading: FoundFlowCopy.Contact.heading, body: FoundFlowCopy.Contact.body,
                        form: machine.contactStep, coordinates: nil,
                        continueId: FoundFlowCopy.Contact.ID.submitButton,
                        continueTitle: FoundFlowCopy.Contact.submitTitle, today: today))
            }
        }
        return ReportFlowPage(
            chrome: PageChromeContext(
                title: PageCopy.foundTitle, flow: "found", config: configuration.json(flow: .found).text,
                settingsHelp: configuration.settingsHelp),
            sections: sections)
    }

    private static func form(_ context: FormStepContext) -> Section { Section(photo: [], form: [context]) }
}

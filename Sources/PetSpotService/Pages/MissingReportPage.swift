import PetSpotJSON
import ReportSteps

/// `/report/missing`: the Missing flow's four steps as fresh models draw them — 1/4
/// *Microchip number*, 2/4 *Animal photo*, 3/4 *Animal description*, 4/4 *Contact details* —
/// then the report (stored, or shown as not stored on a server without a store).
struct MissingReportPage {
    let chrome: PageChromeContext
    let microchip: Microchip
    let animalPhoto: PhotoStepContext
    let animalDescription: Description
    let contactDetails: Contact

    struct Microchip {
        let header: StepHeaderContext
        let body = MissingStepsCopy.Microchip.body
        let number: TextFieldContext
        let continueTitle = MissingStepsCopy.Microchip.continueTitle
        let continueId = MissingStepsCopy.Microchip.ID.continueButton
    }

    struct Contact {
        let header: StepHeaderContext
        let body = MissingStepsCopy.Contact.body
        let phone: TextFieldContext
        let email: TextFieldContext
        let submitTitle = MissingStepsCopy.Contact.submitTitle
        let submitId = MissingStepsCopy.Contact.ID.submitButton
    }

    struct Description {
        let header: StepHeaderContext
        let date: TextFieldContext
        let species: ChoiceFieldContext
        let race: TextFieldContext
        let gender: ChoiceFieldContext
        let age: TextFieldContext
        let description: TextFieldContext
        let coordinates: CoordinateContext
        let continueTitle = AnimalDescriptionCopy.continueTitle
        let continueId = AnimalDescriptionCopy.ID.continueButton
    }

    init(configuration: PageConfiguration) {
        chrome = PageChromeContext(
            title: PageCopy.missingTitle, flow: "missing", config: configuration.json(flow: .missing).text,
            settingsHelp: configuration.settingsHelp)
        let chip = MicrochipStep(state: ReportMissingPetFlowState())
        microchip = Microchip(
            header: StepHeaderContext(
                step: MicrochipForm.step, screen: MissingStepsCopy.Microchip.screen,
                title: MissingStepsCopy.Microchip.title, progress: MissingStepsCopy.Microchip.progress, hasBack: false),
            number: TextFieldContext(
                step: MicrochipForm.step, name: "microchip", chip.microchipField, inputMode: "numeric"))
        animalPhoto = PhotoStepContext(step: "animalPhoto", screen: "animalPhoto", copy: .missingFlow, hasBack: true)
        let model = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: configuration.today)
        let step = AnimalDescriptionForm.step
        let dateField = TextFieldModel(
            label: AnimalDescriptionCopy.dateLabel, text: model.date.isoText,
            accessibilityIdentifier: AnimalDescriptionCopy.ID.datePicker)
        animalDescription = Description(
            header: StepHeaderContext(
                step: step, screen: "animalDescription", title: AnimalDescriptionCopy.title,
                progress: AnimalDescriptionCopy.progress),
            date: TextFieldContext(
                step: step, name: "date", dateField, inputType: "date", max: model.latestSelectableDate.isoText),
            species: ChoiceFieldContext.species(
                step: step, label: AnimalDescriptionCopy.speciesLabel,
                placeholder: AnimalDescriptionCopy.speciesPlaceholder,
                choices: model.speciesChoices, id: AnimalDescriptionCopy.ID.speciesDropdown),
            race: TextFieldContext(step: step, name: "race", model.raceField),
            gender: ChoiceFieldContext.genders(
                step: step, name: "gender", label: AnimalDescriptionCopy.genderLabel, choices: model.genderChoices),
            age: TextFieldContext(step: step, name: "age", model.ageField, inputMode: "numeric"),
            description: TextFieldContext(step: step, name: "description", model.descriptionField),
            coordinates: CoordinateContext(step: step, model.coordinates))
        let contact = ContactDetailsStep(state: ReportMissingPetFlowState())
        let contactStep = ContactDetailsForm.step
        contactDetails = Contact(
            header: StepHeaderContext(
                step: contactStep, screen: MissingStepsCopy.Contact.screen, title: MissingStepsCopy.Contact.title,
                progress: MissingStepsCopy.Contact.progress),
            phone: TextFieldContext(
                step: contactStep, name: "phone", contact.phoneField, inputType: "tel", autocomplete: "tel"),
            email: TextFieldContext(
                step: contactStep, name: "email", contact.emailField, inputType: "email", autocomplete: "email"))
    }
}

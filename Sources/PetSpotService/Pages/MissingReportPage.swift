import PetSpotJSON
import ReportSteps

/// `/report/missing`: the Missing flow's steps 2/4 (*Animal photo*) and 3/4 (*Animal
/// description*) as fresh models draw them, and 4/4 shown as not available yet with what
/// steps 2–3 collected. Step 1/4 (microchip number) is not on the page yet: the page opens
/// at 2/4, as ``MissingPetReportFlow`` does.
struct MissingReportPage {
    let chrome: PageChromeContext
    let animalPhoto: PhotoStepContext
    let animalDescription: Description
    let contactDetails: NotYetStepContext

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
        animalPhoto = PhotoStepContext(step: "animalPhoto", screen: "animalPhoto", copy: .missingFlow, hasBack: false)
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
        contactDetails = NotYetStepContext(
            step: "contactDetails",
            header: StepHeaderContext(
                step: "contactDetails", screen: "missingContactDetails", title: PageCopy.contactNotYetTitle,
                progress: MissingPetReportFlow.Step.contactDetails.progress),
            message: PageCopy.notYetMessage)
    }
}

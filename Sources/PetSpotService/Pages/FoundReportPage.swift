import PetSpotJSON
import ReportSteps

/// `/report/found`: the Found flow's three steps (spec 004) as fresh models draw them, then
/// the report shown after Submit report.
struct FoundReportPage {
    let chrome: PageChromeContext
    let uploadPhoto: PhotoStepContext
    let petDetails: Details
    let contactInfo: Contact

    struct Details {
        let header: StepHeaderContext
        let heading = FoundFlowCopy.PetDetails.heading
        let body = FoundFlowCopy.PetDetails.body
        let date: TextFieldContext
        let species: ChoiceFieldContext
        let breed: TextFieldContext
        let sex: ChoiceFieldContext
        let collar: TextFieldContext
        let description: TextFieldContext
        let coordinates: CoordinateContext
        let continueTitle = FoundFlowCopy.PetDetails.continueTitle
        let continueId = FoundFlowCopy.PetDetails.ID.continueButton
    }

    struct Contact {
        let header: StepHeaderContext
        let heading = FoundFlowCopy.Contact.heading
        let body = FoundFlowCopy.Contact.body
        let phone: TextFieldContext
        let email: TextFieldContext
        let caregiverPhone: TextFieldContext
        let address: TextFieldContext
        let submitTitle = FoundFlowCopy.Contact.submitTitle
        let submitId = FoundFlowCopy.Contact.ID.submitButton
    }

    init(configuration: PageConfiguration) {
        let today = configuration.today.day()
        chrome = PageChromeContext(
            title: PageCopy.foundTitle, flow: "found", config: configuration.json(flow: .found).text,
            settingsHelp: configuration.settingsHelp)
        uploadPhoto = PhotoStepContext(
            step: "uploadPhoto", screen: "foundUploadPhoto", copy: .foundFlow, hasBack: false)
        let details = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: configuration.today)
        let step = FoundPetDetailsForm.step
        petDetails = Details(
            header: StepHeaderContext(
                step: step, screen: "foundPetDetails", title: FoundFlowCopy.PetDetails.screenTitle,
                progress: FoundFlowCopy.PetDetails.progress),
            date: TextFieldContext(
                step: step, name: "date", details.dateField, value: "", inputType: "date", max: today.isoText),
            species: ChoiceFieldContext.species(
                step: step, label: FoundFlowCopy.PetDetails.speciesLabel,
                placeholder: FoundFlowCopy.PetDetails.speciesPlaceholder, choices: details.speciesChoices,
                id: FoundFlowCopy.PetDetails.ID.speciesDropdown),
            breed: TextFieldContext(step: step, name: "breed", details.breedField),
            sex: ChoiceFieldContext.genders(
                step: step, name: "sex", label: FoundFlowCopy.PetDetails.sexLabel, choices: details.sexChoices),
            collar: TextFieldContext(step: step, name: "collarData", details.collarField, inputMode: "numeric"),
            description: TextFieldContext(step: step, name: "description", details.descriptionField),
            coordinates: CoordinateContext(step: step, details.coordinates))
        let contact = ContactInfoStep(state: ReportFoundPetFlowState())
        let contactStep = ContactInfoForm.step
        contactInfo = Contact(
            header: StepHeaderContext(
                step: contactStep, screen: "foundContact", title: FoundFlowCopy.Contact.screenTitle,
                progress: FoundFlowCopy.Contact.progress),
            phone: TextFieldContext(
                step: contactStep, name: "phone", contact.phoneField, inputType: "tel", autocomplete: "tel"),
            email: TextFieldContext(
                step: contactStep, name: "email", contact.emailField, inputType: "email", autocomplete: "email"),
            caregiverPhone: TextFieldContext(
                step: contactStep, name: "caregiverPhone", contact.caregiverPhoneField, inputType: "tel"),
            address: TextFieldContext(
                step: contactStep, name: "address", contact.addressField, autocomplete: "street-address"))
    }
}

extension ChoiceFieldContext {
    /// The species dropdown: the placeholder entry, then the bundled list.
    static func species(
        step: String, label: String, placeholder: String, choices: [ChoiceModel], id: String
    ) -> ChoiceFieldContext {
        let options = zip(SpeciesTaxonomy.options, choices).map { option, choice in
            OptionContext(
                value: option.id, title: choice.title, symbol: "", id: choice.accessibilityIdentifier,
                selected: choice.isSelected)
        }
        return ChoiceFieldContext(
            name: "species", domId: "\(step)-species", id: id, label: label, placeholder: placeholder,
            options: options, isDropdown: true)
    }

    /// The Female and Male cards.
    static func genders(step: String, name: String, label: String, choices: [ChoiceModel]) -> ChoiceFieldContext {
        let options = zip([AnimalGender.female, .male], choices).map { gender, choice in
            OptionContext(
                value: gender.rawValue, title: choice.title, symbol: gender.symbol, id: choice.accessibilityIdentifier,
                selected: choice.isSelected)
        }
        return ChoiceFieldContext(
            name: name, domId: "\(step)-\(name)", id: choices.first?.accessibilityIdentifier ?? "", label: label,
            placeholder: "", options: options, isDropdown: false)
    }
}

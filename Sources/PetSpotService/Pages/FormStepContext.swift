import ReportSteps
import ReportStore

/// A step with fields as `FormStep.mustache` draws it: its header, heading and body, every
/// field of its model in screen order as its kind (``FieldKind``) draws it, named by its key
/// type (``ReportField``), the coordinates block, and the primary button.
struct FormStepContext {
    let step: String
    let intro: StepIntroContext
    let fields: [FieldContext]
    /// The latitude/longitude block, on the steps that have one (one entry, or none).
    let coordinates: [CoordinateContext]
    /// The fields after the coordinates in screen order (the search radius), drawn under them.
    let fieldsAfterCoordinates: [FieldContext]
    let continueId: String
    let continueTitle: String

    /// One field: a text input or area, or a dropdown or cards (Mustache sections: one of the
    /// two has one entry).
    struct FieldContext {
        let text: [TextFieldContext]
        let choice: [ChoiceFieldContext]
    }

    /// The step `step` of a page, drawing `form` as a fresh model shows it.
    init<Step: ReportFlowStep, Form: FieldForm>(
        step: Step, form: Form, coordinates: CoordinateFields?, continueId: String, continueTitle: String,
        today: CalendarDay
    ) {
        self.step = step.name
        intro = StepIntroContext(step)
        let split = Form.fields.lastIndex { $0.fieldKind == .coordinate }.map { $0 + 1 } ?? Form.fields.count
        fields = Form.fields[..<split].filter { $0.fieldKind != .coordinate }.map {
            Self.field($0, of: form, step: step.name, today: today)
        }
        fieldsAfterCoordinates = Form.fields[split...].map { Self.field($0, of: form, step: step.name, today: today) }
        let names = Form.fields.filter { $0.fieldKind == .coordinate }.map(\.rawValue)
        if let coordinates, names.count == 2 {
            self.coordinates = [
                CoordinateContext(step: step.name, coordinates, latitude: names[0], longitude: names[1])
            ]
        } else {
            self.coordinates = []
        }
        self.continueId = continueId
        self.continueTitle = continueTitle
    }

    /// `field` as its kind draws it.
    static func field<Form: FieldForm>(_ field: ReportField, of form: Form, step: String, today: CalendarDay)
        -> FieldContext
    {
        let model = form.model(of: field)
        let name = field.rawValue
        let text = { (inputType: String, inputMode: String, max: String, autocomplete: String) in
            // Only a day field has a latest day; its earliest is the steps' (1900-01-01).
            let min = max.isEmpty ? "" : CalendarDay.earliestReportable.isoText
            return FieldContext(
                text: [
                    TextFieldContext(
                        step: step, name: name, model, value: form.text(of: field), inputType: inputType,
                        inputMode: inputMode, min: min, max: max, autocomplete: autocomplete)
                ], choice: [])
        }
        switch field.fieldKind {
        case .species:
            return FieldContext(
                text: [],
                choice: [
                    .species(
                        step: step, name: name, label: model.label, placeholder: model.placeholder,
                        choices: form.choices(of: field), id: model.accessibilityIdentifier)
                ])
        case .gender:
            return FieldContext(
                text: [],
                choice: [.genders(step: step, name: name, label: model.label, choices: form.choices(of: field))])
        case .searchRadius:
            return FieldContext(
                text: [],
                choice: [.searchRadius(step: step, name: name, model: model, choices: form.choices(of: field))])
        case .day: return text("date", "", today.isoText, "off")
        case .wholeNumber, .digits: return text("text", "numeric", "", "off")
        case .coordinate: return text("text", "decimal", "", "off")
        case .ownPhone: return text("tel", "", "", "tel")
        case .ownEmail: return text("email", "", "", "email")
        case .otherPhone: return text("tel", "", "", "off")
        case .address: return text("text", "", "", "street-address")
        case .text, .multilineText: return text("text", "", "", "off")
        }
    }
}

extension ChoiceFieldContext {
    /// The species dropdown: the placeholder entry, then the bundled list, each option's value
    /// its field text (`DOG`).
    static func species(
        step: String, name: String, label: String, placeholder: String, choices: [ChoiceModel], id: String
    ) -> ChoiceFieldContext {
        let options = zip(SpeciesTaxonomy.options, choices).map { option, choice in
            OptionContext(
                value: option.fieldText, title: choice.title, symbol: "", id: choice.accessibilityIdentifier,
                selected: choice.isSelected)
        }
        return ChoiceFieldContext(
            name: name, domId: "\(step)-\(name)", id: id, label: label, placeholder: placeholder,
            options: options, isDropdown: true)
    }

    /// The search radius dropdown: no empty entry (10 km until another is chosen), each
    /// option's value its field text (`15`), the hint under it.
    static func searchRadius(step: String, name: String, model: TextFieldModel, choices: [ChoiceModel])
        -> ChoiceFieldContext
    {
        let options = zip(SearchRadiusChoice.all, choices).map { radius, choice in
            OptionContext(
                value: radius.fieldText, title: choice.title, symbol: "", id: choice.accessibilityIdentifier,
                selected: choice.isSelected)
        }
        return ChoiceFieldContext(
            name: name, domId: "\(step)-\(name)", id: model.accessibilityIdentifier, label: model.label,
            placeholder: "", options: options, isDropdown: true, hasPlaceholder: false, helper: model.helperText ?? "",
            hasHelper: model.helperText != nil)
    }

    /// The Female and Male cards, each card's value its field text (`FEMALE`).
    static func genders(step: String, name: String, label: String, choices: [ChoiceModel]) -> ChoiceFieldContext {
        let options = zip([AnimalGender.female, .male], choices).map { gender, choice in
            OptionContext(
                value: gender.fieldText, title: choice.title, symbol: gender.symbol,
                id: choice.accessibilityIdentifier, selected: choice.isSelected)
        }
        return ChoiceFieldContext(
            name: name, domId: "\(step)-\(name)", id: choices.first?.accessibilityIdentifier ?? "", label: label,
            placeholder: "", options: options, isDropdown: false)
    }
}

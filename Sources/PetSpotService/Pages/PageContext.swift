import ReportSteps

// What the report templates render. Every value is a plain `String` or `Bool` (never an
// optional: Mustache looks a missing value up in the enclosing contexts), and every text
// from a person or a model is rendered with `{{ }}`, which HTML-escapes it.

/// A step's top bar: back arrow, title, step counter, Cancel.
struct StepHeaderContext {
    let step: String
    let screenTitle: String
    let progress: String
    let hasBack: Bool
    let backId: String
    let backTitle = WizardNavigationCopy.backTitle
    let cancelId: String
    let cancelTitle = WizardNavigationCopy.cancelTitle

    /// The header of `step`: its title and progress, and Back where the step has one before it.
    init<Step: ReportFlowStep>(_ step: Step) {
        self.step = step.name
        screenTitle = step.screenTitle
        progress = step.progress
        hasBack = step.previous != nil
        backId = WizardNavigationCopy.backAccessibilityIdentifier(screen: step.intro.screen)
        cancelId = WizardNavigationCopy.cancelAccessibilityIdentifier(screen: step.intro.screen)
    }
}

/// A text input or text area, from the model's ``TextFieldModel``.
struct TextFieldContext {
    let name: String
    let domId: String
    let id: String
    let label: String
    let placeholder: String
    let value: String
    let error: String
    let hasError: Bool
    let helper: String
    let hasHelper: Bool
    let disabled: Bool
    let multiline: Bool
    /// `text`, `date`, `tel`, `email`.
    let inputType: String
    /// `numeric`, `decimal` or empty.
    let inputMode: String
    let hasInputMode: Bool
    /// The earliest and the latest day a date input offers (`YYYY-MM-DD`), or empty.
    let min: String
    let max: String
    let hasMax: Bool
    let autocomplete: String

    init(
        step: String, name: String, _ model: TextFieldModel, value: String? = nil, inputType: String = "text",
        inputMode: String = "", min: String = "", max: String = "", autocomplete: String = "off"
    ) {
        self.name = name
        domId = "\(step)-\(name)"
        id = model.accessibilityIdentifier
        label = model.label
        placeholder = model.placeholder
        self.value = value ?? model.text
        error = model.errorMessage ?? ""
        hasError = model.errorMessage != nil
        helper = model.helperText ?? ""
        hasHelper = model.helperText != nil
        disabled = model.isDisabled
        multiline = model.isMultiline
        self.inputType = inputType
        self.inputMode = inputMode
        hasInputMode = !inputMode.isEmpty
        self.min = min
        self.max = max
        hasMax = !max.isEmpty
        self.autocomplete = autocomplete
    }
}

/// One entry of a dropdown or one selector card.
struct OptionContext {
    let value: String
    let title: String
    let symbol: String
    let id: String
    let selected: Bool
}

/// A dropdown (species, search radius) or a pair of cards (gender, sex).
struct ChoiceFieldContext {
    let name: String
    let domId: String
    let id: String
    let label: String
    let placeholder: String
    let options: [OptionContext]
    /// A dropdown (with ``placeholder`` as its empty entry when it has one); otherwise cards.
    let isDropdown: Bool
    /// Whether the dropdown starts with ``placeholder`` as an empty entry (the species' "Select
    /// an option"); a dropdown with a default (the search radius) has none. Stored, as every
    /// member a template reads.
    var hasPlaceholder = true
    /// The hint under the field (the search radius's); empty for none.
    var helper = ""
    /// Whether there is a hint.
    var hasHelper = false
}

/// The latitude/longitude block with its location button.
struct CoordinateContext {
    let latitude: TextFieldContext
    let longitude: TextFieldContext
    let buttonTitle: String
    let buttonId: String
    /// Shown while a request runs: stops waiting for it.
    let cancelTitle = CoordinateFields.cancelRequestTitle
    let cancelId: String
    let helper: String

    /// The block of `step`, its inputs named `latitude` and `longitude` (the fields' names).
    init(step: String, _ fields: CoordinateFields, latitude: String, longitude: String) {
        self.latitude = TextFieldContext(
            step: step, name: latitude, fields.latitudeField, value: fields.latitudeText, inputMode: "decimal")
        self.longitude = TextFieldContext(
            step: step, name: longitude, fields.longitudeField, value: fields.longitudeText, inputMode: "decimal")
        buttonTitle = fields.copy.buttonTitle
        buttonId = fields.copy.buttonAccessibilityIdentifier
        cancelId = fields.copy.cancelRequestAccessibilityIdentifier
        helper = fields.helperText
    }
}

/// A step's top (`StepIntro.mustache`): its header, and its heading and body when it has them.
struct StepIntroContext {
    let header: StepHeaderContext
    let heading: String
    let hasHeading: Bool
    let body: String
    let hasBody: Bool

    init<Step: ReportFlowStep>(_ step: Step) {
        header = StepHeaderContext(step)
        heading = step.intro.heading ?? ""
        hasHeading = step.intro.heading != nil
        body = step.intro.body ?? ""
        hasBody = step.intro.body != nil
    }
}

/// A photo step from its ``PhotoStepCopy``.
struct PhotoStepContext {
    let step: String
    let intro: StepIntroContext
    let browseTitle: String
    let secondary: String
    let hasSecondary: Bool
    let helper: String
    let removeTitle: String
    let continueTitle: String
    let browseId: String
    let removeId: String
    let continueId: String
    /// The file picker's `accept` list, from the formats the step takes.
    let accept: String

    init<Step: ReportFlowStep>(_ step: Step, copy: PhotoStepCopy) {
        self.step = step.name
        intro = StepIntroContext(step)
        browseTitle = copy.browseTitle
        secondary = copy.emptyStateSecondary ?? ""
        hasSecondary = copy.emptyStateSecondary != nil
        helper = copy.requirementHelperText
        removeTitle = copy.removeTitle
        continueTitle = copy.continueTitle
        browseId = copy.browseAccessibilityIdentifier
        removeId = copy.removeAccessibilityIdentifier
        continueId = copy.continueAccessibilityIdentifier
        accept = ImageType.allCases.filter { copy.acceptedTypes.contains($0) }.map(\.mimeType).joined(separator: ",")
    }
}

/// What every report page has around its steps: the report shown after the last step,
/// the toast, the permission alert, what Go to Settings says, the Cancel question.
struct PageChromeContext {
    let title: String
    let flow: String
    /// The page's configuration as JSON (a `data-` attribute: escaped like any text).
    let config: String
    let noScript = PageCopy.noScript
    let reportTitle = PageCopy.reportTitle
    let startOverTitle = PageCopy.startOverTitle
    let startOverId = PageCopy.startOverIdentifier
    let backTitle = WizardNavigationCopy.backTitle
    let previewBackId = WizardNavigationCopy.backAccessibilityIdentifier(screen: PageCopy.previewScreen)
    let alertCancelId = LocationPermissionAlert(.denied).cancelAccessibilityIdentifier
    let alertCancelTitle = LocationPermissionAlert(.denied).cancelTitle
    let alertSettingsId = LocationPermissionAlert(.denied).settingsAccessibilityIdentifier
    let alertSettingsTitle = LocationPermissionAlert(.denied).settingsTitle
    let settingsHelpTitle = PageCopy.settingsHelpTitle
    let settingsHelp: String
    let settingsHelpClose = PageCopy.settingsHelpClose
    let settingsHelpCloseId = PageCopy.settingsHelpCloseIdentifier
    let cancelQuestion = QuestionDialog(name: "cancel", question: WizardNavigationCopy.cancelQuestion)
}

/// A question's dialog (``QuestionCopy``, `Question.mustache`): `name` makes its
/// `data-modal`, its `data-action`s and its element ids (`cancel-title`).
struct QuestionDialog {
    let name: String
    let question: QuestionCopy
}

public import ReportStore

extension MicrochipStep: FieldForm {
    /// *Microchip number*'s one field: digits, at most 15.
    public static let fields: [ReportField] = [.microchipNumber]

    /// The number as its input shows it, grouped (`12345-67890-12`).
    public func text(of field: ReportField) -> String { field == .microchipNumber ? microchip.formatted : "" }

    public mutating func enter(_ text: String, in field: ReportField, as entry: FieldEntry) throws(FieldTextError) {
        if field == .microchipNumber { try chip.enter(text, as: entry) }
    }

    public func model(of field: ReportField) -> TextFieldModel { microchipField }

    /// None: the number is optional and the stored one is always valid, so Continue always
    /// advances (a refused entry says so when it is made).
    public var fieldErrors: [(field: ReportField, message: String)] { [] }
}

extension MicrochipStep: FlowStepForm {}

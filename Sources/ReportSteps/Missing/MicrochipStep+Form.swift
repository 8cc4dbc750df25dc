extension MicrochipStep: FieldForm {
    /// *Microchip number*'s one field.
    public enum Field: String, ReportField {
        /// The microchip number: digits, at most 15.
        case microchipNumber

        public var kind: FieldKind { .digits }
    }

    /// The number as its input shows it, grouped (`12345-67890-12`).
    public func text(of field: Field) -> String { microchip.formatted }

    public mutating func enter(_ text: String, in field: Field, as entry: FieldEntry) throws(FieldTextError) {
        try chip.enter(text, as: entry)
    }

    public func model(of field: Field) -> TextFieldModel { microchipField }

    /// None: the number is optional and the stored one is always valid, so Continue always
    /// advances (a refused entry says so when it is made).
    public var fieldErrors: [(field: Field, message: String)] { [] }
}

extension MicrochipStep: FlowStepForm {}

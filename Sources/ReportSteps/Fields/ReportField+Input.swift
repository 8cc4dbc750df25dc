public import ReportStore

extension ReportField {
    /// What input draws the field on a step (a date picker, a phone keypad, a dropdown): one
    /// line of free text unless said otherwise, whichever flow asks for it.
    public var fieldKind: FieldKind {
        switch self {
        case .lastSeenDate: .day
        case .species: .species
        case .gender: .gender
        case .approximateAge: .wholeNumber
        case .microchipNumber: .digits
        case .description: .multilineText
        case .currentAddress: .address
        case .locationLatitude, .locationLongitude: .coordinate
        case .locationRadius: .searchRadius
        case .phone: .ownPhone
        case .email: .ownEmail
        case .caregiverPhone: .otherPhone
        default: .text
        }
    }
}

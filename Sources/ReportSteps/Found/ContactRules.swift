/// The phone and email rules shared by the report flows (spec 004 FR-010a, FR-012).
///
/// ```swift
/// ContactRules.sanitizedPhone("+48 (123) 456-789")   // "+48123456789"
/// ContactRules.isValidPhone("+48 123 456 78")        // true: 10 digits
/// ContactRules.isValidPhone("12-34")                 // false: 4 digits
/// ContactRules.isValidEmail("owner@email.com")       // true
/// ```
public enum ContactRules {
    /// Fewest digits in a phone number.
    public static let minimumPhoneDigits = 7
    /// Most digits in a phone number.
    public static let maximumPhoneDigits = 11

    /// Digits and `+` only; every other character (spaces, brackets, hyphens) is dropped.
    public static func sanitizedPhone(_ text: String) -> String {
        String(text.filter { ($0.isASCII && $0.isNumber) || $0 == "+" })
    }

    /// `true` when the text has 7–11 digits once everything but digits and `+` is dropped.
    public static func isValidPhone(_ text: String) -> Bool {
        let digits = sanitizedPhone(text).filter { $0 != "+" }.count
        return (minimumPhoneDigits...maximumPhoneDigits).contains(digits)
    }

    /// `true` for a basic `local@domain.tld`: one `@`, no white space, a non-empty local
    /// part, and a domain with a dot between non-empty labels.
    public static func isValidEmail(_ text: String) -> Bool {
        guard let email = text.trimmedNonEmpty, !email.contains(where: \.isWhitespace) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// A phone field's inline message: `nil` when valid. An empty field is
    /// "Please enter your phone number" when `required`, fine otherwise; a filled one needs
    /// 7–11 digits ("Enter a valid phone number (7–11 digits)").
    public static func phoneMessage(_ text: String, required: Bool) -> String? {
        guard text.trimmedNonEmpty != nil else { return required ? FoundFlowCopy.Contact.phoneRequired : nil }
        return isValidPhone(text) ? nil : FoundFlowCopy.Contact.phoneInvalid
    }

    /// An email field's inline message: `nil` when valid. An empty field is
    /// "Please enter your email" when `required`, fine otherwise; a filled one must be
    /// `local@domain.tld` ("Enter a valid email address").
    public static func emailMessage(_ text: String, required: Bool) -> String? {
        guard text.trimmedNonEmpty != nil else { return required ? FoundFlowCopy.Contact.emailRequired : nil }
        return isValidEmail(text) ? nil : FoundFlowCopy.Contact.emailInvalid
    }
}

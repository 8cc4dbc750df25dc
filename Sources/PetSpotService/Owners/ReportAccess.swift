import Hummingbird
import PetSpotJSON
import ReportStore
import Reports

/// Who may change a report (its status, its photo, whether it is kept): the person who made it,
/// holding the owner token it was given once (``OwnerToken``), or the operator. A report made
/// on the command line (`reports import`, `report --save`) is the operator's alone until
/// `petspot reports token ID --rotate` gives it an owner.
struct ReportAccess: Sendable {
    let operatorToken: OperatorToken?

    /// The sentence a person sees when they may not change a report (the card shows it too).
    static let onlyTheOwner = "Only the person who made this report, or the operator, can change it."

    /// Refuses `request` unless it may change `report`: 401 problem details without credentials
    /// (`reason: ownerTokenRequired`, with `WWW-Authenticate: Bearer`) or with another scheme
    /// (`badCredentials`); 403 with a token that is neither the report's owner token nor the
    /// operator's (`notOwner`). An unknown report is the caller's 404, found before this.
    func check(_ request: Request, mayChange report: PetReport) throws(Problem) {
        try Credentials.requireOwner(
            request, accepts: { mayChange(report, presenting: $0) },
            missing: "\(Self.onlyTheOwner) Send Authorization: Bearer TOKEN with the owner token given when "
                + "report \(report.id) was made.",
            refused: "\(Self.onlyTheOwner) The token sent is neither report \(report.id)'s owner token nor the "
                + "operator's; the report stays as it is.",
            reason: "notOwner")
    }

    /// Whether `request` sees `report` whole — its exact place (``PublicLocation``): it carries
    /// the report's owner token or the operator's. Anyone else (no token, another scheme, a
    /// wrong token) is a stranger: no error, the public view.
    func seesWhole(_ request: Request, _ report: PetReport) -> Bool {
        guard let presented = try? Credentials.bearer(request) else { return false }
        return mayChange(report, presenting: presented)
    }

    /// Whether `presented` is `report`'s owner token or the operator's.
    private func mayChange(_ report: PetReport, presenting presented: String) -> Bool {
        OwnerToken.owns(presented, report) || operatorToken?.matches(presented) == true
    }

    /// Whether `request` carries the operator's token (lists: every place exact).
    func isOperator(_ request: Request) -> Bool {
        guard let presented = try? Credentials.bearer(request) else { return false }
        return operatorToken?.matches(presented) == true
    }

    /// Whether `request` carries the operator's token (401/403 as
    /// ``Credentials/requireOperator(_:_:for:)`` when it carries another, or none).
    func requireOperator(_ request: Request, for what: String) throws(Problem) {
        try Credentials.requireOperator(request, operatorToken, for: what)
    }
}

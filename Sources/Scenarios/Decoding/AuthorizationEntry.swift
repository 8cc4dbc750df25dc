import Location
import OutsideInput

/// A scenario's `authorization` as the file writes it: a status alone
/// (`authorization: notDetermined`), or `authorization: {status: authorizedWhenInUse,
/// accuracy: reduced}`. The status has CoreLocation's case names; the accuracy is `full` (the
/// default) or `reduced`.
struct AuthorizationEntry: Decodable {
    /// What the file says.
    var authorization: LocationAuthorization

    private enum CodingKeys: String, CodingKey, CaseIterable { case status, accuracy }

    init(from decoder: any Decoder) throws {
        if (try? decoder.singleValueContainer().decode(String.self)) != nil {
            authorization = LocationAuthorization(try Self.status(decoder))
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self, describing: "the authorization")
        let status = try Self.status(container.superDecoder(forKey: .status))
        guard let word = try container.decodeIfPresent(String.self, forKey: .accuracy) else {
            authorization = LocationAuthorization(status)
            return
        }
        guard let accuracy = AccuracyAuthorization.allCases.first(where: { $0.scenarioWord == word }) else {
            throw container.failure(
                at: .accuracy, "unknown accuracy \(InputQuote.quoted(word)); expected full or reduced")
        }
        authorization = LocationAuthorization(status, accuracy: accuracy)
    }

    /// A status by its case name, naming every accepted one when the text is none of them.
    static func status(_ decoder: any Decoder) throws -> AuthorizationStatus {
        try decoder.caseName(
            "authorization status",
            expected: "one of: " + AuthorizationStatus.allCases.map(\.rawValue).joined(separator: ", "))
    }
}

extension AccuracyAuthorization {
    /// `full` or `reduced`, as scenario files write it.
    var scenarioWord: String { self == .reducedAccuracy ? "reduced" : "full" }
}

extension LocationAuthorization {
    /// `notDetermined`, or `authorizedWhenInUse (reduced)`: as the transcript shows it.
    var scenarioText: String {
        accuracy == .reducedAccuracy ? "\(status) (\(accuracy.scenarioWord))" : status.description
    }
}

public import Foundation
public import Observation
import OutsideInput

/// Loads the announcement JSON (the front end's network layer or a file).
public protocol AnnouncementLoading: Sendable {
    /// The body of `GET /api/v1/announcements/:id`.
    ///
    /// - Throws: any error when it cannot be fetched.
    func announcementJSON(id: String) async throws -> Data
}

/// The Pet details screen's model (spec 003 FR-019–FR-023): loading → loaded(card) or
/// error("Unable to load pet details"), with unlimited retries through ``loadPetDetails()``.
///
/// ```swift
/// let presenter = PetDetailsPresenter(petID: "42", loader: api)
/// await presenter.loadPetDetails()
/// if case .loaded(let card) = presenter.state { print(card.locationText) }   // "Warsaw • ±15 km"
/// ```
@MainActor
@Observable
public final class PetDetailsPresenter {
    /// What the screen shows.
    public enum State: Sendable, Hashable {
        /// Full-screen spinner.
        case loading
        /// The details.
        case loaded(PetDetailsCard)
        /// Full-screen message with a retry button.
        case error(String)
    }

    /// The error state's message (FR-023).
    public nonisolated static let errorMessage = "Unable to load pet details"
    /// The retry button's title.
    public nonisolated static let retryTitle = "Retry"
    /// Identifiers (FR-016).
    public enum ID {
        /// Retry button.
        public static let retry = "petDetails.retry.button"
        /// Phone link.
        public static let phone = "petDetails.phone.tap"
        /// Email link.
        public static let email = "petDetails.email.tap"
        /// Caregiver phone link (a found report's).
        public static let caregiverPhone = "petDetails.caregiverPhone.tap"
        /// Show on the map.
        public static let showMap = "petDetails.showMap.button"
        /// Remove Report.
        public static let removeReport = "petDetails.removeReport.button"
    }
    /// "Show on the map" (FR-012).
    public nonisolated static let showMapTitle = "Show on the map"
    /// "Remove Report" (FR-015).
    public nonisolated static let removeReportTitle = "Remove Report"

    /// The pet's identifier, given by the coordinator (FR-020).
    public let petID: String
    /// What the screen shows now.
    public private(set) var state: State = .loading
    /// How many loads were started (the first and every retry).
    public private(set) var loadCount = 0

    @ObservationIgnored private let loader: any AnnouncementLoading

    /// A presenter for `petID`; call ``loadPetDetails()`` to load.
    public init(petID: String, loader: any AnnouncementLoading) {
        self.petID = petID
        self.loader = loader
    }

    /// Loads (or reloads) the details: shows loading, then the card or the error. Any fetch
    /// or decoding failure becomes the same error message; retrying is always allowed.
    public func loadPetDetails() async {
        state = .loading
        loadCount += 1
        let attempt = loadCount
        let result: State
        do {
            let data = try await loader.announcementJSON(id: petID)
            result = .loaded(try PetDetailsCard(json: data))
        } catch {
            result = .error(Self.errorMessage)
        }
        guard attempt == loadCount else { return }
        state = result
    }
}

extension PetDetailsCard {
    /// The card of an announcement JSON body.
    ///
    /// - Throws: `JSONCheckError` when an object repeats a key (`"status"` twice: which one
    ///   is meant is a guess, so none is taken) or the text is not JSON; `DecodingError` when
    ///   a required field is missing or has the wrong type; ``AnnouncementError/noContact``
    ///   when it has neither a phone nor an email (spec 003 requires at least one).
    public init(json data: Data) throws {
        try JSONDuplicateKeys.check(data, file: "the announcement")
        try self.init(checking: try JSONDecoder().decode(Announcement.self, from: data))
    }

    /// The card of `announcement` when it is one the card shows.
    ///
    /// - Throws: ``AnnouncementError/noContact`` when it has neither a phone nor an email
    ///   (spec 003 requires at least one).
    public init(checking announcement: Announcement) throws(AnnouncementError) {
        guard announcement.phone?.trimmedNonEmpty != nil || announcement.email?.trimmedNonEmpty != nil else {
            throw .noContact
        }
        self.init(announcement)
    }
}

/// Why a decoded announcement is still not one the card can show.
public enum AnnouncementError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither `phone` nor `email` is given (or both are blank): spec 003 requires at least one
    /// way to reach the owner.
    case noContact

    /// The message a person sees.
    public var description: String {
        switch self {
        case .noContact: "it has neither a phone nor an email; an announcement needs at least one of them."
        }
    }
}

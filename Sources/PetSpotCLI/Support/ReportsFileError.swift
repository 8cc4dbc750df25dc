import Geodata
import Geodesy
import OutsideInput
import ReportStore

/// A reports file (`nearby --reports FILE`, `reports import FILE`) that cannot be used as a
/// whole: not UTF-8, not JSON or CSV of reports, or with invalid reports (every one listed).
enum ReportsFileError: CommandFailure {
    /// The most problems one error lists.
    static let problemLimit = 20

    /// The file `name` is not UTF-8 text.
    case notUTF8(name: String)
    /// The JSON cannot be read (a key written twice, not JSON).
    case unreadableJSON(JSONCheckError)
    /// The JSON is not an array of report objects.
    case notAnArray
    /// The CSV cannot be read as reports (`name` when the file is named in the message).
    case unreadableCSV(name: String?, problem: ImportProblem)
    /// Reports that are not valid, by line or item: none was used.
    case invalidReports([String])

    var message: String {
        switch self {
        case .notUTF8(let name): "Reports: \(name) is not UTF-8 text (save it as UTF-8 CSV or JSON)."
        case .unreadableJSON(let error): "Reports: \(error.description)"
        case .notAnArray: "Reports: expected a JSON array of report objects ([{\"id\": …, \"latitude\": …}, …])."
        case .unreadableCSV(let name?, let problem): "Reports: \(name): \(problem.description)."
        case .unreadableCSV(nil, let problem): "Reports: \(problem.description)."
        case .invalidReports(let problems):
            "Reports: \(problems.count) invalid report\(problems.count == 1 ? "" : "s"), none used:\n"
                + Self.listed(problems)
        }
    }

    /// The first ``problemLimit`` problems, indented, and how many more.
    private static func listed(_ problems: [String]) -> String {
        var lines = problems.prefix(problemLimit).map { "  " + $0 }
        if problems.count > problemLimit { lines.append("  … and \(problems.count - problemLimit) more") }
        return lines.joined(separator: "\n")
    }
}

/// What is wrong with one report of a reports file (its line or item number goes first).
enum ReportItemProblem: CommandFailure {
    /// An array item that is not an object.
    case notAnObject
    /// Both names of the radius.
    case bothRadii
    /// A member the report needs is missing (`id`, `latitude`, …).
    case missing(String)
    /// The id is empty text.
    case emptyID
    /// The id is something else than text or a whole number (`kind` says what).
    case idNotText(kind: String)
    /// A member is not a number (`kind` says what it is).
    case notANumber(name: String, kind: String)
    /// The coordinate is out of range.
    case coordinate(latitude: Double, longitude: Double, error: CoordinateFieldError)
    /// The radius is out of range.
    case radius(RadiusError)

    var message: String {
        switch self {
        case .notAnObject: "expected an object {\"id\": …, \"latitude\": …, \"longitude\": …, \"radiusKm\": …}"
        case .bothRadii: "give radiusKm or locationRadius, not both"
        case .missing(let name): "\(name) is missing"
        case .emptyID: "id is empty"
        case .idNotText(let kind): "id must be text or a whole number, not \(kind)"
        case .notANumber(let name, let kind): "\(name) must be a number, not \(kind)"
        case .coordinate(let latitude, let longitude, let error): "\(latitude), \(longitude): \(error.description)"
        case .radius(let error): error.description
        }
    }
}

import Geodesy
import ReportStore

/// Reports as CSV for `nearby --reports FILE`: ReportStore's ``ReportCSV`` (RFC 4180, the
/// header rules, Geodata's field rules), with every bad row listed by line.
enum ReportsCSV {
    static func parse(_ text: String) throws(ReportsFileError) -> [NearbyReport] {
        let csv: ReportCSV
        do {
            csv = try ReportCSV(bytes: Array(text.utf8))
        } catch {
            throw .unreadableCSV(name: nil, problem: error)
        }
        var reports: [NearbyReport] = []
        var problems: [String] = []
        csv.forEachRow { row in
            switch row {
            case .invalid(let problem):
                problems.append(problem.description)
            case .report(let report, _):
                if let coordinate = report.coordinate, let radius = report.radius {
                    reports.append(NearbyReport(id: report.id, coordinate: coordinate, radius: radius))
                }
            }
        }
        try ReportsFile.check(problems)
        return reports
    }
}

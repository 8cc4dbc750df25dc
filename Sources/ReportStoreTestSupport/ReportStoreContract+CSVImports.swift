import Geodata
import Geodesy
import ReportStore

/// The contract's check of a CSV import as ``ReportCSV`` hands it to an engine: rows of places
/// still in the file's bytes (``ImportRecord/place(_:)``, which an engine may write without a
/// ``PetReport``) mixed with rows that go the report's way (a quote written `""` in a field, an
/// id that breaks a rule), across several of an engine's batches. Whatever way a row takes, the
/// store keeps what ``ReportCSV/forEachRow(_:)`` makes of it and lists the same problems by line.
extension ReportStoreContract {
    static func csvImports(_ store: any ReportStore, _ log: inout [String]) async throws {
        try await store.add([try missing("C-stored", 4, 4, km: 2)])
        let count = try await store.count()
        let source = try ReportCSV(bytes: Array(csvRows().utf8))
        var expected: [PetReport] = []
        var seen: Set<String> = ["C-stored"]
        source.forEachRow { row in
            if case .report(let report, _) = row, (try? report.validate()) != nil, seen.insert(report.id).inserted {
                expected.append(report)
            }
        }
        let problems = [100, 120, 150, 170]
        do {
            _ = try await store.importReports(source, skipInvalid: false)
            log.append("a CSV import with invalid rows succeeded")
        } catch {
            let lines = error.problems.map(\.number)
            if lines != problems { log.append("a CSV import listed lines \(lines), not \(problems)") }
        }
        if try await store.count() != count { log.append("a CSV import with invalid rows stored some") }
        let summary = try await store.importReports(source, skipInvalid: true)
        if summary.imported != expected.count || summary.skipped.map(\.number) != problems {
            log.append(
                "a CSV import with --skip-invalid stored \(summary.imported) (not \(expected.count)) and skipped "
                    + "\(summary.skipped.map(\.number))")
        }
        for report in expected {
            let read = try await store.report(id: report.id)
            if !stamped(read, as: report) {
                log.append("\(report.id) reads back as \(read), not as the CSV row makes it")
            }
        }
        if try await store.report(id: "C-stored").coordinate != place(4, 4) {
            log.append("a CSV import replaced a stored id")
        }
        for report in expected { try await store.remove(id: report.id) }
        try await store.remove(id: "C-stored")
    }

    /// 200 rows with a header (lines 2…201): places with and without a name, phone, email and
    /// status; quoted ids and fields, a quote written `""`; a latitude out of
    /// range (line 100), an id with a space (line 120), an id repeated from line 12 in a later
    /// batch (line 150) and a stored id (line 170).
    static func csvRows() -> String {
        var lines = ["id,lat,lon,radiusKm,location,status,phone,email"]
        for number in 0..<200 {
            let line = number + 2
            var id = "C-\(number)"
            var latitude = "\(number % 170 - 85).12345"
            switch line {
            case 100: latitude = "95"
            case 120: id = "bad id"
            case 150: id = "C-10"
            case 170: id = "C-stored"
            default: break
            }
            if number % 11 == 0 { id = "\"\(id)\"" }
            let longitude = "\(number - 170).5"
            let radius = number % 2 == 0 ? "\(number % 50 + 1)" : "2.5"
            let name =
                switch number % 7 {
                case 0: "\"Old \"\"Town\"\" \(number)\""
                case 1: "Park \(number)"
                case 2: "\"Quoted, with a comma \(number)\""
                default: ""
                }
            let status = number % 5 == 0 ? "closed" : number % 5 == 1 ? "FOUND" : number % 5 == 2 ? "ACTIVE" : ""
            let phone = number % 3 == 0 ? "+48 600 000 \(number)" : ""
            let email = number % 4 == 0 ? "\"c\(number)@example.org\"" : ""
            lines.append([id, latitude, longitude, radius, name, status, phone, email].joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}

import ReportStore
import ReportStoreTestSupport
import SQLiteReportStore
import Testing

/// A CSV row of places handed to a store as the file's bytes (``PlaceRow``) is exactly the
/// report ``ReportCSV/forEachRow(_:)`` makes of it, and only a row that passes
/// ``PetReport/validate()`` is handed so: every other row goes through the store's check, so its
/// message is the one it always was. An id's bytes are checked by the rules of its text.
@Suite struct ReportCSVRowsTests {
    static let csv =
        [
            "id,lat,lon,radiusKm,location,status,phone,email",
            "r-1,52.2297,21.0122,15,Warsaw,,+48 123,",
            #""r-2" , 1.5 ,"2.5",0.5,"Old ""Town""",closed,,a@b.c"#,
            "nearby,1,1,1,,,,",
            ".,1,1,1,,,,",
            "..,1,1,1,,,,",
            String(repeating: "x", count: 129) + ",1,1,1,,,,",
            String(repeating: "y", count: 128) + ",1,1,1,,FOUND,,",
            "bad id,1,1,1,,,,",
            #""r""3",1,1,1,,,,"#,
            "r-4,1,1,1," + String(repeating: "p", count: 4097) + ",,,",
            "r-5,1,1,1," + String(repeating: "p", count: 4096) + ",,,",
            "r-6,1,1,1,\"a\u{0}b\",,,",
            "r-7,1,1,1,\"two\r\nlines\",ACTIVE,,",
            "r-8,95,1,1,,,,",
        ].joined(separator: "\r\n") + "\r\n"

    @Test func aRowOfPlacesIsTheReportItMakesAndOnlyAValidOne() throws {
        let source = try ReportCSV(bytes: Array(Self.csv.utf8))
        var rows: [ReportRow] = []
        source.forEachRow { rows.append($0) }
        var records: [(ReportRow, isPlace: Bool)] = []
        var ended = false
        source.forEachRecord(
            { record in
                switch record {
                case .row(let row): records.append((row, false))
                case .place(let row): records.append((.report(row.report, line: row.line), true))
                }
            }, end: { ended = true })
        #expect(ended)
        #expect(records.map(\.0) == rows)
        for (row, isPlace) in records {
            guard case .report(let report, let line) = row else {
                #expect(!isPlace)
                continue
            }
            // A field with a quote in it (line 3's place) goes the report's way, valid or not.
            if isPlace { #expect((try? report.validate()) != nil, "line \(line): \(report.id.prefix(20))") }
        }
        let places = records.filter(\.isPlace).compactMap { row -> Int? in
            if case .report(_, let line) = row.0 { line } else { nil }
        }
        #expect(places == [2, 8, 12, 14])
    }

    @Test(arguments: [
        "r-1", "a~b@c+d:e_f.g-h", "nearby", "Nearby", ".", "..", "...", "", "bad id", "ä", "r\"1",
        String(repeating: "x", count: 128), String(repeating: "x", count: 129),
    ])
    func anIdsBytesAreValidExactlyWhenItsCheckPasses(id: String) {
        let checked = (try? ReportID.check(id)) != nil
        let bytes = Array(id.utf8)
        #expect(bytes.withUnsafeBufferPointer { ReportID.isValid(utf8: $0) } == checked)
    }
}

// `store-bench`: the reports store's process-level numbers for Docs/Performance.md, printed
// as markdown (Benchmarks/Scripts/report-store.sh runs it, release build, under nice).
//
//   store-bench inprocess 100000 1000000 10000000   # NearbySearch p50/p99, build time, memory
//   store-bench sqlite 1000000                      # CSV → SQLite import, index load (start-up)
//   store-bench postgis 100000 1000000 10000000     # COPY import, nearby p50/p99 on PostGIS
//
// Every size uses the same seeded reports (ReportStoreTestSupport's SplitMix) and the same
// 1,000 found places, so the engines answer the same questions.
import Foundation
import Geodata
import Geodesy
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import SQLiteReportStore

#if canImport(Glibc)
    import Glibc
#endif

/// Reports spread like real ones: most in populated latitudes, radii 0–50 km (a few to 500).
func reports(_ count: Int) throws -> [PetReport] {
    var generator = SplitMix(seed: 18)
    return try (0..<count).map { number in
        let latitude = generator.unit() * 120 - 55
        let longitude = generator.unit() * 360 - 180
        let kilometres = number % 100 == 0 ? generator.unit() * 500 : generator.unit() * 50
        return try PetReport.missing(
            id: String(format: "r%08d", number), coordinate: Coordinate(latitude: latitude, longitude: longitude),
            radius: SearchRadius(kilometers: kilometres))
    }
}

/// Found places: half on top of a report, half anywhere.
func queries(_ reports: [PetReport], count: Int = 1000) throws -> [Coordinate] {
    var generator = SplitMix(seed: 4)
    return try (0..<count).map { number in
        if number % 2 == 0, let coordinate = reports[Int(generator.next() % UInt64(reports.count))].coordinate {
            return coordinate
        }
        return try Coordinate(latitude: generator.unit() * 120 - 55, longitude: generator.unit() * 360 - 180)
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

/// The resident set size now, in MB (from /proc/self/statm).
func residentMB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let pages = text.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1e6
}

func milliseconds(_ value: Double) -> String { String(format: "%.3f ms", value * 1000) }

func inProcess(_ sizes: [Int]) throws {
    print("### In-process index (NearbySearch)\n")
    print("| reports | build | memory (RSS growth) | nearby p50 | nearby p99 | matches/query |")
    print("|---|---|---|---|---|---|")
    let clock = ContinuousClock()
    for size in sizes {
        let all = try reports(size)
        let asked = try queries(all)
        let entries = all.compactMap(\.indexEntry)
        let before = residentMB()
        let start = clock.now
        let index = LiveNearbyIndex(entries: entries)
        let build = seconds(clock.now - start)
        let memory = residentMB() - before
        var times: [Double] = []
        var found = 0
        for query in asked {
            let begin = clock.now
            found += index.matches(near: query, margin: .zero).count
            times.append(seconds(clock.now - begin))
        }
        print(
            "| \(size.formatted()) | \(String(format: "%.2f s", build)) | \(String(format: "%.0f MB", memory)) | "
                + "\(milliseconds(percentile(times, 0.5))) | \(milliseconds(percentile(times, 0.99))) | "
                + "\(String(format: "%.1f", Double(found) / Double(asked.count))) |")
    }
    print()
}

func sqlite(_ sizes: [Int]) async throws {
    print("### SQLite store\n")
    print("| reports | CSV → SQLite import | rows/s | index load (start-up) | nearby p50 | nearby p99 | file |")
    print("|---|---|---|---|---|---|---|")
    let clock = ContinuousClock()
    for size in sizes {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = try reports(size)
        var csv = "id,latitude,longitude,radiusKm\r\n"
        for report in all {
            guard let coordinate = report.coordinate, let radius = report.radius else { continue }
            csv +=
                report.id + ","
                + String(
                    format: "%.6f,%.6f,%.4f\r\n", coordinate.latitude.degrees,
                    coordinate.longitude.degrees, radius.kilometers)
        }
        let bytes = Array(csv.utf8)
        csv = ""
        let path = folder.appendingPathComponent("r.sqlite").path
        var store = try SQLiteReportStore(path: path)
        let start = clock.now
        let source = try ReportCSV(bytes: bytes)
        let summary = try await store.importReports(source, skipInvalid: false)
        let importTime = seconds(clock.now - start)
        precondition(summary.imported == size)
        await store.close()
        store = try SQLiteReportStore(path: path)
        let loadStart = clock.now
        _ = try await store.prepareForQueries()
        let load = seconds(clock.now - loadStart)
        var times: [Double] = []
        for query in try queries(all) {
            let begin = clock.now
            _ = try await store.nearby(query, margin: .zero, limit: 100)
            times.append(seconds(clock.now - begin))
        }
        await store.close()
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(
            "| \(size.formatted()) | \(String(format: "%.2f s", importTime)) | "
                + "\(Int(Double(size) / importTime).formatted()) | \(String(format: "%.2f s", load)) | "
                + "\(milliseconds(percentile(times, 0.5))) | \(milliseconds(percentile(times, 0.99))) | "
                + "\(fileSize / 1_000_000) MB |")
    }
    print()
}

/// The load average over the last minute (from /proc/loadavg).
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return String(text.split(separator: " ").first ?? "?")
}

/// p50 and p99 of `body` over `places`, in seconds.
func timedQueries(_ places: [Coordinate], _ body: (Coordinate) async throws -> Void) async rethrows -> (
    Double, Double
) {
    let clock = ContinuousClock()
    var times: [Double] = []
    for place in places {
        let begin = clock.now
        try await body(place)
        times.append(seconds(clock.now - begin))
    }
    return (percentile(times, 0.5), percentile(times, 0.99))
}

/// Prints (to standard error) the plans of the nearby query for `place`: planned for its
/// values, and the generic plan a prepared statement may switch to after five executions.
func explain(_ server: PostgresServer, database: String, place: Coordinate) async throws {
    let (statement, values) = PostgresReportStore.nearbyStatement(place, margin: .zero)
    let types = Array(repeating: "float8", count: values.count).joined(separator: ", ")
    let arguments = values.map { "\($0)" }.joined(separator: ", ")
    for mode in ["force_custom_plan", "force_generic_plan"] {
        let plan = try await server.psql(
            "SET max_parallel_workers_per_gather = 0; SET plan_cache_mode = \(mode); "
                + "PREPARE q(\(types)) AS \(statement); "
                + "EXPLAIN (ANALYZE, BUFFERS, SUMMARY) EXECUTE q(\(arguments))",
            database: database)
        FileHandle.standardError.write(Data("== \(mode)\n\(plan)\n".utf8))
    }
}

/// Sizes up to this are loaded through the store's import with every index in place (what
/// `petspot reports import` does); larger ones as a bulk load: the same import with the 25
/// nearby indexes dropped, then built again from their own definitions.
let bulkAbove = Int(ProcessInfo.processInfo.environment["STORE_POSTGIS_BULK_ABOVE"] ?? "") ?? 1_000_000

func postgis(_ sizes: [Int]) async throws {
    print("### PostgreSQL 15 + PostGIS 3.3\n")
    print(
        "A server started for the run (`fsync=off`, 128 MB shared buffers, the rest in the OS cache). "
            + "Nearby: the store's query (prepared, a box per radius band on its partial GiST index "
            + "of points, then the exact filter), limit 100, the same 1,000 places three times over; the "
            + "in-process index over the same reports answers the same places in the same run. "
            + "Up to \(bulkAbove.formatted()) reports the load is the store's import with every index "
            + "in place; above, the same import with the nearby indexes dropped and then built again.\n")
    print(
        "| reports | load | rows/s | nearby p50 | nearby p99 | in-process p50 / p99 | p50 ratio (PostGIS ÷ in-process) "
            + "| load average | table + indexes |")
    print("|---|---|---|---|---|---|---|---|---|")
    let clock = ContinuousClock()
    let server = try await PostgresServer.start()
    do {
        for size in sizes {
            let address = try await server.createDatabase()
            try await PostgresReportStore.withStore(address, timeout: .seconds(4 * 3600)) { store in
                var all = try reports(size)
                let asked = try queries(all)
                let bulk = size > bulkAbove
                var definitions: [String] = []
                if bulk {
                    // `CREATE INDEX report_nearby_5 ON public.report USING gist (location) WHERE …`, one a line.
                    definitions = try await server.psql(
                        "SELECT indexdef FROM pg_indexes WHERE indexname LIKE 'report\\_nearby\\_%'",
                        database: address.database
                    ).split(separator: "\n").map(String.init)
                    try await server.psql(
                        "DROP INDEX " + definitions.map { String($0.split(separator: " ")[2]) }.joined(separator: ", "),
                        database: address.database)
                }
                let start = clock.now
                let summary = try await store.importReports(ReportArraySource(reports: all), skipInvalid: false)
                let importTime = seconds(clock.now - start)
                precondition(summary.imported == size)
                var loadText = String(format: "%.1f s import", importTime)
                if bulk {
                    let indexStart = clock.now
                    try await server.psql(
                        "SET maintenance_work_mem = '1GB'; " + definitions.joined(separator: "; "),
                        database: address.database)
                    loadText += String(format: " + %.1f s indexes", seconds(clock.now - indexStart))
                }
                try await server.psql("VACUUM ANALYZE report", database: address.database)
                if ProcessInfo.processInfo.environment["STORE_POSTGIS_EXPLAIN"] != nil {
                    try await explain(server, database: address.database, place: asked[1])
                }
                let entries = all.compactMap(\.indexEntry)
                all = []
                let index = LiveNearbyIndex(entries: entries)
                let (localMedian, localTail) = await timedQueries(asked) { _ = index.matches(near: $0, margin: .zero) }
                var passes: [(Double, Double, String)] = []
                for _ in 0..<3 {
                    let (median, tail) = try await timedQueries(asked) {
                        _ = try await store.nearby($0, margin: .zero, limit: 100)
                    }
                    passes.append((median, tail, loadAverage()))
                }
                let bytes = try await server.psql(
                    "SELECT pg_total_relation_size('report')", database: address.database
                ).trimmingCharacters(in: .whitespacesAndNewlines)
                for (number, (median, tail, load)) in passes.enumerated() {
                    print(
                        "| \(size.formatted()) (pass \(number + 1)) | \(number == 0 ? loadText : "") | "
                            + "\(number == 0 ? Int(Double(size) / importTime).formatted() : "") | "
                            + "\(milliseconds(median)) | \(milliseconds(tail)) | "
                            + "\(milliseconds(localMedian)) / \(milliseconds(localTail)) | "
                            + "\(String(format: "%.0f×", median / localMedian)) | \(load) | "
                            + "\(number == 0 ? "\((Int(bytes) ?? 0) / 1_000_000) MB" : "") |")
                }
            }
            try await server.psql("DROP DATABASE \(address.database)", database: "postgres")
        }
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
    print()
}

let arguments = CommandLine.arguments.dropFirst()
let sizes = arguments.dropFirst().compactMap { Int($0) }
switch arguments.first {
case "inprocess": try inProcess(sizes)
case "sqlite": try await sqlite(sizes)
case "postgis": try await postgis(sizes)
default:
    FileHandle.standardError.write(Data("usage: store-bench inprocess|sqlite|postgis SIZE…\n".utf8))
    exit(64)
}

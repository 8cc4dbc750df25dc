import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The standard `process_*` metrics of Prometheus' client libraries, read from `/proc` at each
/// scrape: CPU seconds, resident and virtual memory, open and most file descriptors, and the
/// start time. swift-prometheus has no process collector; these are the names and meanings
/// the Go and Python clients use, so dashboards made for them work.
enum ProcessMetrics {
    /// The exposition lines, each with its `# HELP` and `# TYPE`; nothing when `/proc` cannot
    /// be read.
    static func exposition(procfs: String = "/proc/self") -> String {
        guard let stat = try? String(contentsOfFile: procfs + "/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return "" }
        // Fields after "(comm)": state is field 3; utime 14, stime 15, starttime 22, vsize 23, rss 24.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        func field(_ number: Int) -> Double? { fields.count > number - 3 ? Double(fields[number - 3]) : nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        var lines: [String] = []
        func add(_ name: String, _ type: String, _ help: String, _ value: Double?) {
            guard let value else { return }
            lines += ["# HELP \(name) \(help)", "# TYPE \(name) \(type)", "\(name) \(Self.text(value))"]
        }
        add(
            "process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.",
            zip2(field(14), field(15)).map { ($0 + $1) / ticks })
        add(
            "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.",
            field(24).map { $0 * pageSize })
        add("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", field(23))
        add(
            "process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
            field(22).flatMap { start in bootTime().map { $0 + start / ticks } })
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: procfs + "/fd").count).map(Double.init)
        add("process_open_fds", "gauge", "Number of open file descriptors.", descriptors)
        add("process_max_fds", "gauge", "Maximum number of open file descriptors.", maximumDescriptors())
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private static func zip2(_ first: Double?, _ second: Double?) -> (Double, Double)? {
        guard let first, let second else { return nil }
        return (first, second)
    }

    /// The boot time in seconds since the epoch (`btime` of `/proc/stat`).
    private static func bootTime() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("btime ") }.flatMap { Double($0.dropFirst(6)) }
    }

    /// The soft limit on open files. The corresponding C function is `getrlimit`.
    private static func maximumDescriptors() -> Double? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return Double(limit.rlim_cur)
    }

    /// A sample's value as Prometheus reads it: integers without a fraction.
    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

import ReportStore

/// The contract's check of the reports by microchip: exactly a brute-force filter by
/// ``MicrochipKey`` over every stored report.
extension ReportStoreContract {
    static func microchips(_ store: any ReportStore, _ log: inout [String]) async throws {
        let chip = "985112003456789"
        func report(_ id: String, _ kind: ReportKind, _ number: String?, status: ReportStatus? = nil) throws
            -> PetReport
        {
            var report = try missing(id, 10, 10, km: 1)
            report.kind = kind
            report.status = status ?? kind.openStatus
            if kind == .found { report.radius = nil }
            report.microchipNumber = number
            return report
        }
        try await store.add([
            try report("chip-m-plain", .missing, chip),
            try report("chip-m-typed", .missing, "985-112 003.456/789"),
            try report("chip-m-closed", .missing, chip, status: .closed),
            try report("chip-m-words", .missing, "chip 985112003456789"),
            try report("chip-m-other", .missing, "985112003456788"),
            try report("chip-f-plain", .found, chip),
            try report("chip-f-short", .found, "98511"),
        ])
        let all = try await store.list(ReportListQuery(limit: ReportListQuery.maximumLimit))
        for kind in ReportKind.allCases {
            for key in [chip, "985112003456788", "98511", "0"] {
                let got = try await store.openReports(of: kind, microchipKey: key).map(\.id)
                let expected = all.filter {
                    $0.kind == kind && $0.isOpen && MicrochipKey.key($0.microchipNumber) == key
                }
                .map(\.id).sorted { ReportID.precedes($0, $1) }
                if got != expected {
                    log.append("the open \(kind) reports with chip \(key) are \(got), not \(expected)")
                }
            }
        }
        let typed = try await store.openReports(of: .missing, microchipKey: chip).map(\.id)
        if typed != ["chip-m-plain", "chip-m-typed"] {
            log.append("a chip typed with separators is not found as the same chip: \(typed)")
        }
    }
}

import ReportStore

extension ReportStoreContract {
    /// Status transitions: every (kind, from, to) is written exactly where ``StatusTransitions``
    /// allows it, refused with its reason (and nothing changed, nothing announced) elsewhere;
    /// the status a report has already changes nothing and announces nothing; a found report is
    /// never stored `ACTIVE`, nor imported so.
    static func transitions(_ store: any ReportStore, _ log: inout [String]) async throws {
        for kind in ReportKind.allCases {
            for from in StatusTransitions.statuses(of: kind) {
                for to in ReportStatus.allCases {
                    let id = "t-\(kind.rawValue)-\(from.rawValue)-\(to.rawValue)"
                    var report = PetReport(id: id, kind: kind)
                    report.status = from
                    try await store.add([report])
                    let before = try await store.latestEventSequence()
                    let allowed = StatusTransitions.next(from: from, kind: kind).contains(to)
                    let outcome = await setStatus(to, id: id, in: store)
                    let stored = try await store.report(id: id).status
                    let events = try await store.events(after: before, limit: 10)
                    let name = "\(kind.rawValue) \(from.rawValue) → \(to.rawValue)"
                    switch outcome {
                    case .success(let changed) where to == from:
                        if changed.status != from || !events.isEmpty {
                            log.append("\(name): the same status wrote \(events.count) events")
                        }
                    case .success where !allowed:
                        log.append("\(name) was stored; the table forbids it")
                    case .success(let changed):
                        if changed.status != to || stored != to || events.map(\.change) != [.changed] {
                            log.append("\(name): stored \(stored.rawValue), \(events.count) events")
                        }
                    case .failure(let error):
                        let reason: ReportStoreError.Reason =
                            StatusTransitions.statuses(of: kind).contains(to) ? .statusNotAllowed : .statusNotForKind
                        if allowed || to == from || error.reason != reason {
                            log.append("\(name) was refused: \(error.reason) \(error)")
                        }
                        if stored != from || !events.isEmpty {
                            log.append("\(name): a refused change changed something")
                        }
                    }
                    try await store.remove(id: id)
                }
            }
        }
        var active = PetReport(id: "t-found-active", kind: .found)
        active.status = .active
        try await expectError(.invalidReport, &log, "a found report added ACTIVE") { try await store.add([active]) }
        let summary = try await store.importReports(
            ReportArraySource(reports: [active, PetReport(id: "t-found-found", kind: .found)]), skipInvalid: true)
        if summary.imported != 1 || summary.skippedCount != 1 {
            log.append("a found report imported ACTIVE: \(summary.imported) imported, \(summary.skippedCount) skipped")
        }
        try? await store.remove(id: "t-found-found")
    }

    /// `setStatus` as a result, its typed error kept.
    private static func setStatus(_ status: ReportStatus, id: String, in store: any ReportStore) async
        -> Result<PetReport, ReportStoreError>
    {
        do throws(ReportStoreError) {
            return .success(try await store.setStatus(status, id: id))
        } catch {
            return .failure(error)
        }
    }
}

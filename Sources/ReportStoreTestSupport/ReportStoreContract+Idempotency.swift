import Geodata
import ReportStore

extension ReportStoreContract {
    /// Idempotency keys: kept with the report and found by ``ReportStore/report(idempotencyKey:)``;
    /// a second report with a stored key is refused (`duplicateIdempotencyKey`) and changes
    /// nothing, in a batch too; reports without a key never clash; a malformed key is refused.
    static func idempotencyKeys(_ store: any ReportStore, _ log: inout [String]) async throws {
        let key = "8e03978e-40d5-43e8-bc93-6894a57f9324"
        var first = PetReport(id: "c-key-1", kind: .found)
        first.coordinate = place(50.06, 19.94)
        first.phone = "+48123456789"
        first.idempotencyKey = key
        try await store.add([first])
        if try await store.report(id: first.id).idempotencyKey != key { log.append("the idempotency key was not kept") }
        let found = try await store.report(idempotencyKey: key)
        if !(found.map { stamped($0, as: first) } ?? false) {
            log.append("report(idempotencyKey:) gives \(String(describing: found)), not the report")
        }
        if let other = try await store.report(idempotencyKey: key + "-other") {
            log.append("an unknown idempotency key finds \(other.id)")
        }
        let count = try await store.count()
        var second = first
        second.id = "c-key-2"
        try await expectError(.duplicateIdempotencyKey, &log, "adding a report with a stored idempotency key") {
            try await store.add([second])
        }
        var fresh = PetReport(id: "c-key-3", kind: .found)
        fresh.idempotencyKey = "another-key"
        try await expectError(.duplicateIdempotencyKey, &log, "a batch with a stored idempotency key") {
            try await store.add([fresh, second])
        }
        if try await store.count() != count { log.append("a refused idempotency key changed the count") }
        if try await store.report(idempotencyKey: "another-key") != nil {
            log.append("a batch refused for its idempotency key kept a report")
        }
        try await store.add([PetReport(id: "c-key-4", kind: .found), PetReport(id: "c-key-5", kind: .found)])
        var malformed = PetReport(id: "c-key-6", kind: .found)
        malformed.idempotencyKey = "has a space"
        try await expectError(.invalidReport, &log, "an idempotency key with a space") {
            try await store.add([malformed])
        }
        for id in ["c-key-1", "c-key-4", "c-key-5"] { try await store.remove(id: id) }
        if try await store.report(idempotencyKey: key) != nil { log.append("a removed report's key still finds it") }
    }
}

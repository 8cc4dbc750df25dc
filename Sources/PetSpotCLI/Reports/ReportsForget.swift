import ArgumentParser
import OutsideInput
import ReportStore
import Reports

extension PetSpot.Reports {
    /// `petspot reports forget EMAIL [--dry-run]`: "Forget me" (issue 47, item 7).
    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Remove everything kept about an email address (reports, photos, sightings, subscriptions, mails).",
            discussion: """
                For a person who asks to be forgotten: every report whose contact email is \
                EMAIL, and each one's photo, is removed. The address matches without regard to \
                case or surrounding spaces (" Owner@Example.COM " is owner@example.com). What \
                is kept about an address today is reports, their photos, the sightings it \
                gave of other reports (one line each; a report's own sightings go with it), alerts \
                subscriptions (one line each) and the outbox's mails to it or answering to it \
                (Reply-To), sent or not: all removed (a mail being sent that moment still goes).

                Each report is removed as DELETE /v1/reports/ID removes it, so a server running \
                beside the command (SQLite or PostgreSQL) drops it from its live lists; one \
                removed by that server meanwhile is named and skipped.

                One line per report: its id, its kind and whether its photo went with it; then \
                the total. --dry-run says the same and removes nothing. No report with the \
                address is not an error: it says so.

                Exit status: 0 done (also when no report has the address), 1 a store error \
                (the reports named before it are removed), 64 usage error.
                """)

        @Argument(help: ArgumentHelp("The email address to forget.", valueName: "email"))
        var email: String

        @Flag(help: "Say what would be removed, and remove nothing.")
        var dryRun = false

        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if AddressForgetting(address: email) == nil {
                throw ValidationError("EMAIL is empty: give the address whose reports to remove.")
            }
        }

        func run() async throws {
            guard let forgetting = AddressForgetting(address: email) else { throw ExitCode.validationFailure }
            let dryRun = self.dryRun
            let forgotten = try await withStore(storeOptions, schema: dryRun ? .current : .migrate) {
                store throws(ReportStoreError) -> Result<[AddressForgetting.Removal], ReportPhotoError> in
                let keeper = ReportKeeper(store: store, photos: StoreKeptPhotos(keptBy: store))
                do {
                    return .success(
                        try await forgetting.forget(with: keeper, dryRun: dryRun) { print(Self.line($0)) })
                } catch let error as ReportStoreError {
                    throw error
                } catch let error as ReportPhotoError {
                    return .failure(error)
                } catch {
                    throw .storage("forgetting \(forgetting.address)", "\(error)")
                }
            }
            let removals: [AddressForgetting.Removal]
            switch forgotten {
            case .success(let value): removals = value
            case .failure(let error): throw ForgetPhotoFailure(error: error)
            }
            print(Self.total(removals, address: forgetting.address, dryRun: dryRun))
            // Alerts by mail keep addresses in lower case.
            let email = forgetting.address.lowercased()
            let subscriptions = try await withStore(storeOptions, schema: dryRun ? .current : .migrate) {
                store throws(ReportStoreError) -> [Subscription] in
                let found = try await store.subscriptions(email: email)
                // One the server removed meanwhile (a lapsed one) is gone as asked.
                for subscription in found where !dryRun {
                    _ = try await store.removeSubscriptions(token: subscription.token)
                }
                return found
            }
            for subscription in subscriptions {
                print("\(dryRun ? "Would remove" : "Removed") the alerts subscription \(subscription.id).")
            }
            let sightings = try await withStore(storeOptions, schema: dryRun ? .current : .migrate) {
                store throws(ReportStoreError) -> [Sighting] in
                dryRun ? try await store.sightings(email: email) : try await store.removeSightings(email: email)
            }
            for sighting in sightings {
                print(
                    "\(dryRun ? "Would remove" : "Removed") the sighting \(sighting.id) of report \(sighting.reportID)."
                        .terminalSafe)
            }
            guard !dryRun else { return }
            let mails = try await withStore(storeOptions, schema: .migrate) { store throws(ReportStoreError) in
                try await store.removeMails(concerning: email)
            }
            if mails > 0 { print("Removed \(mails) mail\(mails == 1 ? "" : "s") to or from the address, sent or not.") }
        }

        /// The line for one report: `"Removed r-1 (missing) and its photo."`.
        static func line(_ removal: AddressForgetting.Removal) -> String {
            let report = "\(removal.id) (\(removal.kind.rawValue))"
            let photo = removal.hadPhoto ? " and its photo" : ""
            let line =
                switch removal.outcome {
                case .removed: "Removed \(report)\(photo)."
                case .wouldBeRemoved: "Would remove \(report)\(photo)."
                case .goneMeanwhile: "\(report) was removed meanwhile (by a server beside this command)."
                }
            return line.terminalSafe
        }

        /// The closing line: how many reports and photos were removed (or would be).
        static func total(_ removals: [AddressForgetting.Removal], address: String, dryRun: Bool) -> String {
            let address = address.terminalSafe
            guard !removals.isEmpty else { return "No report has the address \(address)." }
            let done = removals.filter { $0.outcome != .goneMeanwhile }
            let photos = done.filter(\.hadPhoto).count
            let what =
                "\(done.count) report\(done.count == 1 ? "" : "s") of \(address)"
                + (photos > 0 ? " and \(photos) photo\(photos == 1 ? "" : "s")" : "")
            if dryRun { return "Would remove \(what); nothing was removed (--dry-run)." }
            let meanwhile = removals.count - done.count
            return "Removed \(what)."
                + (meanwhile > 0 ? " \(meanwhile) more \(meanwhile == 1 ? "was" : "were") removed meanwhile." : "")
        }
    }
}

/// A report removed by `reports forget` whose photo could not be removed (exit 1).
struct ForgetPhotoFailure: CommandFailure {
    /// What the photos said (it names the report).
    let error: ReportPhotoError

    var message: String {
        "A report was removed, but not its photo: \(error.description)"
    }
}

import ArgumentParser
import Foundation
import Geodata
import OutsideInput
import ReportStore

extension PetSpot {
    /// `petspot subscriptions list|remove`: the operator's view of the area alerts by mail.
    struct Subscriptions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List or remove the area alerts by mail kept in the reports store.",
            discussion: """
                People ask for alerts on the home page or with POST /v1/subscriptions (a server \
                with --smtp); each is confirmed from a mail before anything is sent to it, and \
                one never confirmed is removed after 48 hours. Same store options as `petspot \
                reports` (--store URL, PETSPOT_STORE).

                Exit status: 0 done, 1 a store error or no such subscription, 64 usage error.
                """,
            subcommands: [List.self, Remove.self])
    }
}

extension PetSpot.Subscriptions {
    /// `petspot subscriptions list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One line a subscription: id, address, area, kinds, species, confirmed or not.")

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let all = try await withStore(storeOptions, schema: .current) {
                store throws(ReportStoreError) -> [Subscription] in
                var all: [Subscription] = []
                while true {
                    let page = try await store.subscriptions(afterID: all.last?.id, limit: 500)
                    all += page
                    if page.count < 500 { return all }
                }
            }
            for subscription in all { print(Self.line(subscription)) }
            print(all.count == 1 ? "1 subscription." : "\(all.count) subscriptions.")
        }

        /// `sub-… ann@example.org within 5 km of 52.22970, 21.01220 (found; dog) confirmed 2026-12-06T…`.
        static func line(_ subscription: Subscription) -> String {
            let latitude = FiveDecimalFormat.string(subscription.center.latitude.degrees) ?? "?"
            let longitude = FiveDecimalFormat.string(subscription.center.longitude.degrees) ?? "?"
            let kinds = subscription.kinds.map(\.rawValue).sorted().joined(separator: ", ")
            let species =
                subscription.species.isEmpty ? "every species" : subscription.species.sorted().joined(separator: ", ")
            let state =
                subscription.confirmedAt.map { "confirmed \(ReportTimestamp.text($0))" }
                ?? "unconfirmed since \(ReportTimestamp.text(subscription.createdAt))"
            let radius = String(format: "%g", subscription.radiusMeters / 1000)
            let line =
                "\(subscription.id) \(subscription.email) within \(radius) km of \(latitude), \(longitude) "
                + "(\(kinds); \(species)) \(state)"
            return line.terminalSafe
        }
    }

    /// `petspot subscriptions remove ID`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove one subscription: nothing more is mailed to it.")

        @Argument(help: ArgumentHelp("The subscription's id (sub-…), as `list` shows it.", valueName: "id"))
        var id: String

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let id = self.id
            try await withStore(storeOptions) { store throws(ReportStoreError) in
                try await store.removeSubscription(id: id)
            }
            print("Removed \(id.terminalSafe).")
        }
    }
}

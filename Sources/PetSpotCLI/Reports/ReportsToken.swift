import ArgumentParser
import OutsideInput
import PetSpotJSON
import ReportStore
import Reports

extension PetSpot.Reports {
    /// `petspot reports token ID [--rotate] [--json]`.
    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Tell whether a report has an owner, or give it a new owner token.",
            discussion: """
                The owner token is the secret that lets the person who made a report over HTTP \
                change it (Authorization: Bearer TOKEN; the card's Remove Report); the store \
                keeps only its SHA-256, so a token cannot be shown again. Reports made on the \
                command line (reports import, report --save) belong to the operator alone.

                --rotate makes a new token (256 bits from the system's generator) and prints it \
                once, with the card link that hands it to a browser; the old token stops \
                working. For a person who lost theirs, or an imported report given to its owner. \
                Like every reports command it opens the store directly: it acts as the operator.

                JSON output: {"id", "owned": true|false, "ownerToken": TOKEN|null, "link": …|null}.
                """)

        @Argument(help: "The report's id.")
        var id: String

        @Flag(help: "Issue a new owner token (the old one stops working) and print it.")
        var rotate = false

        @OptionGroup var output: JSONOutputOption

        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            let id = self.id
            let token = rotate ? OwnerToken.make() : nil
            let report = try await withStore(storeOptions) { store throws(ReportStoreError) in
                guard let token else { return try await store.report(id: id) }
                return try await store.setOwnerTokenHash(token.hash, id: id)
            }
            let link = token.map { "/pets/\(report.id)#ownerToken=\($0.text)" }
            if output.json {
                print(
                    JSONValue.object([
                        ("id", .string(report.id)), ("owned", .bool(report.ownerTokenHash != nil)),
                        ("ownerToken", .string(token?.text)), ("link", .string(link)),
                    ]).text)
                return
            }
            let name = report.id.terminalSafe
            guard let token, let link else {
                print(
                    report.ownerTokenHash == nil
                        ? "Report \(name) belongs to the operator alone; --rotate gives it an owner token."
                        : "Report \(name) has an owner token (only its SHA-256 is kept); --rotate issues a new one.")
                return
            }
            print("Report \(name)'s new owner token (the old one no longer works; it is shown only now):")
            print(token.text)
            print("Open the card with this link (after the server's address) and that browser keeps it: \(link)")
        }
    }
}

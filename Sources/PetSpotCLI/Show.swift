import ArgumentParser
import Foundation
import OutsideInput
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

extension PetSpot {
    /// `petspot show FILE.json|-`: the Pet details card of an announcement.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Show the Pet details card of a stored report or an announcement JSON file (- for standard input).",
            discussion: """
                Reads the body of GET /api/v1/announcements/:id (photoUrl, status, \
                lastSeenDate, species and gender required; every other field optional, \
                numbers also as strings) and prints the card as the app shows it: the status \
                badge (ACTIVE → MISSING red, FOUND blue, CLOSED gray; colours only on a \
                terminal, never with NO_COLOR or TERM=dumb), the reward, then each label and \
                value in screen order, with — for a missing value and the place line as \
                "Warsaw • ±15 km". Contacts are shown only when present; an announcement \
                with neither a phone nor an email is refused (spec 003). Without a photo URL \
                the photo line says "Image not available". On a terminal the short values \
                (species, breed, sex, age, microchip, place) are cut to the width with "…". \
                The last line is "Show on the map:" with an OpenStreetMap URL of the place \
                (its coordinate, or a search for its name) — a clickable hyperlink (OSC 8) \
                when standard output is a terminal, the same URL as text everywhere — or "No \
                location data".

                An argument that is not a file (nor -) is a report id: the card of that report \
                in the reports store (--store URL, else PETSPOT_STORE, else the default file).

                Exit status: 0 shown, 1 no such stored report or a store error, 64 usage error, \
                65 the file cannot be read or is not an announcement.
                """
        )

        @Argument(
            help: ArgumentHelp(
                "A stored report's id, an announcement JSON file, or - to read standard input.", valueName: "id|file"))
        var file: String

        @OptionGroup var storeOptions: StoreOptions

        /// The largest announcement read, in bytes.
        static let sizeLimit = 1_048_576

        func run() async throws {
            if file != "-", !FileManager.default.fileExists(atPath: file), (try? ReportID.check(file)) != nil {
                let id = file
                let report = try await withStore(storeOptions, schema: .current) { store throws(ReportStoreError) in
                    try await store.report(id: id)
                }
                do {
                    print(Self.render(try PetCard(report).card, terminal: Terminal.current), terminator: "")
                } catch {
                    printError("\(name) is not an announcement: \(error)")
                    throw ExitCode(65)
                }
                return
            }
            let data = try read()
            let card: PetDetailsCard
            do {
                card = try PetDetailsCard(json: data)
            } catch let error as DecodingError {
                printError("\(name) is not an announcement: \(Self.explain(error))")
                throw ExitCode(65)
            } catch let error as AnnouncementError {
                printError("\(name) is not an announcement: \(error)")
                throw ExitCode(65)
            } catch let error as JSONCheckError {
                printError("\(name) is not an announcement: \(error.errorDescription ?? error.description).")
                throw ExitCode(65)
            } catch {
                printError("\(name) is not an announcement: \(error)")
                throw ExitCode(65)
            }
            print(Self.render(card, terminal: Terminal.current), terminator: "")
        }

        private var name: String { file == "-" ? "standard input" : file }

        private func read() throws -> Data {
            do {
                return try BoundedRead.data(file, limit: Self.sizeLimit, what: "the announcement")
            } catch {
                printError(error.description)
                throw ExitCode(65)
            }
        }

        /// What went wrong in words: the missing field, the field of the wrong type, or
        /// not JSON at all.
        static func explain(_ error: DecodingError) -> String {
            func path(_ context: DecodingError.Context) -> String {
                context.codingPath.map(\.stringValue).joined(separator: ".")
            }
            switch error {
            case .keyNotFound(let key, _): return "the required field \"\(key.stringValue)\" is missing."
            case .valueNotFound(_, let context): return "the required field \"\(path(context))\" is null."
            case .typeMismatch(let type, let context):
                // Foundation's own text names Swift types ("Dictionary<String, Any>"); say it in words.
                let field = context.codingPath.isEmpty ? "the announcement" : "the field \"\(path(context))\""
                return "\(field) should be \(Self.words(for: type))."
            case .dataCorrupted(let context):
                return context.codingPath.isEmpty
                    ? "it is not valid JSON."
                    : "the field \"\(path(context))\" is not valid: \(context.debugDescription)"
            @unknown default: return "\(error)"
            }
        }

        /// A JSON value of `type`, in words: `"text"`, `"a number"`, `"an object"`, ….
        static func words(for type: Any.Type) -> String {
            switch type {
            case is String.Type: "text"
            case is Bool.Type: "true or false"
            case is Double.Type, is Float.Type, is Int.Type, is Int64.Type: "a number"
            case is [String: Any].Type: "an object {…}"
            default: String(describing: type).hasPrefix("Array") ? "an array […]" : "a JSON value of another kind"
            }
        }

        /// The card as text (``PetDetailsCardText``, which makes every announcement value
        /// terminal-safe), painted for `terminal`.
        static func render(_ card: PetDetailsCard, terminal: Terminal) -> String {
            let lines = PetDetailsCardText.lines(card, usesColor: terminal.usesColor, width: terminal.columns) {
                text, style in
                switch style {
                case .badge(let color):
                    let colorStyle: TerminalStyle =
                        switch color {
                        case .red: .red
                        case .blue: .blue
                        case .gray: .gray
                        }
                    return terminal.paint(terminal.paint(text, .inverse), colorStyle)
                case .bold: return terminal.paint(text, .bold)
                case .dim: return terminal.paint(text, .dim)
                case .gray: return terminal.paint(text, .gray)
                case .link(let url):
                    // OSC 8: the URL text itself is the link, so terminals without hyperlinks
                    // still show (and let one copy) the whole URL.
                    guard terminal.outputIsTerminal, terminal.canRedraw else { return text }
                    return "\u{1B}]8;;\(url)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}

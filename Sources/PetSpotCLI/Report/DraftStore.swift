import Foundation
import OutsideInput
import ReportSteps

#if canImport(Glibc)
    import Glibc
#endif

/// An unfinished report wizard on disk, saved after every change so that Ctrl-C, Ctrl-D or a
/// closed terminal loses nothing: seed 001 asks that a draft session survive the app being
/// away for more than 30 minutes. The next `petspot report missing|found` on a terminal offers
/// to resume it; `--fresh` starts an empty report instead (its first change replaces the draft).
///
/// Where: `$XDG_STATE_HOME/petspot/drafts/` (the XDG base directory for state that should
/// survive a restart but is not configuration), or `~/.local/state/petspot/drafts/` when
/// `XDG_STATE_HOME` is unset, empty or not absolute. One draft per wizard:
/// `report-missing.json` and the photo's bytes in `report-missing-photo` (`report-found…`).
/// Files are created `0600` in a `0700` folder — a draft holds a phone number and an email —
/// and replaced atomically. A draft older than ``keepFor`` (24 hours, far above the seed's 30
/// minutes) is not offered, and removed; a finished or cancelled report removes its draft
/// (spec 004 FR-004: cancelling clears the in-progress data).
struct DraftStore: Sendable {
    /// How long a draft is offered.
    static let keepFor: TimeInterval = 24 * 3600

    /// The folder of the drafts.
    let directory: String
    /// Whose draft.
    let flow: ReportDraft.Flow

    /// The store for `flow` under the XDG state directory of `environment`.
    init(flow: ReportDraft.Flow, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.flow = flow
        directory = Self.stateDirectory(environment) + "/petspot/drafts"
    }

    /// `$XDG_STATE_HOME` when absolute, else `$HOME/.local/state` (the XDG default).
    static func stateDirectory(_ environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state"
    }

    var draftPath: String { "\(directory)/report-\(flow.rawValue).json" }
    var photoPath: String { "\(directory)/report-\(flow.rawValue)-photo" }

    /// A saved draft, when there is one young enough; an old or unreadable one is removed.
    func load(now: Date = Date()) -> Saved? {
        guard let data = FileManager.default.contents(atPath: draftPath) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let file = try? decoder.decode(File.self, from: data), file.version == 1,
            file.draft.flow == flow, now.timeIntervalSince(file.savedAt) < Self.keepFor,
            now.timeIntervalSince(file.savedAt) > -60
        else {
            remove()
            return nil
        }
        let photo = file.draft.photoFilename == nil ? nil : FileManager.default.contents(atPath: photoPath)
        return Saved(draft: file.draft, savedAt: file.savedAt, photoBytes: photo.map { [UInt8]($0) })
    }

    /// Saves `draft` (and the photo's bytes, when `photo` is given), or removes the files when
    /// the draft is empty.
    ///
    /// - Throws: ``FileWriteError`` saying why the draft could not be written.
    func save(_ draft: ReportDraft, photo: [UInt8]?, now: Date = Date()) throws(FileWriteError) {
        guard !draft.isEmpty else { return remove() }
        do throws(OutputTarget.Problem) {
            try makeDirectory()
            if let photo { try OutputTarget.replace(photoPath, with: photo, existing: nil, newFileMode: 0o600) }
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(File(version: 1, savedAt: now, draft: draft)) else {
                throw OutputTarget.Problem("the draft could not be encoded")
            }
            try OutputTarget.replace(draftPath, with: [UInt8](data), existing: nil, newFileMode: 0o600)
        } catch {
            throw .draftNotSaved(directory: directory, problem: error)
        }
    }

    /// Removes the draft and its photo (nothing when there is none).
    func remove() {
        unlink(draftPath)
        unlink(photoPath)
    }

    /// Creates the folders, the last one `0700`.
    private func makeDirectory() throws(OutputTarget.Problem) {
        var path = ""
        for part in directory.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o700) != 0, errno != EEXIST {
                throw OutputTarget.Problem(
                    "cannot create the folder \(path.terminalSafe) (\(FileProblem(errno: errno)))")
            }
        }
    }

    /// A draft read back.
    struct Saved {
        var draft: ReportDraft
        var savedAt: Date
        var photoBytes: [UInt8]?

        /// `12 minutes ago`, `less than a minute ago`, `3 hours ago`.
        func age(now: Date = Date()) -> String {
            let minutes = max(0, Int(roundingSaturating: now.timeIntervalSince(savedAt) / 60) ?? 0)
            if minutes < 1 { return "less than a minute ago" }
            if minutes < 120 { return minutes == 1 ? "1 minute ago" : "\(minutes) minutes ago" }
            return "\(minutes / 60) hours ago"
        }
    }

    /// The file's JSON.
    private struct File: Codable {
        var version: Int
        var savedAt: Date
        var draft: ReportDraft
    }
}

/// Saves a wizard's draft whenever it changed (the wizard asks before each screen), and says
/// once when it cannot: the report itself goes on.
@MainActor
final class DraftKeeper {
    let store: DraftStore
    private var lastSaved: ReportDraft?
    private var lastPhoto: PhotoAttachment?
    private var warned = false

    init(store: DraftStore) {
        self.store = store
    }

    /// Saves `draft` when it differs from the last one saved; the photo's bytes only when the
    /// photo changed.
    func save(_ draft: ReportDraft, photo: PhotoAttachment?, console: WizardConsole) {
        guard draft != lastSaved || photo != lastPhoto else { return }
        // Nothing entered in this run yet: an earlier draft stays (until this run changes
        // something, as with --fresh).
        if draft.isEmpty && lastSaved == nil { return }
        do throws(FileWriteError) {
            try store.save(draft, photo: photo == lastPhoto ? nil : photo?.bytes)
            lastSaved = draft
            lastPhoto = photo
        } catch {
            guard !warned else { return }
            warned = true
            console.notice("\(error.description) The report goes on; it just will not be resumable.", style: .dim)
        }
    }

    /// Offers the saved draft to `flow` (``offer(console:restore:stepTitle:)``), naming the
    /// step it was on by `title` and its progress chip: `Animal description, 3/4` (the first
    /// step for a step number the flow does not have).
    func offer<Machine: ReportMachine>(
        to flow: ReportFlow<Machine>, console: WizardConsole, title: (Machine.Step) -> String
    ) throws(WizardExit) {
        _ = try offer(
            console: console, restore: { flow.restore($0, photoBytes: $1) },
            stepTitle: { number in
                let step = Machine.Step(rawValue: number) ?? Machine.Step.allCases[0]
                return "\(title(step)), \(step.progress)"
            })
    }

    /// Offers a saved draft, when there is one, and restores it into the flow when the person
    /// says yes; a no removes it.
    ///
    /// - Returns: `true` when a draft was resumed.
    /// - Throws: ``WizardExit/inputEnded`` at the end of input (the draft stays).
    func offer(console: WizardConsole, restore: (ReportDraft, [UInt8]?) -> Void, stepTitle: (Int) -> String)
        throws(WizardExit) -> Bool
    {
        guard let saved = store.load() else { return false }
        let photo = saved.draft.photoFilename.map { "; photo \($0)" } ?? ""
        console.terminal.line(
            console.screen.safe(
                "An unfinished \(store.flow.rawValue)-pet report was saved \(saved.age()) "
                    + "(\(stepTitle(saved.draft.step))\(photo))."))
        let answer = try console.read("Resume it? [Y/n]:").trimmingCharacters(in: .whitespaces).lowercased()
        guard ["", "y", "yes"].contains(answer) else {
            store.remove()
            return false
        }
        restore(saved.draft, saved.photoBytes)
        lastSaved = saved.draft
        return true
    }

    /// The report was written or cancelled: the draft goes.
    func discard() {
        store.remove()
        lastSaved = nil
        lastPhoto = nil
    }
}

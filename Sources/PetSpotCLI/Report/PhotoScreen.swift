import Foundation
import ReportSteps

/// The photo step's screen, shared by Missing *Animal photo* (2/4) and Found *Upload photo*
/// (1/3): the file is named by path, read from disk, and handed to the `PhotoStep`, whose
/// rules (formats by content, the Found flow's 10 MB) decide.
extension WizardConsole {
    /// Draws the photo step, `place` in its flow (its title and progress chip).
    func drawPhotoStep<Step: ReportFlowStep>(_ step: PhotoStep, at place: Step, context: String) {
        screen.intro(place, context: context)
        let field: ScreenField
        if let photo = step.photo {
            field = ScreenField(
                label: "Photo", value: "\(photo.filename) · \(photo.type) · \(photo.sizeText)", error: step.errorMessage
            )
        } else {
            let empty = [step.copy.browseTitle, step.copy.emptyStateSecondary].compactMap(\.self)
            field = ScreenField(
                label: "Photo", value: empty.joined(separator: " — "), isPlaceholder: true, error: step.errorMessage,
                helper: step.helperText)
        }
        screen.field(1, field)
        screen.menu(photoMenu(step))
    }

    /// The photo step's actions: Remove only while a photo is attached.
    func photoMenu(_ step: PhotoStep) -> [(key: String, title: String)] {
        var menu: [(key: String, title: String)] = [("1", "choose a photo file")]
        if step.photo != nil { menu.append(("r", step.copy.removeTitle)) }
        menu += [("c", step.copy.continueTitle), ("b", "Back"), ("q", "Cancel")]
        return menu
    }

    /// The keys of `menu` as a notice lists them: `1, c, b or q`.
    func keyList(_ menu: [(key: String, title: String)]) -> String {
        let keys = menu.map(\.key)
        return keys.count > 1 ? keys.dropLast().joined(separator: ", ") + " or " + (keys.last ?? "") : keys.joined()
    }

    /// Asks for a path, reads the file and attaches it. Every refusal — a file that cannot be
    /// read, or one that is not an accepted photo — goes to the step's `errorMessage`, shown
    /// once under the photo field, replacing an earlier one.
    func choosePhoto(_ step: inout PhotoStep) throws(WizardExit) {
        let path = try read("Photo file path:")
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        do {
            let file = try PhotoFile.read(path)
            // A PhotoError is kept by the step as its errorMessage.
            try? step.attach(filename: file.filename, bytes: file.bytes)
        } catch {
            step.refusePick(because: error.description)
        }
    }
}

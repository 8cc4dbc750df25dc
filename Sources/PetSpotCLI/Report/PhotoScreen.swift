import Foundation
import ReportSteps

/// The photo step's screen, shared by Missing *Animal photo* (2/4) and Found *Upload photo*
/// (1/3): the file is named by path, read from disk, and handed to the `PhotoStep`, whose
/// rules (formats by content, the Found flow's 10 MB) decide.
extension WizardConsole {
    /// Draws the photo step.
    func drawPhotoStep(_ step: PhotoStep, context: String) {
        screen.header(title: step.copy.screenTitle, progress: step.copy.progress, context: context)
        if let body = step.copy.body { screen.text(body) }
        let field: ScreenField
        if let photo = step.photo {
            field = ScreenField(label: "Photo", value: "\(photo.filename) · \(photo.type) · \(photo.sizeText)")
        } else {
            let empty = [step.copy.browseTitle, step.copy.emptyStateSecondary].compactMap(\.self)
            field = ScreenField(
                label: "Photo", value: empty.joined(separator: " — "), isPlaceholder: true, error: step.errorMessage,
                helper: step.helperText)
        }
        screen.field(1, field)
        var menu: [(key: String, title: String)] = [("1", "choose a photo file")]
        if step.photo != nil { menu.append(("r", step.copy.removeTitle)) }
        menu += [("c", step.copy.continueTitle), ("b", "Back"), ("q", "Cancel")]
        screen.menu(menu)
    }

    /// Asks for a path, reads the file and attaches it; a refusal becomes a notice (and the
    /// step's own `errorMessage` for a file that is not an accepted photo).
    func choosePhoto(_ step: inout PhotoStep) throws(WizardExit) {
        let path = try read("Photo file path:")
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        do {
            let file = try PhotoFile.read(path)
            do {
                try step.attach(filename: file.filename, bytes: file.bytes)
            } catch {
                notice("Photo: \(error.description)")
            }
        } catch {
            notice("Photo: \(error.description)")
        }
    }
}

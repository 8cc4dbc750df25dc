import Hummingbird
import Mustache

/// The report pages' Mustache templates and their script and style, embedded in the binary
/// (`Package.swift`'s `reportPageFiles`), so the installed `petspot` serves them without the
/// source tree.
enum PageTemplates {
    /// The templates by name (the file name without `.mustache`), parsed once; a template
    /// that does not parse is a bug, reported by every page request and by a test.
    static let library: Result<MustacheLibrary, TemplateError> = {
        var library = MustacheLibrary()
        for (name, bytes) in templateFiles {
            do {
                try library.register(String(decoding: bytes, as: UTF8.self), named: name)
            } catch {
                return .failure(TemplateError(name: name, reason: "\(error)"))
            }
        }
        return .success(library)
    }()

    static let templateFiles: [(String, [UInt8])] = [
        ("ReportPage", PackageResources.ReportPage_mustache),
        ("ReportFlow", PackageResources.ReportFlow_mustache),
        ("FormStep", PackageResources.FormStep_mustache),
        ("StepHeader", PackageResources.StepHeader_mustache),
        ("StepIntro", PackageResources.StepIntro_mustache),
        ("PhotoStep", PackageResources.PhotoStep_mustache),
        ("TextField", PackageResources.TextField_mustache),
        ("ChoiceField", PackageResources.ChoiceField_mustache),
        ("CoordinateFields", PackageResources.CoordinateFields_mustache),
        ("ReportPreview", PackageResources.ReportPreview_mustache),
        ("SubmittedStep", PackageResources.SubmittedStep_mustache),
        ("PetDetails", PackageResources.PetDetails_mustache),
        ("Question", PackageResources.Question_mustache),
        ("Home", PackageResources.Home_mustache),
        ("Map", PackageResources.Map_mustache),
        ("Subscription", PackageResources.Subscription_mustache),
        ("Poster", PackageResources.Poster_mustache),
    ]

    /// The script and the style, by the name they are served under.
    static let assets: [String: [UInt8]] = [
        "report.js": PackageResources.report_js,
        "report.css": PackageResources.report_css,
        "pet.js": PackageResources.pet_js,
        "home.js": PackageResources.home_js,
        "home.css": PackageResources.home_css,
        "map.js": PackageResources.map_js,
        "map.css": PackageResources.map_css,
        "alerts.js": PackageResources.alerts_js,
        "message.js": PackageResources.message_js,
        "mail-form.js": PackageResources.mail_form_js,
        "sightings.js": PackageResources.sightings_js,
        "poster.js": PackageResources.poster_js,
        "owner.js": PackageResources.owner_js,
        "share.js": PackageResources.share_js,
        "places.js": PackageResources.places_js,
        "report-draft.js": PackageResources.report_draft_js,
        "report-dom.js": PackageResources.report_dom_js,
        "report-location.js": PackageResources.report_location_js,
        "report-photo.js": PackageResources.report_photo_js,
        "report-steps.js": PackageResources.report_steps_js,
        "poster.css": PackageResources.poster_css,
        "poster-a4.css": PackageResources.poster_a4_css,
        "poster-letter.css": PackageResources.poster_letter_css,
    ]

    /// `context` rendered with the template `name`.
    static func render(_ context: Any, template name: String) throws(Problem) -> String {
        switch library {
        case .failure(let error):
            throw Problem(.internalServerError, detail: "The page template \(error.name) is broken: \(error.reason)")
        case .success(let library):
            guard let html = library.render(context, withTemplate: name) else {
                throw Problem(.internalServerError, detail: "There is no page template \(name).")
            }
            return html
        }
    }

    /// A template that does not parse.
    struct TemplateError: Error, Sendable {
        let name: String
        let reason: String
    }
}

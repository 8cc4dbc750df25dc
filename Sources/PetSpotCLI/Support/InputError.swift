/// Input that parses as arguments but is not valid data (a coordinate out of range, a bad
/// reports file). ArgumentParser prints `Error: ` and the ``description``, and exits with 1;
/// usage mistakes stay `ValidationError`s (exit 64).
struct InputError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

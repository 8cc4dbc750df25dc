#if canImport(Glibc)
    import Glibc
#endif

/// `petspot validate` with its everyday arguments, read without swift-argument-parser: the
/// pair (`validate 52.2297,21.0122`, `validate 52.2297 21.0122`) or `--latitude V --longitude
/// V`, with `--json` and `--flow missing|found`, each at most once. Anything else — help, a
/// negative first value (`-33.8688,151.2093`), `--name=value`, a usage error — is left to
/// ArgumentParser (``PetSpot/directCommand(_:)``), so its messages and exit statuses stay
/// as they were, and what is taken here is what ArgumentParser would make of it.
///
/// Why: ArgumentParser builds the command's argument set through generic types whose
/// requirements the Swift runtime checks by scanning every protocol conformance record of the
/// binary — 11,300 in `petspot`, once per type and protocol — which was two thirds of
/// `validate`'s instructions (Docs/CLI.md, Start-up).
struct QuickValidate: Equatable {
    var latitude: String?
    var longitude: String?
    var flow: PetSpot.Validate.Flow = .missing
    var json = false
    var pair: [String] = []

    /// The arguments after `validate`, when they are of the everyday kind; `nil` otherwise.
    init?(_ arguments: some Collection<String>) {
        var rest = arguments[...]
        // An array, not a `Set`: a set's storage type is built at run time, and its `Hashable`
        // requirement scans every protocol conformance record (Docs/CLI.md, Start-up).
        var seen: [String] = []
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                // `help`, which ArgumentParser might read as a command, and an empty argument:
                // its path.
                guard argument != "help", !argument.isEmpty else { return nil }
                pair.append(argument)
                continue
            }
            guard !seen.contains(argument) else { return nil }
            seen.append(argument)
            switch argument {
            case "--json":
                json = true
            case "--flow":
                guard let value = rest.popFirst(), let flow = PetSpot.Validate.Flow(rawValue: value) else {
                    return nil
                }
                self.flow = flow
            // `parsing: .unconditional`: the next argument is the value, whatever it looks like.
            case "--latitude":
                guard let value = rest.popFirst() else { return nil }
                latitude = value
            case "--longitude":
                guard let value = rest.popFirst() else { return nil }
                longitude = value
            default:
                return nil
            }
        }
        // The pair or the fields, not both and not neither: what `Validate.validate()` refuses
        // goes through ArgumentParser for its message.
        let givesFields = latitude != nil || longitude != nil
        guard pair.isEmpty == givesFields else { return nil }
    }

    /// Validates and prints as `petspot validate` does, then exits: 0 valid, 1 invalid.
    func run() -> Never {
        let valid = PetSpot.Validate.check(
            latitude: latitude, longitude: longitude, flow: flow, pair: pair, json: json)
        exit(valid ? 0 : 1)
    }
}

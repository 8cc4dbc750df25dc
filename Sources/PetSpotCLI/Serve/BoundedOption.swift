#if Server
    import ArgumentParser

    /// A numeric `petspot serve` option declared once: its name, what it sets, its range and its
    /// default make its `--help` text, its row in the variables table (``ServeEnvironment``) and
    /// the check of the value it is given, so that none of them can say another number.
    ///
    /// `Resolved` is `Value` for an option with a default, `Value?` for one that is off (or
    /// automatic) unless given. The declarations are in ``BoundedOptions``.
    struct BoundedOption<Value: ExpressibleByArgument & Comparable & Sendable, Resolved: Sendable>: Sendable {
        /// `--idle-timeout`.
        let option: String
        /// What it sets, in the variables table's few words.
        let meaning: String
        /// Its `--help` sentence, without the range and the default (``help`` adds them).
        let sentence: String
        /// The value's name in `--help` (`seconds`).
        let valueName: String
        /// The values it may take.
        let range: ClosedRange<Value>
        /// The range's unit in messages (`seconds`), or empty.
        let unit: String
        /// The default as `--help` and the table say it (`15`, `off`, `auto`).
        let defaultText: String
        /// What an option neither given nor set in the environment is.
        let fallback: Resolved
        /// A checked value as the caller takes it.
        let wrap: @Sendable (Value) -> Resolved

        /// `--help`'s text: the sentence, then the range and the default.
        var help: ArgumentHelp {
            ArgumentHelp(
                "\(sentence) \(rule.prefix(1).uppercased())\(rule.dropFirst()); default \(defaultText).",
                valueName: valueName)
        }

        /// The option's row in the variables table.
        var variable: ServeEnvironment.Variable { .init(option, meaning, default: defaultText) }

        /// `from 0.1 to 3600 seconds`: the range as messages and `--help` say it.
        var rule: String {
            "from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound))" + (unit.isEmpty ? "" : " " + unit)
        }

        /// `given`, else the option's variable in `environment`, else ``fallback``.
        ///
        /// - Throws: `ValidationError` naming the option and its variable, and saying ``rule``, for
        ///   a value outside ``range``; or naming the variable when its text is not a number.
        func value(_ given: Value?, _ environment: ServeEnvironment) throws -> Resolved {
            guard let value = try ServeValue.resolve(given, option, environment) else { return fallback }
            guard range.contains(value) else {
                throw ValidationError("\(option) (\(variable.name)) must be \(rule).")
            }
            return wrap(value)
        }

        /// `3600` for 3600.0, `0.1` for 0.1: a number as a person writes it.
        static func shown(_ number: Value) -> String {
            let text = "\(number)"
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
    }

    extension BoundedOption where Resolved == Value {
        /// An option that is `defaultValue` unless given.
        init(
            _ option: String, _ meaning: String, help sentence: String, valueName: String, default defaultValue: Value,
            _ range: ClosedRange<Value>, _ unit: String = ""
        ) {
            self.init(
                option: option, meaning: meaning, sentence: sentence, valueName: valueName, range: range, unit: unit,
                defaultText: Self.shown(defaultValue), fallback: defaultValue, wrap: { $0 })
        }
    }

    extension BoundedOption where Resolved == Value? {
        /// An option that is off, or chosen by the server, unless given; `unset` says which
        /// (`off`, `auto`).
        init(
            _ option: String, _ meaning: String, help sentence: String, valueName: String, unset: String,
            _ range: ClosedRange<Value>, _ unit: String = ""
        ) {
            self.init(
                option: option, meaning: meaning, sentence: sentence, valueName: valueName, range: range, unit: unit,
                defaultText: unset, fallback: nil, wrap: { $0 })
        }
    }
#endif

#if Server
    import ArgumentParser

    /// A repeatable `petspot serve` option declared once (`--allow-origin`): its name, its `--help`
    /// and its row in the variables table (``ServeEnvironment``), whose variable holds the same
    /// list comma-separated. The declarations are in ``ListOptions``.
    struct ListOption: Sendable {
        /// Its row in the variables table: the option, its variable, what it sets; default none.
        let variable: ServeEnvironment.Variable
        /// Its `--help` sentence.
        let sentence: String
        /// The value's name in `--help` (`origin`).
        let valueName: String

        /// `option` (`--allow-origin`) setting `meaning`, its variable named by `key` (in the
        /// plural: `petspot.allowOrigins`).
        init(_ option: String, _ meaning: String, key: String, help sentence: String, valueName: String) {
            variable = .init(option, meaning, default: "none", key: key)
            self.sentence = sentence
            self.valueName = valueName
        }

        /// The option's name for ArgumentParser.
        var name: NameSpecification { .customLong(String(variable.option.drop { $0 == "-" })) }

        /// `--help`'s text.
        var help: ArgumentHelp { ArgumentHelp(sentence, valueName: valueName) }

        /// `given` when the option was given at all, else the variable's list in `environment`.
        func values(_ given: [String], _ environment: ServeEnvironment) -> [String] {
            given.isEmpty ? environment.list(variable.option) : given
        }
    }
#endif

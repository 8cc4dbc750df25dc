import ArgumentParser

/// `--json`, shared by the commands that print one JSON object instead of their text
/// (`validate`, `distance`, `radius`, `nearby`, `matches`, `locate`, `permission`,
/// `scenario run`, `scenario check`, `reports`' subcommands): one flag, one help line.
struct JSONOutputOption: ParsableArguments {
    @Flag(help: "Print one JSON object instead of text.")
    var json = false
}

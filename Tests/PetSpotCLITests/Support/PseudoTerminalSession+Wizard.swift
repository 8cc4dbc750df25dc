import Testing

/// Steps every report-wizard test takes on the pseudo-terminal.
extension PseudoTerminalSession {
    /// On a photo step: chooses "1" and, at the `Photo file path:` prompt, types `path`.
    func pickPhoto(_ path: String) throws {
        type("1")
        try expect("Photo file path:")
        type(path)
    }

    /// On `report missing`'s first screen, *Microchip number* (1/4, optional): Continue with
    /// no number.
    func passMicrochip() throws {
        try expect("Microchip number")
        try expect("Choose:")
        type("c")
    }
}

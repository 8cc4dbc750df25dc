import Testing

/// The pseudo-terminal harness itself: a program run through it sees a terminal.
@Suite("Pseudo-terminal sessions")
struct TerminalSessionTests {
    @Test("petspot run on a pseudo-terminal prints its help and exits 0")
    func helpOnTerminal() throws {
        let session = try PseudoTerminalSession(["--help"])
        try session.expect("USAGE: petspot")
        #expect(try session.waitForExit() == 0)
    }
}

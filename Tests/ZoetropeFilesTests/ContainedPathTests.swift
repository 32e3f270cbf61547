import Testing
import ZoetropeFiles

@Suite struct ContainedPathTests {
    @Test(arguments: ["frame_00000.png", "frames/frog/frame_00012.png", "failures/a b/x.actual.png", "..x", "x..", "..."])
    func aRelativePathInsideItsFolderIsKept(text: String) throws {
        #expect(try ContainedPath(text).relative == text)
    }

    @Test(arguments: [
        ("", ContainedPath.Problem.empty),
        ("/etc/passwd", .absolute),
        ("..", .leavesFolder),
        ("../victim/evil.sh", .leavesFolder),
        ("frames/../../x.png", .leavesFolder),
        ("frames/..", .leavesFolder),
        ("frames//x.png", .emptyComponent),
        ("frames/", .emptyComponent),
        ("./x.png", .emptyComponent),
        (".", .emptyComponent),
        ("x\u{0}.png", .controlCharacter),
        ("x\n.png", .controlCharacter),
        ("x\u{1B}[31m.png", .controlCharacter),
        ("x\u{9B}.png", .controlCharacter),
    ])
    func aPathThatCouldLeaveOrConfuseIsRefused(text: String, problem: ContainedPath.Problem) {
        #expect(throws: problem) { try ContainedPath(text) }
    }

    @Test func aNameIsOneComponent() throws {
        #expect(try ContainedPath(name: "frog").components == ["frog"])
        #expect(throws: ContainedPath.Problem.notAName) { try ContainedPath(name: "frog/x") }
        #expect(throws: ContainedPath.Problem.leavesFolder) { try ContainedPath(name: "../victim/x") }
        #expect(throws: ContainedPath.Problem.leavesFolder) { try ContainedPath(name: "..") }
        #expect(throws: ContainedPath.Problem.empty) { try ContainedPath(name: "") }
    }

    @Test func aMessageQuotesTheValueAndSaysWhichFolder() {
        let message = ContainedPath.Problem.leavesFolder.message("../../victim/evil.sh", at: "scenes[0].frames[0].file",
                                                                 in: "out/report.json", folder: "report folder")
        #expect(message == #"out/report.json: scenes[0].frames[0].file: "../../victim/evil.sh" leaves the report folder"#)
        #expect(ContainedPath.Problem.notRegularFile("a FIFO").reason(folder: "render folder") == "is not a regular file (a FIFO)")
    }
}

@Suite struct ControlCharacterEscapingTests {
    @Test(arguments: [
        ("plain text, é and 🐸", "plain text, é and 🐸"),
        ("a\nb", #"a\nb"#),
        ("a\r\tb", #"a\r\tb"#),
        ("\u{1B}[31mred", #"\u{1B}[31mred"#),
        ("nul\u{0}", #"nul\u{0}"#),
        ("del\u{7F} csi\u{9B}", #"del\u{7F} csi\u{9B}"#),
        ("line\u{2028}sep", #"line\u{2028}sep"#),
        ("bidi\u{202E}txt", #"bidi\u{202E}txt"#),
    ])
    func controlCharactersAreWrittenOut(text: String, escaped: String) {
        #expect(text.escapingControlCharacters() == escaped)
    }

    @Test func escapingTwiceChangesNothing() {
        let once = "a\n\u{1B}[2J\\n".escapingControlCharacters()
        #expect(once.escapingControlCharacters() == once)
        #expect(!once.contains("\n"))
    }
}

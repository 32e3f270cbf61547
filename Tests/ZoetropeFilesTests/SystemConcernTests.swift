import Foundation
import Testing
import ZoetropeFiles

/// The small types of ZoetropeFiles do what their callers relied on when the calls were theirs:
/// folders listed and made, trees removed without following links, records appended whole, a
/// lock held around its body, a child fed through a pipe, processes told alive or gone.
@Suite struct SystemConcernTests {
    /// A fresh folder, removed by the caller.
    private func makeFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "/zoetrope-concerns-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFolderIsListedSortedWithItsHiddenNames() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        for name in ["b", ".hidden", "a"] { try Data().write(to: URL(fileURLWithPath: folder + "/" + name)) }
        #expect(FolderListing.names(in: folder) == [".", "..", ".hidden", "a", "b"])
        #expect(FolderListing.names(in: folder + "/missing").isEmpty)
    }

    @Test func foldersAreMadeWithTheirParentsOrSayWhyNot() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        #expect(FolderListing.create(folder + "/a/b/c") == nil)
        #expect(FileSystem.isFolder(folder + "/a/b/c"))
        #expect(FolderListing.create(folder + "/a/b/c") == nil, "a folder already there is fine")
        try Data().write(to: URL(fileURLWithPath: folder + "/file"))
        #expect(FolderListing.create(folder + "/file") == "not a directory")
        #expect(FolderListing.create(folder + "/file/below") == "Not a directory")
    }

    @Test func removingATreeRemovesALinkNotWhatItPointsTo() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        try FileManager.default.createDirectory(atPath: folder + "/kept", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/kept/file"))
        try FileManager.default.createDirectory(atPath: folder + "/tree/inner", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/tree/inner/x"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/tree/link", withDestinationPath: folder + "/kept")
        #expect(FolderListing.removeTree(folder + "/tree"))
        #expect(!FileSystem.exists(folder + "/tree"))
        #expect(FileSystem.contents(of: folder + "/kept/file") == Array("keep".utf8))
        #expect(FolderListing.removeTree(folder + "/tree"), "nothing there is nothing left")
    }

    @Test func recordsAreAppendedWholeAndTheFileStartsEmpty() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        let path = folder + "/journal.jsonl"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let file = try AppendOnlyFile(creating: path)
        try file.append(Array("one\n".utf8))
        try file.append(Array("two\n".utf8))
        #expect(FileSystem.contents(of: path) == Array("one\ntwo\n".utf8))
        #expect(throws: ZoetropeError.self) { try AppendOnlyFile(creating: folder + "/missing/journal.jsonl") }
        do {
            _ = try AppendOnlyFile(creating: folder + "/missing/journal.jsonl")
        } catch {
            #expect(error.kind == .cannotCreate)
            #expect(error.message == "\(folder)/missing/journal.jsonl: cannot create: No such file or directory")
        }
    }

    @Test func theLockIsHeldAroundItsBodyAndItsErrorsPassThrough() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        let value = try FileLock.withExclusiveLock(at: folder + "/.lock") { () throws(ZoetropeError) -> Int in 42 }
        #expect(value == 42)
        #expect(FileSystem.isRegularFile(folder + "/.lock"))
        #expect(throws: ZoetropeError(message: "inside", kind: .io)) {
            try FileLock.withExclusiveLock(at: folder + "/.lock") { () throws(ZoetropeError) in throw ZoetropeError(message: "inside", kind: .io) }
        }
        #expect(throws: ZoetropeError.self) { try FileLock.withExclusiveLock(at: folder + "/missing/.lock") { () throws(ZoetropeError) in } }
    }

    @Test func aChildIsFedThroughAPipeAndItsStatusIsKept() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        let shell = try #require(ChildProcess.find("sh"))
        let copying = try ChildProcess(executable: shell, arguments: ["-c", "cat > '\(folder)/out'"], errorLog: folder + "/log")
        try copying.write(Array("frame bytes".utf8))
        #expect(copying.closeInputAndWait() == 0)
        #expect(copying.closeInputAndWait() == nil, "closed once")
        #expect(FileSystem.contents(of: folder + "/out") == Array("frame bytes".utf8))
        let failing = try ChildProcess(executable: shell, arguments: ["-c", "echo no >&2; exit 3"], errorLog: folder + "/log")
        #expect(failing.closeInputAndWait() != 0)
        #expect(FileSystem.contents(of: folder + "/log") == Array("no\n".utf8))
        #expect(ChildProcess.find("zoetrope-no-such-program") == nil)
    }

    @Test func thisProcessRunsAndAReapedChildHasEnded() throws {
        #expect(CurrentProcess.isRunning(CurrentProcess.id))
        #expect(!CurrentProcess.hasEnded(CurrentProcess.id))
        let shell = try #require(ChildProcess.find("sh"))
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        let child = Process()
        child.executableURL = URL(fileURLWithPath: shell)
        child.arguments = ["-c", "exit 0"]
        try child.run()
        child.waitUntilExit()
        #expect(CurrentProcess.hasEnded(child.processIdentifier))
        #expect(ProcessStamp.current == "\(ProcessStamp.hostName)-\(CurrentProcess.id)")
        #expect(ProcessStamp.isLive(Substring(ProcessStamp.current)))
        #expect(ProcessStamp.isAbandoned(Substring("\(ProcessStamp.hostName)-\(child.processIdentifier)")))
    }

    @Test func theEnvironmentIsReadAsTheSystemHasIt() {
        let path = CurrentProcess.environmentValue("PATH")
        #expect(path != nil)
        #expect(CurrentProcess.environment["PATH"] == path)
        #expect(CurrentProcess.environmentValue("ZOETROPE_SURELY_UNSET_\(UUID().uuidString.prefix(8))") == nil)
        #expect(CurrentProcess.onlineCoreCount >= 1)
    }

    @Test func aScenePathThatIsAFIFOIsNotWaitedOn() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        #expect(mkfifo(folder + "/scene.yaml", 0o600) == 0)
        #expect(FileSystem.contents(of: folder + "/scene.yaml") == nil, "refused at once, not read until a writer comes")
        #expect(FileSystem.exists(folder + "/scene.yaml"))
    }

    @Test(arguments: ZoetropeError.Kind.allCases)
    func anErrorKeepsItsKindFileAndLines(kind: ZoetropeError.Kind) {
        var error = ZoetropeError(lines: ["a.yaml: layers[0]: one", "a.yaml: layers[1]: two\u{1B}[31m"], kind: kind, file: "a.yaml", documentPath: "layers")
        #expect(error.kind == kind && error.file == "a.yaml" && error.documentPath == "layers")
        #expect(error.description == "a.yaml: layers[0]: one\na.yaml: layers[1]: two\\u{1B}[31m")
        error.message = "one line"
        #expect(error.lines == ["one line"])
    }
}

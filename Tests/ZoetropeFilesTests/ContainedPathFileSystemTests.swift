import Foundation
import Testing
import ZoetropeFiles

/// A path read from data is resolved under its folder with `lstat`: no link is followed, no
/// FIFO or device is opened.
@Suite struct ContainedPathFileSystemTests {
    /// A folder holding `frames/a.png` (a regular file), and beside it `outside/secret`.
    private final class Layout {
        let root: String
        var folder: String { root + "/report" }
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-contained-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/report/frames", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: root + "/report/frames/a.png"))
            try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "/outside/secret"))
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func aRegularFileInsideIsRead() throws {
        let layout = try Layout()
        let path = try ContainedPath("frames/a.png")
        #expect(try path.isRegularFile(in: layout.folder))
        #expect(try path.read(in: layout.folder) == [1, 2, 3])
        #expect(try ContainedPath("frames/b.png").read(in: layout.folder) == nil, "missing is nil, not an error")
        #expect(try ContainedPath("nothing/b.png").isRegularFile(in: layout.folder) == false)
    }

    @Test func aLinkAnywhereBelowTheFolderIsRefused() throws {
        let layout = try Layout()
        try FileManager.default.createSymbolicLink(atPath: layout.folder + "/linked", withDestinationPath: layout.root + "/outside")
        try FileManager.default.createSymbolicLink(atPath: layout.folder + "/frames/secret", withDestinationPath: layout.root + "/outside/secret")
        #expect(throws: ContainedPath.Problem.symbolicLink("linked")) { try ContainedPath("linked/secret").read(in: layout.folder) }
        #expect(throws: ContainedPath.Problem.symbolicLink("")) { try ContainedPath("frames/secret").read(in: layout.folder) }
    }

    @Test func aFIFOAFolderOrAFileOnTheWayIsRefusedWithoutBlocking() throws {
        let layout = try Layout()
        #expect(mkfifo(layout.folder + "/frames/fifo.png", 0o644) == 0)
        #expect(throws: ContainedPath.Problem.notRegularFile("a FIFO")) { try ContainedPath("frames/fifo.png").read(in: layout.folder) }
        #expect(throws: ContainedPath.Problem.notRegularFile("a folder")) { try ContainedPath("frames").read(in: layout.folder) }
        #expect(throws: ContainedPath.Problem.notFolder("frames/a.png")) { try ContainedPath("frames/a.png/x").read(in: layout.folder) }
        #expect(ContainedPath.nonRegularKind(atPath: layout.folder + "/frames/fifo.png") == "a FIFO")
        #expect(ContainedPath.nonRegularKind(atPath: "/dev/null") == "a device")
        #expect(ContainedPath.nonRegularKind(atPath: layout.folder + "/frames/a.png") == nil)
        #expect(AtomicFile.read(layout.folder + "/frames/fifo.png") == nil, "a FIFO is never read, and never waited on")
    }

    @Test func aLinkPlantedAtATemporaryNameIsNeverWrittenThrough() throws {
        let layout = try Layout()
        let frame = layout.folder + "/frames/frame_00000.png"
        try FileManager.default.createSymbolicLink(atPath: AtomicFile.temporaryPath(for: frame), withDestinationPath: layout.root + "/outside/secret")
        #expect(throws: ZoetropeError.self) { try AtomicFile.write([9, 9], to: frame) }
        #expect(FileManager.default.contents(atPath: layout.root + "/outside/secret") == Data("secret".utf8))
    }
}

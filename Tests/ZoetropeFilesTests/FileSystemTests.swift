import Foundation
import Testing
import ZoetropeFiles

/// `FileSystem` tells files, folders, links and FIFOs apart, and writes every byte or says why not.
@Suite struct FileSystemTests {
    /// A fresh folder holding a file, a folder, a FIFO and a link to the file.
    private func makeFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "/zoetrope-filesystem-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/inner", withIntermediateDirectories: true)
        try Data("abc".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/file")
        return folder
    }

    @Test func kindsAreToldApartAndLinksFollowedOnlyWhenAsked() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        #expect(FileSystem.kind(at: folder + "/file") == .regularFile)
        #expect(FileSystem.kind(at: folder + "/inner") == .folder)
        #expect(FileSystem.kind(at: folder + "/fifo") == .fifo)
        #expect(FileSystem.kind(at: folder + "/link") == .regularFile)
        #expect(FileSystem.kindWithoutFollowingLinks(at: folder + "/link") == .symbolicLink)
        #expect(FileSystem.kind(at: folder + "/missing") == nil)
        #expect(FileSystem.isFolder(folder + "/inner") && !FileSystem.isFolder(folder + "/file"))
        #expect(FileSystem.isRegularFile(folder + "/file") && !FileSystem.isRegularFile(folder + "/fifo"))
        #expect(FileSystem.size(at: folder + "/file") == 3)
        #expect(FileSystem.isSameFile(folder + "/link", folder + "/file"))
        #expect(!FileSystem.isSameFile(folder + "/file", folder + "/missing"))
        #expect(FileSystem.Kind.fifo.description == "a FIFO")
    }

    @Test func aFIFOOpensWithoutBlockingAndALinkIsRefusedWithoutFollowing() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }  // cleanup only
        let fifo = try #require(FileSystem.openForReadingWithoutBlocking(folder + "/fifo"))
        #expect(FileSystem.kind(ofDescriptor: fifo) == .fifo)
        close(fifo)
        #expect(FileSystem.openForReadingWithoutBlocking(folder + "/link", followingLinks: false) == nil)
        #expect(errno == ELOOP)
        let file = try #require(FileSystem.openForReadingWithoutBlocking(folder + "/link"))
        defer { close(file) }
        #expect(FileSystem.readAll(file) == Array("abc".utf8))
    }

    @Test func writeAllWritesEveryByteOrNamesTheFailure() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let bytes = (0..<60_000).map { UInt8(truncatingIfNeeded: $0) }  // under a pipe's 64 KiB
        try FileSystem.writeAll(descriptor: ends[1], bytes: bytes)
        close(ends[1])
        #expect(FileSystem.readAll(ends[0]) == bytes)
        close(ends[0])
        // Not the closed end's number: a test running beside this one may open a file and be
        // given that number again (CI saw this write succeed). No descriptor is ever -1.
        #expect(throws: FileSystem.WriteFailure.failed(errno: EBADF)) {
            try FileSystem.writeAll(descriptor: -1, bytes: [1, 2, 3])
        }
    }

    /// A file's first bytes, as many as it has; nothing of a FIFO (never blocking) or a folder.
    @Test func thePrefixOfAFileIsItsFirstBytesAndNothingElseHasOne() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileSystem.prefix(of: folder + "/file", count: 2) == Array("ab".utf8))
        #expect(FileSystem.prefix(of: folder + "/file", count: 10) == Array("abc".utf8))
        #expect(FileSystem.prefix(of: folder + "/fifo", count: 8) == [])
        #expect(FileSystem.prefix(of: folder + "/inner", count: 8) == [])
        #expect(FileSystem.prefix(of: folder + "/missing", count: 8) == [])
    }
}

import Foundation
import Testing
@testable import ZoetropeRender
import ZoetropeFiles

/// Processes sharing a frame folder clean up only after processes known to be gone: a shard that
/// starts must not delete the temporary file another shard is writing.
@Suite struct FolderOwnershipTests {
    /// The pid of a process that has ended (waited for, so it is not a zombie).
    private func endedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func leftoversOfEndedProcessesOnThisHostGoAndOthersStay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-owner-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let host = ProcessStamp.hostName
        let ended = try endedProcessID()
        let running = Process()
        running.executableURL = URL(fileURLWithPath: "/bin/sleep")
        running.arguments = ["30"]
        try running.run()
        defer { kill(running.processIdentifier, SIGKILL); running.waitUntilExit() }
        let live = running.processIdentifier
        let names = [
            "dead": ".frame_00001.png.\(host)-\(ended).zoetrope-tmp",
            "live": ".frame_00002.png.\(host)-\(live).zoetrope-tmp",
            "elsewhere": ".frame_00003.png.\(host)x-\(ended).zoetrope-tmp",
        ]
        for name in names.values { try Data([1]).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        AtomicFile.removeLeftovers(in: folder)
        let remaining = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(!remaining.contains(names["dead"]!), "a killed process's temporary file is removed")
        #expect(remaining.contains(names["elsewhere"]!), "another host's may still be written")
        #expect(remaining.contains(names["live"]!), "a running process's stays")
    }

    @Test func aTemporaryNameCarriesHostAndProcess() {
        let path = AtomicFile.temporaryPath(for: "/out/frame_00004.png")
        #expect(path == "/out/.frame_00004.png.\(ProcessStamp.hostName)-\(getpid()).zoetrope-tmp")
        #expect(!ProcessStamp.hostName.contains("."))
    }
}

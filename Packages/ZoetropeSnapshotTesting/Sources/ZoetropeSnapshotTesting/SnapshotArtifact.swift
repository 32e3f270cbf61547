import Foundation
#if canImport(Testing)
import Testing
#endif

/// Where a failing snapshot's diff image goes: beside the image swift-snapshot-testing writes
/// for the failure, named after the test as that one is.
///
/// The library writes the failing image to `$SNAPSHOT_ARTIFACTS/<TestFile>/<test>.<n>.png`
/// (the temporary folder when the variable is unset), `<n>` being the snapshot's name or its
/// number within the test; the diff image is `<test>.<n>.diff.png` in the same folder. The
/// diffing closure is told neither the test nor `<n>`: the test is the running Swift Testing
/// test (`Test.current`), and `<n>` is the reference in `__Snapshots__/<TestFile>/` beside the
/// test whose bytes are the reference being compared. A reference kept elsewhere
/// (`snapshotDirectory:`) gives `<test>.diff.png`; outside Swift Testing (XCTest), the name is
/// `snapshot.diff.png` under a `ZoetropeSnapshotTesting` folder.
enum SnapshotArtifact {
    /// The path for the diff image of a comparison against `reference` in the running test.
    static func diffImagePath(reference: Data) -> String {
        diffImagePath(reference: reference, test: runningTest,
                      artifacts: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory())
    }

    /// The path for the diff image of a comparison against `reference` in `test` (nil: not a
    /// Swift Testing test), under the folder `artifacts`.
    static func diffImagePath(reference: Data, test: (name: String, filePath: String)?, artifacts: String) -> String {
        guard let test else {
            return URL(fileURLWithPath: artifacts).appendingPathComponent("ZoetropeSnapshotTesting/snapshot.diff.png").path
        }
        let file = URL(fileURLWithPath: test.filePath)
        let fileName = file.deletingPathExtension().lastPathComponent
        let testName = pathComponent(test.name)
        let references = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(fileName)
        let stem = referenceStem(in: references.path, testName: testName, matching: reference) ?? testName
        return URL(fileURLWithPath: artifacts).appendingPathComponent(fileName).appendingPathComponent(stem + ".diff.png").path
    }

    /// The running test's name and source file, when a Swift Testing test runs.
    private static var runningTest: (name: String, filePath: String)? {
        #if canImport(Testing)
        guard let test = Test.current else { return nil }
        return (test.name, test.sourceLocation.filePath)
        #else
        return nil
        #endif
    }

    /// `<test>.<n>` of the reference in `folder` holding `reference`'s bytes, if one does.
    private static func referenceStem(in folder: String, testName: String, matching reference: Data) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        for name in names.sorted() where name.hasPrefix(testName + ".") {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.contents(atPath: path.path) == reference { return path.deletingPathExtension().lastPathComponent }
        }
        return nil
    }

    /// A test's name as swift-snapshot-testing writes it in a file name: each run of characters
    /// other than letters, digits and `_` becomes one `-`, none at either end
    /// (`theFrogMoves()` is `theFrogMoves`).
    static func pathComponent(_ name: String) -> String {
        var result = ""
        var pendingDash = false
        for character in name {
            if character.isLetter || character.isNumber || character == "_" {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result.append(character)
            } else {
                pendingDash = true
            }
        }
        return result
    }
}

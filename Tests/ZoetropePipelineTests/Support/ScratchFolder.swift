import Foundation

/// A fresh folder under the temporary directory for one test, with files written into it;
/// removed when the value is released.
final class ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-pipeline-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }  // a leftover folder harms nothing

    /// `name` inside the folder.
    func path(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` (its folders made) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    /// Writes `bytes` to `name` (its folders made) and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// A scene of one box moved across a 200×120 canvas in 2 s, shown for 3 s at 10 fps (31 frames).
    static let slideScene = """
        version: 1
        canvas: { size: [200, 120], background: "#FFFFFF" }
        render: { fps: 10, duration: 3 }
        layers:
          - { id: box, shape: rect, position: [30, 60], size: [30, 30], fill: "#E53935" }
        animators:
          - { id: move, duration: 2, timing: linear, animations: [ { set: { box.position: [170, 60] } } ] }
        script:
          - { at: 0, start: move }
        """
}

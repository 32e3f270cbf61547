import Foundation
import ZoetropeCore
import ZoetropeFormat
import ZoetropeFiles

extension Film {
    /// The recording as a scene: the layers of every view that was on the film, placed and
    /// styled as at time 0 (a view added while the film ran is hidden until then; images by
    /// absolute path, drawn images as data URLs), the animators UIKit calls made, and every call as a script event at its
    /// time (a view moved to another superview is a `move`, a restyle a `restyle`, an animator's
    /// flags set after it ran an `options`), lasting to the film's current time. Rendered, it
    /// gives the film's frames, byte for byte. Every recording is a scene: nothing is refused.
    public func scene() -> Scene {
        stage.scene(name: name, canvas: canvas, frameRate: FrameRate(framesPerSecond), duration: .seconds(time)) { image in
            image.hasPrefix("/") || DataURL.isDataURL(image) ? image : FileSystem.currentFolder + "/" + image
        }
    }
}

extension Film {
    /// Writes the recording as a scene file (JSON) at `path`, written whole or not at
    /// all: `zoetrope render` renders it to the film's frames, byte for byte, and every other
    /// command takes it as any scene. Throws `SceneWriteError` for what the writer cannot write
    /// yet, and `ZoetropeError` when the file cannot be written.
    public func writeScene(to path: String) throws {
        try AtomicFile.write(Array(SceneWriter.json(scene()).utf8), to: path)
    }
}

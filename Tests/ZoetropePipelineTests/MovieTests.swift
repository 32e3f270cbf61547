import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

@Suite struct MovieTests {
    private static let sceneText = """
        version: 1
        canvas: { size: [200, 120], background: "#FFFFFF" }
        render: { fps: 30, duration: 3 }
        layers:
          - { id: box, shape: rect, position: [30, 60], size: [30, 30], fill: "#E53935" }
        animators:
          - { id: move, duration: 2, timing: easeInOut, animations: [ { set: { box.position: [170, 60] } } ] }
        script:
          - { at: 0, start: move }
          - { at: 1, pause: move }
          - { at: 1.5, continue: move, durationFactor: 0.5 }
        """

    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-movie-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Issue 27, item 5: the Swift API accepted what a scene file refuses and clamped it when drawn.
    @Test func theSwiftAPIRefusesValuesAFileWould() throws {
        var card = Layer(id: "card", shape: .rect)
        card.values.opacity = 7
        card.values.cornerRadius = -10
        let scene = Scene(name: "cards", canvas: Canvas(size: Vector2(100, 100)), layers: [card])
        #expect {
            try Movie(scene: scene)
        } throws: { error in
            (error as? SceneLoadError)?.description == """
                cards: layers[card].opacity: must be within 0...1 (found 7)
                cards: layers[card].cornerRadius: must be at least 0 (found -10)
                """
        }
        let stage = AnimationStage(layers: [Layer(id: "card", shape: .rect)])
        #expect {
            try stage.assignment("card.opacity", .number(3))
        } throws: { error in
            (error as? PropertyKeyError)?.message == "must be within 0...1 (found 3)"
        }
        #expect(throws: PropertyKeyError.self) { try stage.assignment("card.position.x", .number(.infinity)) }
        #expect(try stage.assignment("card.opacity", .number(0.5)).value == .number(0.5))
    }

    /// The same story told by PropertyAnimator calls.
    private func recorded() throws -> Movie {
        var box = Layer(id: "box", shape: .rect)
        box.values.position = Vector2(30, 60)
        box.values.size = Vector2(30, 30)
        box.values.fill = Color(hex: "#E53935")!
        let stage = AnimationStage(layers: [box])
        let move = PropertyAnimator(duration: 2, curve: .easeInOut, stage: stage)
        try move.addAnimations([stage.assignment("box.position", .vector(Vector2(170, 60)))])
        return try Movie.record(stage, canvas: Canvas(size: Vector2(200, 120)), framesPerSecond: 30, name: "box") { clock in
            try move.startAnimation()
            clock.advance(to: 1)
            try move.pauseAnimation()
            clock.advance(to: 1.5)
            try move.continueAnimation(withTimingParameters: nil, durationFactor: 0.5)
            clock.advance(to: 3)
        }
    }

    @Test func propertyAnimatorCallsRecordTheFramesTheSceneFileRenders() throws {
        let directory = try folder()
        let file = directory + "/box.yaml"
        try Self.sceneText.write(toFile: file, atomically: true, encoding: .utf8)
        let fromFile = try Movie(contentsOf: file)
        let fromCalls = try recorded()
        #expect(fromFile.frames.count == 91 && fromCalls.frames.count == 91, "⌊3 · 30⌋ + 1 frames")
        for index in [0, 15, 30, 40, 45, 60, 75, 90] {
            #expect(fromCalls.frames[index].values == fromFile.frames[index].values, "frame \(index)")
        }
        #expect(fromCalls.frames[30].values == fromCalls.frames[44].values, "paused from 1 s to 1.5 s")
        #expect(fromCalls.frames[44].values != fromCalls.frames[46].values, "moving again after 1.5 s")
        let paths = try fromCalls.writeFrames(to: directory + "/calls")
        let rendered = try fromFile.writeFrames(to: directory + "/file")
        #expect(paths.map { ($0 as NSString).lastPathComponent } == rendered.map { ($0 as NSString).lastPathComponent })
        #expect(FileManager.default.contents(atPath: paths[45]) == FileManager.default.contents(atPath: rendered[45]), "the same bytes")
        // With its manifest, the folder is a render's to the commands: a video of it.
        let video = try VideoExport.write(folder: directory + "/calls", to: directory + "/calls.apng")
        #expect(video.frames == 91 && video.framesPerSecond == 30)
    }

    @Test func framesAreTheBytesZoetropeRenderWrites() throws {
        let directory = try folder()
        let file = directory + "/box.yaml"
        try Self.sceneText.write(toFile: file, atomically: true, encoding: .utf8)
        let paths = try Movie(contentsOf: file, overrides: ["animators.move.duration=1"]).writeFrames(to: directory + "/api")
        let scene = try EvaluatedScene.load([file], overrides: [SceneOverride(parsing: "animators.move.duration=1")])[0]
        _ = try FolderRender.render(scene.renderRequest(into: directory + "/render", frames: nil, jobs: 2), progress: ProgressReporter(mode: .none))
        for path in paths {
            let name = (path as NSString).lastPathComponent
            #expect(FileManager.default.contents(atPath: path) == FileManager.default.contents(atPath: directory + "/render/" + name), "\(name)")
        }
    }

    @Test func anAPNGAndAContactSheetOfARecording() throws {
        let directory = try folder()
        let movie = try recorded()
        try movie.writeAPNG(to: directory + "/box.apng")
        let apng = try #require(FileManager.default.contents(atPath: directory + "/box.apng"))
        let text = String(decoding: apng, as: UTF8.self)
        #expect(text.contains("acTL") && text.components(separatedBy: "fcTL").count - 1 == 91)
        #expect(apng[apng.startIndex + 25] == 6, "RGBA, one header for every frame")
        try movie.writeContactSheet(to: directory + "/sheet.png", count: 6, columns: 3, width: 100)
        let sheet = try RasterImage(pngFile: directory + "/sheet.png")
        #expect(sheet.width > 300 && sheet.width < 400, "three 100-pixel thumbnails and their gaps (\(sheet.width))")
        let image = try movie.image(ofFrame: 90, scale: 2)
        #expect(image.width == 400 && image[340, 120] == RasterImage.Pixel(red: 0xE5, green: 0x39, blue: 0x35), "the box at its end, twice the pixels")
        #expect(throws: RenderError.self) { try movie.image(ofFrame: 91) }
    }

    @Test func keyframesAndTimelinesFromSwiftMatchTheSceneFile() throws {
        let directory = try folder()
        let file = directory + "/timeline.yaml"
        try """
            version: 1
            canvas: { size: [200, 120] }
            render: { fps: 20, duration: 3 }
            layers:
              - { id: a, shape: rect, position: [20, 30], size: [20, 20], fill: "#E53935" }
              - { id: b, shape: rect, position: [20, 90], size: [20, 20], fill: "#1E88E5" }
            animators:
              - { id: slide, duration: 1, animations: [ { set: { a.position: [180, 30] } } ] }
              - id: hop
                duration: 1
                animations:
                  - keyframes:
                      - { start: 0, duration: 0.5, set: { b.position: [100, 60] } }
                      - { start: 0.5, duration: 0.5, set: { b.position: [180, 90] } }
            timelines:
              - id: intro
                children:
                  - { animator: slide }
                  - { animator: hop, position: "<0.5" }
            script:
              - { at: 0, start: intro }
              - { at: 1.2, reverse: intro, value: true }
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let fromFile = try Movie(contentsOf: file)

        var a = Layer(id: "a", shape: .rect), b = Layer(id: "b", shape: .rect)
        (a.values.position, a.values.size, b.values.position, b.values.size) = (Vector2(20, 30), Vector2(20, 20), Vector2(20, 90), Vector2(20, 20))
        (a.values.fill, b.values.fill) = (Color(hex: "#E53935")!, Color(hex: "#1E88E5")!)
        let stage = AnimationStage(layers: [a, b])
        let slide = PropertyAnimator(duration: 1, stage: stage), hop = PropertyAnimator(duration: 1, stage: stage)
        try slide.addAnimations([stage.assignment("a.position", .vector(Vector2(180, 30)))])
        try hop.addKeyframes([
            Keyframe(relativeStartTime: 0, relativeDuration: 0.5, assignments: [try stage.assignment("b.position", .vector(Vector2(100, 60)))]),
            Keyframe(relativeStartTime: 0.5, relativeDuration: 0.5, assignments: [try stage.assignment("b.position", .vector(Vector2(180, 90)))]),
        ])
        let intro = try AnimatorGroup(timeline: [.member(target: slide.index, position: .append), .member(target: hop.index, position: .previousStart(0.5))],
                                      stage: stage)
        var ended: [AnimatingPosition] = []
        intro.addCompletion { ended.append($0) }
        let fromCalls = try Movie.record(stage, canvas: Canvas(size: Vector2(200, 120)), framesPerSecond: 20) { clock in
            try intro.startAnimation()
            clock.advance(to: 1.2)
            #expect(intro.playhead > 1.19 && intro.playhead < 1.21 && intro.isRunning)
            try intro.setReversed(true)
            clock.advance(to: 3)
        }
        #expect(fromCalls.frames.count == fromFile.frames.count)
        for index in fromFile.frames.indices {
            #expect(fromCalls.frames[index].values == fromFile.frames[index].values, "frame \(index)")
        }
        #expect(ended == [.start], "reversed, the timeline ends at its start")
        #expect(fromCalls.frames[60].values[0].position == Vector2(20, 30), "slide replayed back to its start")
    }

    @Test func aGroupFromSwiftMatchesTheSceneFile() throws {
        let directory = try folder()
        let file = directory + "/group.yaml"
        try """
            version: 1
            canvas: { size: [200, 120] }
            render: { fps: 20, duration: 2.5 }
            layers:
              - { id: a, shape: rect, position: [20, 30], size: [20, 20] }
              - { id: b, shape: rect, position: [20, 90], size: [20, 20] }
            animators:
              - { id: slide, duration: 1, animations: [ { set: { a.position: [180, 30] } } ] }
              - { id: drop, duration: 1, animations: [ { set: { b.position: [180, 90] } } ] }
            groups:
              - { id: both, members: [slide, { id: drop, delay: 0.3 }] }
            script:
              - { at: 0, start: both }
              - { at: 0.8, pause: both }
              - { at: 1.1, fraction: both, value: 0.25 }
              - { at: 1.4, start: both }
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let fromFile = try Movie(contentsOf: file)

        var a = Layer(id: "a", shape: .rect), b = Layer(id: "b", shape: .rect)
        (a.values.position, a.values.size, b.values.position, b.values.size) = (Vector2(20, 30), Vector2(20, 20), Vector2(20, 90), Vector2(20, 20))
        let stage = AnimationStage(layers: [a, b])
        let slide = PropertyAnimator(duration: 1, stage: stage), drop = PropertyAnimator(duration: 1, stage: stage)
        try slide.addAnimations([stage.assignment("a.position", .vector(Vector2(180, 30)))])
        try drop.addAnimations([stage.assignment("b.position", .vector(Vector2(180, 90)))])
        let both = try AnimatorGroup(members: [.init(target: slide.index), .init(target: drop.index, delay: 0.3)], stage: stage)
        let fromCalls = try Movie.record(stage, canvas: Canvas(size: Vector2(200, 120)), framesPerSecond: 20) { clock in
            try both.startAnimation()
            clock.advance(to: 0.8)
            try both.pauseAnimation()
            clock.advance(to: 1.1)
            try both.setFractionComplete(0.25)
            clock.advance(to: 1.4)
            try both.startAnimation()
            clock.advance(to: 2.5)
        }
        #expect(fromCalls.frames.count == fromFile.frames.count)
        for index in fromFile.frames.indices {
            #expect(fromCalls.frames[index].values == fromFile.frames[index].values, "frame \(index)")
        }
        #expect(fromCalls.frames[24].values[1].position.x > 20 && fromCalls.frames[24].values[1].position.x < 180, "drop moves 0.3 s after slide")
    }

    @Test func aSceneThatCannotBeReadSaysWhy() {
        #expect(throws: SceneLoadError.self) { try Movie(contentsOf: "/nonexistent/scene.yaml") }
        #expect(throws: SceneLoadError.self) { try Movie(contentsOf: "/nonexistent/scene.yaml", overrides: ["no equals sign"]) }
    }
}

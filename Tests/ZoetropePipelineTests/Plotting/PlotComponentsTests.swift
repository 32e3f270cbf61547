import Testing
import ZoetropeFormat
import ZoetropePipeline
import ZoetropeRender

@Suite struct PlotComponentsTests {
    private func source(_ name: String = "", overrides: [String] = []) throws -> PropertyPlot.Source {
        let folder = try ScratchFolder()
        let file = try folder.write("slide.yaml", ScratchFolder.slideScene)
        let scene = try EvaluatedScene.load([file], overrides: try overrides.map { try SceneOverride(parsing: $0) })[0]
        return PropertyPlot.Source(name: name, evaluation: scene.evaluation, duration: scene.duration)
    }

    @Test func aPointGivesAChartPerComponentEachOnce() throws {
        let components = try PlotComponents.resolve(["box.position", "box.position.x", "move.fractionComplete"], in: [try source()], velocity: false)
        #expect(components.map(\.key) == ["box.position.x", "box.position.y", "move.fractionComplete"])
    }

    @Test func everyUnknownKeyIsSaidOnceWhateverTheSources() throws {
        let sources = [try source("a"), try source("b")]
        #expect {
            try PlotComponents.resolve(["bxo.position", "box.position", "box.nope"], in: sources, velocity: false)
        } throws: { error in
            guard let error = error as? PlotComponentsError else { return false }
            return error.messages.count == 2 && error.messages.allSatisfy { $0.hasPrefix("plot ") }
                && error.messages[0].contains("bxo") && error.messages[1].contains("nope") && error.kind == .misuse
        }
    }

    @Test func aPlotTallerThanAnImageCanBeIsRefused() throws {
        // 30 layers: their positions are 60 charts, 120 with velocities, 360 pixels each.
        let layers = (0..<30).map { "  - { id: l\($0), shape: rect, position: [10, 10], size: [5, 5] }" }.joined(separator: "\n")
        let folder = try ScratchFolder()
        let file = try folder.write("many.yaml", "version: 1\ncanvas: { size: [100, 100] }\nrender: { fps: 10, duration: 1 }\nlayers:\n\(layers)\n")
        let scene = try EvaluatedScene.load([file], overrides: [])[0]
        let sources = [PropertyPlot.Source(name: "", evaluation: scene.evaluation, duration: scene.duration)]
        let keys = (0..<30).map { "l\($0).position" }
        #expect(try PlotComponents.resolve(keys, in: sources, velocity: false).count == 60, "60 charts of 360 pixels fit")
        #expect {
            try PlotComponents.resolve(keys, in: sources, velocity: true)
        } throws: { error in
            (error as? PlotComponentsError)?.messages == ["plot: 60 charts and their velocities would make a plot 43200 pixels tall, more than an image can be (32767); plot fewer keys"]
        }
    }
}

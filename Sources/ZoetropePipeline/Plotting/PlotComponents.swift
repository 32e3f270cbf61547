import ZoetropeCore
import ZoetropeRender
import ZoetropeFiles

/// The numbers a property plot (`plot`, `sweep --plot`) draws for the keys it is given.
public enum PlotComponents {
    /// The components `keys` name, in order and each once, found in the first source; every key
    /// must name a plottable property in every source. Throws every distinct unknown key (said
    /// once however many sources lack it), or a plot taller than an image can be.
    public static func resolve(_ keys: [String], in sources: [PropertyPlot.Source], velocity: Bool) throws(PlotComponentsError) -> [PropertyPlot.Component] {
        var components: [PropertyPlot.Component] = []
        var problems: [PropertyKeyError] = []
        for key in keys {
            for (index, source) in sources.enumerated() {
                switch PropertyPlot.components(ofKey: key, in: source.evaluation.scene) {
                case .success(let found):
                    if index == 0 { components += found.filter { !components.contains($0) } }
                case .failure(let error):
                    if !problems.contains(error) { problems.append(error) }
                }
            }
        }
        guard problems.isEmpty else { throw PlotComponentsError(messages: problems.map { "plot \($0)" }) }
        let height = PropertyPlot.height(components: components.count, sources: sources, velocity: velocity)
        guard height <= SceneLimits.surfaceSide else {
            throw PlotComponentsError(messages: ["plot: \(components.count) charts\(velocity ? " and their velocities" : "") would make a plot \(height) pixels tall, more than an image can be (\(SceneLimits.surfaceSide)); plot fewer keys"])
        }
        return components
    }
}

/// Keys a plot cannot draw: a usage error (`misuse`), each message to follow the scene file's
/// name (`scene.yaml: plot …`).
public struct PlotComponentsError: Error, Hashable, Sendable {
    /// `plot unknown property …` per unknown key, or `plot: N charts would make a plot … tall`.
    public var messages: [String]
    /// A usage error: the plot asks for what the scene cannot give.
    public var kind: ZoetropeError.Kind { .misuse }
}

import ZoetropeCore

extension FrameDrawer {
    /// Draws the particles of the emitting layer `index` at the tree's time, in the layer's
    /// own coordinates (the current ones), in the order its render mode says, each at
    /// `opacity` times its alpha: its cell's image centred on it, turned, scaled and tinted
    /// (`ParticleSprites`); added to what lies beneath in the `additive` mode. A cell without
    /// contents draws nothing, as in Core Animation.
    func drawParticles(_ index: Int, _ emitter: Emitter, opacity: Double, in tree: PresentationTree) throws(CairoError) {
        let cells = emitter.cells
        var sprites: [CairoSprite?] = []
        sprites.reserveCapacity(cells.count)
        for cell in cells {
            sprites.append(cell.contents.isEmpty ? nil : try particleSprites.sprite(of: try loadImage(cell.contents), source: cell.contents))
        }
        guard sprites.contains(where: { $0 != nil }) else { return }
        emitter.particles(at: tree.time, history: tree.emission(of: index), into: &particleSprites.particles)
        let additive = emitter.renderMode == .additive
        for particle in particleSprites.particles {
            guard let base = sprites[particle.cell] else { continue }
            let alpha = particle.color.alpha * opacity
            // Nothing to see, or numbers Cairo's fixed point cannot place (its error is sticky).
            guard alpha > 0, particle.scale > 1e-6, particle.scale < 1e6, particle.rotation.isFinite,
                  abs(particle.position.x) < 1e9, abs(particle.position.y) < 1e9 else { continue }
            let color = particle.color
            let sprite = color.red == 1 && color.green == 1 && color.blue == 1
                ? base : try particleSprites.sprite(base, source: cells[particle.cell].contents, tintedBy: color)
            context.paint(sprite, center: particle.position, rotation: particle.rotation, scale: particle.scale, opacity: alpha,
                          additive: additive)
        }
    }
}

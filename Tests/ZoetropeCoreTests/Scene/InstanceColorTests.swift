import Testing
import ZoetropeCore

/// `CAReplicatorLayer`'s instance colour: what each copy's colours are multiplied by.
@Suite struct InstanceColorTests {
    @Test func eachCopyAddsTheOffsetsToTheInstanceColourClampedToOneAndZero() {
        var values = LayerValues()
        values.replicatorCount = 12
        #expect(values.instanceColor(ofCopy: 5) == .white, "white by default: copies drawn as they are")
        #expect(!LayerValues().replicates, "one copy in opaque white draws the children once, as they are")
        values.replicatorColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        values.replicatorOpacity = 0.5
        values.replicatorRedOffset = -0.25
        values.replicatorGreenOffset = 0.1
        values.replicatorBlueOffset = 0.3
        values.replicatorAlphaOffset = 0.2
        #expect(values.instanceColor(ofCopy: 0) == Color(red: 1, green: 0.5, blue: 0, alpha: 0.4), "copy 0: the colour, its alpha times the opacity")
        let second = values.instanceColor(ofCopy: 2)
        #expect(abs(second.red - 0.5) < 1e-12 && abs(second.green - 0.7) < 1e-12 && abs(second.blue - 0.6) < 1e-12 && abs(second.alpha - 0.8) < 1e-12)
        #expect(values.instanceColor(ofCopy: 10) == Color(red: 0, green: 1, blue: 1, alpha: 1), "each component within 0...1")
        values.replicatorCount = 1
        values.replicatorColor = Color(red: 0.9, green: 1, blue: 1)
        values.replicatorOpacity = 1
        #expect(values.replicates, "a tinted single copy is drawn as a copy")
    }

    @Test func theInstanceColourAndOffsetsAreAnimatableProperties() {
        #expect(LayerProperty.replicatorColor.kind == .color && LayerProperty.replicatorColor.rawValue == "replicator.color")
        for property in [LayerProperty.replicatorRedOffset, .replicatorGreenOffset, .replicatorBlueOffset, .replicatorAlphaOffset] {
            #expect(property.kind == .number && property.composition == .replaced && property.bounds == nil)
        }
        var values = LayerValues()
        values[.replicatorColor] = .color(Color(red: 0, green: 0, blue: 1))
        values[.replicatorGreenOffset] = .number(-0.1)
        #expect(values.replicatorColor == Color(red: 0, green: 0, blue: 1) && values[.replicatorGreenOffset] == .number(-0.1))
    }
}

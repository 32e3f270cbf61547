import Testing
import ZoetropeCore
import ZoetropeRender

@Suite struct RenderEnvironmentTests {
    /// Issue 27, item 6: golden.json recorded DejaVuSans.ttf but not the bold face a title used.
    @Test func eachFaceATextLayerUsesIsRecordedBoldTooByItsOwnFile() {
        var title = Layer(id: "title", shape: .text)
        title.style.fontFamily = "DejaVu Sans"
        title.style.fontWeight = .bold
        var caption = Layer(id: "caption", shape: .text)
        caption.style.fontFamily = "DejaVu Sans"
        let fonts = RenderEnvironment.current(for: LayerTree([title, caption])).fonts
        #expect(fonts.keys.sorted() == ["DejaVu Sans", "DejaVu Sans bold"])
        #expect(fonts["DejaVu Sans bold"]?.contains("DejaVuSans-Bold.ttf") == true, "\(fonts)")
        #expect(fonts["DejaVu Sans"]?.contains("DejaVuSans.ttf") == true, "\(fonts)")
    }
}

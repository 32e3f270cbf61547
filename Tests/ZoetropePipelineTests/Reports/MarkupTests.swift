import Testing
@testable import ZoetropePipeline

@Suite struct MarkupTests {
    @Test func textIsEscapedForElementsAndQuotedAttributes() {
        #expect(Markup.escaped("a & b <c> \"d\"") == "a &amp; b &lt;c&gt; \"d\"")
        #expect(Markup.escaped("a & b <c> \"d\"", quotes: true) == "a &amp; b &lt;c&gt; &quot;d&quot;")
        #expect(Markup.inScript(#"{"name":"</script><b>"}"#) == #"{"name":"\u003c/script>\u003cb>"}"#)
    }

    /// The viewer's title escaped only `<`: an `&` in a scene's name went into the page raw.
    @Test func theViewersTitleIsEscapedAsEveryPagesText() {
        let page = FrameViewerPage(model: Array(#"{"scene":"</script>"}"#.utf8)).html(title: "Tom & Jerry <3")
        #expect(page.contains("<title>Tom &amp; Jerry &lt;3 · zoetrope view</title>"))
        #expect(page.contains(#"{"scene":"\u003c/script>"}"#) && !page.contains(#""</script>""#))
    }
}

import Testing
import ZoetropeCore

@Suite struct NearestNameTests {
    @Test(arguments: [("duraton", "duration"), ("mvoe", "move"), ("Opacity", "opacity"), ("postion", "position")])
    func aLikelyTypoSuggestsTheNearestName(typo: String, meant: String) {
        #expect(NearestName.suggestion(for: typo, among: ["duration", "move", "opacity", "position", "delay"]) == meant)
    }

    @Test func aNameFarFromEveryCandidateSuggestsNothing() {
        #expect(NearestName.suggestion(for: "zebra", among: ["duration", "move", "opacity"]) == nil)
        #expect(NearestName.suggestion(for: "ab", among: ["xy"]) == nil)
        #expect(NearestName.hint(for: "zebra", among: ["move"]) == "")
    }
}

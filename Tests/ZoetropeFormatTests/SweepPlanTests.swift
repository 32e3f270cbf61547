import Testing
@testable import ZoetropeFormat

@Suite struct SweepPlanTests {
    @Test func aListSplitsOnlyAtCommasOutsideBracketsAndQuotes() throws {
        #expect(try SweepAxis(parsing: "animators.move.duration=1, 2,3").values == ["1", "2", "3"])
        #expect(try SweepAxis(parsing: "layers.frog.position=[10,20],[30, 40]").values == ["[10,20]", "[30, 40]"])
        #expect(try SweepAxis(parsing: "layers.caption.text=\"a, b\",c").values == ["\"a, b\"", "c"])
        #expect(try SweepAxis(parsing: "animators.move.timing={ spring: { dampingRatio: 0.5, duration: 1 } },linear").values
                == ["{ spring: { dampingRatio: 0.5, duration: 1 } }", "linear"])
    }

    @Test func aRangeIncludesBothEndsWithoutFloatNoise() throws {
        #expect(try SweepAxis(parsing: "k=0.2:0.8:0.2").values == ["0.2", "0.4", "0.6", "0.8"])
        #expect(try SweepAxis(parsing: "k=0:1:0.1").values.count == 11)
        #expect(try SweepAxis(parsing: "k=0:1:0.1").values[3] == "0.3")
        #expect(try SweepAxis(parsing: "k=3:1:-1").values == ["3", "2", "1"])
        // A step that does not land on TO stops before it.
        #expect(try SweepAxis(parsing: "k=0:1:0.3").values == ["0", "0.3", "0.6", "0.9"])
        #expect(try SweepAxis(parsing: "k=5:5:1").values == ["5"])
    }

    @Test(arguments: [
        ("k=", "the list of values is empty"),
        ("k=1,,2", "an empty value in the list"),
        ("k=0:1:0", "the step must not be 0"),
        ("k=1:0:0.5", "never reaches 0 from 1"),
        ("k=[1,2", "unbalanced"),
        ("=1,2", "dot-separated names"),
        ("k=0:1e12:1", "a range may give at most"),
    ])
    func badAxesAreUsageErrors(text: String, message: String) {
        #expect {
            try SweepAxis(parsing: text)
        } throws: { error in
            (error as? SweepSpecError)?.message.contains(message) == true
        }
    }

    @Test func theProductVariesTheLastAxisFastest() throws {
        let plan = try SweepPlan(axes: [SweepAxis(key: "animators.move.timing.spring.dampingRatio", values: ["0.3", "0.5", "0.7"]),
                                        SweepAxis(key: "animators.move.duration", values: ["1", "2"])], zipped: false)
        #expect(plan.variants.map(\.label) == ["dampingRatio=0.3,duration=1", "dampingRatio=0.3,duration=2",
                                               "dampingRatio=0.5,duration=1", "dampingRatio=0.5,duration=2",
                                               "dampingRatio=0.7,duration=1", "dampingRatio=0.7,duration=2"])
        #expect(plan.variants[3].overrides == [SceneOverride(key: "animators.move.timing.spring.dampingRatio", value: "0.5"),
                                               SceneOverride(key: "animators.move.duration", value: "2")])
    }

    @Test func zippedListsPairValueByValueAndMustBeEquallyLong() throws {
        let plan = try SweepPlan(axes: [SweepAxis(key: "a.x", values: ["1", "2"]), SweepAxis(key: "b.y", values: ["3", "4"])], zipped: true)
        #expect(plan.variants.map(\.label) == ["x=1,y=3", "x=2,y=4"])
        #expect(throws: SweepSpecError.self) {
            try SweepPlan(axes: [SweepAxis(key: "a.x", values: ["1", "2"]), SweepAxis(key: "b.y", values: ["3"])], zipped: true)
        }
    }

    @Test func moreThanTenThousandVariantsNeedForce() throws {
        let axes = [SweepAxis(key: "a.x", values: (0..<200).map(String.init)), SweepAxis(key: "a.y", values: (0..<51).map(String.init))]
        #expect {
            try SweepPlan(axes: axes, zipped: false)
        } throws: { error in
            (error as? SweepSpecError)?.message == "10200 variants; more than 10000 need --force"
        }
        #expect(try SweepPlan(axes: axes, zipped: false, force: true).variants.count == 10_200)
    }

    @Test func labelsUseTheShortestNamesThatTellKeysApart() {
        #expect(SweepPlan.shortNames(["animators.move.duration", "animators.fade.duration", "layers.frog.opacity"])
                == ["move.duration", "fade.duration", "opacity"])
        #expect(SweepPlan.folderName("position=[10, 20],fill=\"#FF0000\"") == "position=[10,_20],fill=_#FF0000_")
        #expect(SweepPlan.folderName("t={a: 1/2}") == "t=_a__1_2_")
    }

    /// Found by fuzzing (Fuzz/Regressions/FuzzCommandLine/vary-same-folder-names): values whose
    /// labels are cut to the same 200-byte folder name were numbered by trying -2, -3, … from
    /// the start for each, n² tries that hung ten thousand variants. Each name keeps its next number.
    @Test(.timeLimit(.minutes(1))) func variantsWhoseFolderNamesCollideAreNumberedInOrder() throws {
        let key = "layers.box." + String(repeating: "k", count: 220)
        let plan = try SweepPlan(axes: [SweepAxis(key: key, values: (0..<10_000).map(String.init))], zipped: false)
        let folders = plan.variants.map(\.folder)
        #expect(Set(folders).count == 10_000)
        let base = folders[0]
        #expect(base.utf8.count <= 200)
        #expect(Array(folders.prefix(3)) == [base, base + "-2", base + "-3"])
        #expect(folders.last == base + "-10000")
    }

    @Test func aKeyVariedTwiceIsRefused() {
        #expect(throws: SweepSpecError.self) {
            try SweepPlan(axes: [SweepAxis(key: "a.x", values: ["1"]), SweepAxis(key: "a.x", values: ["2"])], zipped: false)
        }
    }
}

import Testing
import ZoetropePipeline
import ZoetropeRender

@Suite struct FrameSelectionTests {
    @Test func framesWithinARenderAndHowManyLiePastIt() throws {
        let selection = try FrameSelection(parsing: "2-5,4,8-:3,40")
        let within = selection.framesWithin(count: 12)
        #expect(within.frames == [2, 3, 4, 5, 8, 11])
        #expect(within.pastEnd == 1, "frame 40")
        // A wide range is counted, not enumerated into a set.
        #expect(try FrameSelection(parsing: "0-999999:2").framesWithin(count: 10).pastEnd == 499_995)
    }

    /// Found by fuzzing (Fuzz/Regressions/FuzzCommandLine/frames-huge-range): a range to frame
    /// 22222222444 enumerated every frame past the end and hung. Frame numbers stop at a million
    /// and a list at 64 items: both usage errors that say so.
    @Test(arguments: [("0-0,071-22222222444,2", "frame 22222222444 is past the largest frame number a selection may name (20736000)"),
                      (Array(repeating: "1", count: 65).joined(separator: ","), "lists 65 items; at most 64")])
    func selectionsPastTheLimitsAreRefused(text: String, message: String) {
        #expect {
            try FrameSelection(parsing: text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test(arguments: [(900_000_000_000_000_000, 1_000_000_000_000_000_000), (Int.max - 1, Int.max), (0, Int.max)])
    func aShardOfAHugeCountIsItsShareOfTheFrames(index: Int, count: Int) throws {
        let shard = try FrameShard(index: index, count: count)
        #expect(shard.part(of: Array(0..<100)).count <= 1)
    }
}

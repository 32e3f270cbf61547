import Testing
import ZoetropePipeline

@Suite struct NumberListTests {
    @Test func timesAreReadInOrderWithSpacesAroundThem() throws {
        #expect(try NumberList.parse("0,0.5, 1.5 ,\t2", option: "--at", as: .times) == [0, 0.5, 1.5, 2])
        #expect(try NumberList.parse("1e3", option: "--at", as: .times) == [1000])
    }

    @Test func fractionsLieWithinZeroAndOne() throws {
        #expect(try NumberList.parse("0,0.25,1", option: "--at", as: .fractions) == [0, 0.25, 1])
        #expect {
            try NumberList.parse("0.5,1.5", option: "--at", as: .fractions)
        } throws: { error in
            (error as? NumberListError)?.description == "--at: \"1.5\" is not a fraction within 0...1"
        }
    }

    @Test(arguments: ["-1", "x", "nan", "inf", "1e400", "", "1,,2", "1,", "1 2", "0x"])
    func anythingButAFiniteTimeIsRefused(text: String) {
        #expect(throws: NumberListError.self) { try NumberList.parse(text, option: "--at", as: .times) }
    }

    @Test func theMessageNamesTheOptionAndThePartAsGiven() {
        do {
            _ = try NumberList.parse("1, -2", option: "--at-time", as: .times)
            Issue.record("a negative time was accepted")
        } catch {
            #expect(error.description == "--at-time: \" -2\" is not a time in seconds >= 0")
        }
    }
}

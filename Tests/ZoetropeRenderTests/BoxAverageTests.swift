import Testing
@testable import ZoetropeRender

/// The blur's box mean is computed in single precision (or, for boxes of 16 385 samples and
/// more, looked up in a table built by counting): it must give exactly the integer quotient for
/// every sum a box of bytes can reach.
@Suite struct BoxAverageTests {
    @Test(arguments: Array(0...100) + [511, 1023, 2047, 4000, 8191, 9000])
    func theMeanIsTheQuotient(radius: Int) {
        let average = CairoContext.BoxAverage(radius: radius)
        let size = Int32(2 * radius + 1)
        var wrong: [Int32] = []
        for sum in Int32(0)...255 * size {
            let quotient = UInt8((sum + size / 2) / size)
            if average.mean(sum) != quotient {
                wrong.append(sum)
                if wrong.count == 5 { break }
            }
        }
        #expect(wrong.isEmpty, "box of \(size): \(wrong)")
    }
}

import Testing
@testable import ZoetropeRender

/// The blur's box mean multiplies by a rounded-up reciprocal instead of dividing: it must give
/// exactly the integer quotient for every sum a box of bytes can reach (and divide beyond 4095).
@Suite struct BoxAverageTests {
    @Test(arguments: Array(0...100) + [511, 1023, 2047, 2048, 4000, 9000])
    func theMultipliedMeanIsTheQuotient(radius: Int) {
        let average = CairoContext.BoxAverage(radius: radius)
        let size = Int32(2 * radius + 1)
        var wrong: [Int32] = []
        for sum in Int32(0)...255 * size where average.mean(sum) != UInt8((sum + size / 2) / size) {
            wrong.append(sum)
            if wrong.count == 5 { break }
        }
        #expect(wrong.isEmpty, "box of \(size): \(wrong)")
    }
}

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

    /// The 16-bit mean of boxes of 3 to 255 samples is the quotient too, for every sum.
    @Test func theNarrowMeanIsTheQuotient() {
        var wrong: [String] = []
        for radius in 1...127 {
            let average = CairoContext.BoxAverage(radius: radius), size = 2 * radius + 1
            for sum in 0...255 * size where average.narrowMean(UInt16(sum)) != UInt8((sum + size / 2) / size) {
                wrong.append("\(sum) of \(size)")
                break
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Each column's box means, against sums taken afresh for every row, for boxes whose sums
    /// are kept in 16 bits (up to 255 samples) and in 32: the same bytes, at either edge.
    @Test(arguments: [0, 1, 2, 7, 40, 126, 127, 128, 200])
    func columnsAreBlurredAsTheirWindowsSay(radius: Int) {
        let rowBytes = 24, count = 300
        var random = XorShift(seed: 2_463_534_242)
        let input = (0..<rowBytes * count).map { _ -> UInt8 in
            let next = random.next()
            return next % 3 == 0 ? 255 : UInt8(truncatingIfNeeded: next >> 8)
        }
        let average = CairoContext.BoxAverage(radius: radius)
        let size = 2 * radius + 1
        for edges in [CairoContext.BlurEdges.transparent, .extend] {
            var output = [UInt8](repeating: 0, count: rowBytes * count)
            let sums = UnsafeMutablePointer<Int32>.allocate(capacity: rowBytes)
            defer { sums.deallocate() }
            output.withUnsafeMutableBufferPointer { output in
                average.blurColumns(input, rowBytes: rowBytes, count: count, edges: edges, sums: sums) { output.baseAddress! + $0 * rowBytes }
            }
            var wrong = 0
            for row in 0..<count {
                for column in 0..<rowBytes {
                    var sum = 0
                    for other in row - radius...row + radius {
                        if other >= 0 && other < count {
                            sum += Int(input[other * rowBytes + column])
                        } else if edges == .extend {
                            sum += Int(input[min(max(other, 0), count - 1) * rowBytes + column])
                        }
                    }
                    if output[row * rowBytes + column] != UInt8((sum + size / 2) / size) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "radius \(radius), \(edges): \(wrong) bytes")
        }
    }

    /// A whole blur, against box means taken afresh along the rows then down the columns, on
    /// planes whose rows are clear above and below what they hold (a shadow's margins: only
    /// the rows between are blurred along the rows), clear but for their last row, and clear.
    @Test(arguments: [(1.2, CairoContext.BlurEdges.transparent), (4.5, .transparent), (4.5, .extend), (9.0, .transparent)])
    func aBlurIsItsBoxesAlongTheRowsThenTheColumns(sigma: Double, edges: CairoContext.BlurEdges) {
        let width = 37, height = 45
        var random = XorShift(seed: 88_675_123)
        let filled = (0..<width * height).map { index -> UInt8 in
            let next = random.next()
            return (11..<30).contains(index / width) ? UInt8(truncatingIfNeeded: next >> 8) : 0
        }
        let lastRow = (0..<width * height).map { $0 / width == height - 1 ? UInt8(truncatingIfNeeded: $0 * 7) : 0 }
        let boxes = CairoContext.boxSizes(sigma: sigma, count: 3)
        /// `plane` blurred by the boxes along `lines` lines of `length` bytes, byte `i` of line `l` at `at(l, i)`.
        func passes(_ plane: [UInt8], lines: Int, length: Int, at: (Int, Int) -> Int) -> [UInt8] {
            var plane = plane
            for size in boxes {
                let radius = (size - 1) / 2
                var next = plane
                for line in 0..<lines {
                    for position in 0..<length {
                        var sum = 0
                        for other in position - radius...position + radius where (0..<length).contains(other) || edges == .extend {
                            sum += Int(plane[at(line, min(max(other, 0), length - 1))])
                        }
                        next[at(line, position)] = UInt8((sum + size / 2) / size)
                    }
                }
                plane = next
            }
            return plane
        }
        for plane in [filled, lastRow, [UInt8](repeating: 0, count: width * height)] {
            let alongRows = passes(plane, lines: height, length: width) { $0 * width + $1 }
            let expected = passes(alongRows, lines: width, length: height) { $1 * width + $0 }
            var blurred = plane
            blurred.withUnsafeMutableBufferPointer {
                CairoContext.gaussianBlur($0.baseAddress!, width: width, height: height, stride: width, sigma: sigma, edges: edges)
            }
            let differing = zip(blurred, expected).filter { $0 != $1 }.count
            #expect(differing == 0, "σ \(sigma), \(edges): \(differing) bytes differ")
            #expect(blurred != plane || plane.allSatisfy { $0 == 0 }, "it blurred")
        }
    }
}

/// Marsaglia's xorshift: the same bytes on every run.
private struct XorShift {
    var seed: UInt32

    mutating func next() -> UInt32 {
        seed ^= seed << 13
        seed ^= seed >> 17
        seed ^= seed << 5
        return seed
    }
}

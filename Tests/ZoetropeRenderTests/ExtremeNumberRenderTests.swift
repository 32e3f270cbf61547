import Testing
@testable import ZoetropeRender

/// The renderer takes any finite number: a blur wider than the frame is a mean computed at the
/// frame's cost, shards and ticks of any count stay bounded.
@Suite struct ExtremeNumberRenderTests {
    /// Column means as the box average defines them, summing every row of the window one by one.
    static func bruteForce(_ column: [UInt8], radius: Int, edges: CairoContext.BlurEdges) -> [UInt8] {
        let n = column.count, size = 2 * radius + 1
        return (0..<n).map { y in
            var sum = 0
            for row in (y - radius)...(y + radius) {
                if (0..<n).contains(row) { sum += Int(column[row]) } else if edges == .extend { sum += Int(column[min(max(row, 0), n - 1)]) }
            }
            return UInt8((sum + size / 2) / size)
        }
    }

    /// One column through `BoxAverage.blurColumns` (one byte per row).
    static func blurred(_ column: [UInt8], radius: Int, edges: CairoContext.BlurEdges) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: column.count)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        defer { sums.deallocate() }
        let average = CairoContext.BoxAverage(radius: radius, longestPass: column.count)
        column.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                average.blurColumns(input.baseAddress!, rowBytes: 1, count: column.count, edges: edges, sums: sums) { out.baseAddress! + $0 }
            }
        }
        return output
    }

    static let columns: [[UInt8]] = [[255], [0, 255], [255, 0, 0, 7, 200, 13, 255], (0..<40).map { UInt8(($0 * 37) % 256) }]

    @Test(arguments: [0, 1, 2, 5, 6, 7, 39, 40, 41, 1000])
    func wholeColumnMeansAreTheBoxMeans(radius: Int) {
        for column in Self.columns {
            for edges in [CairoContext.BlurEdges.transparent, .extend] {
                #expect(Self.blurred(column, radius: radius, edges: edges) == Self.bruteForce(column, radius: radius, edges: edges),
                        "\(column.count) rows, radius \(radius), \(edges)")
            }
        }
    }

    /// Past `largestSigma` the means no longer change: the clamp changes no byte.
    @Test func radiiPastTheClampGiveTheSameMeans() {
        for column in Self.columns {
            for edges in [CairoContext.BlurEdges.transparent, .extend] {
                let clamped = Self.blurred(column, radius: 1 << 40, edges: edges)
                #expect(clamped == Self.blurred(column, radius: 1 << 41, edges: edges))
                #expect(clamped == Self.blurred(column, radius: 1 << 50, edges: edges))
            }
        }
    }

    /// A window as long as the pass needs no table of 255 × (2r + 1) means (1e7 took 5 GB).
    @Test func aBoxLongerThanEveryPassBuildsNoTable() {
        let average = CairoContext.BoxAverage(radius: 10_000_000, longestPass: 64)
        #expect(average.mean(255) == 0)
    }

    @Test(arguments: [(-1e308, 1e308), (1e300, 1e300.nextUp), (0, 1e-300), (-1.7e308, 1.7e308), (0.0, 1.0)])
    func ticksOfAnyFiniteRangeAreFewAndFinite(low: Double, high: Double) {
        let ticks = Ticks.values(from: low, to: high)
        #expect(!ticks.isEmpty && ticks.count <= 13 && ticks.allSatisfy(\.isFinite), "\(ticks)")
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
        for tick in ticks { #expect(Ticks.label(tick, step: step).count < 24, "\(Ticks.label(tick, step: step))") }
    }

    @Test func hugeTickLabelsArePowersOfTen() {
        #expect(Ticks.label(1.0000000000000002e300, step: 5e299) == "1e300")
        #expect(Ticks.label(1.5e300, step: 5e299) == "1.5e300")
        #expect(Ticks.label(0.30000000000000004, step: 0.1) == "0.3")
    }
}

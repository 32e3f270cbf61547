import Testing
import ZoetropeCore

private func path(_ data: String) throws -> SVGPath { try SVGPath(parsing: data) }

private func close(_ a: Vector2, _ b: Vector2, within tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Suite struct SVGPathTrimmingTests {
    @Test func aWindowOfALineIsThatPartOfIt() throws {
        let trimmed = try path("M 0 0 L 100 0").trimmed(start: 0.25, end: 0.75)
        #expect(trimmed.segments == [.move(Vector2(25, 0)), .line(Vector2(75, 0))])
    }

    @Test func theWholeLengthIsThePathAndAnEmptyWindowIsNothing() throws {
        let square = try path("M 0 0 L 10 0 L 10 10 L 0 10 Z")
        #expect(square.trimmed(start: 0, end: 1) == square)
        #expect(square.trimmed(start: 0.2, end: 1.2, offset: 0.3) == square)
        #expect(square.trimmed(start: 0.5, end: 0.5).segments.isEmpty)
        #expect(square.trimmed(start: 0.6, end: 0.4).segments.isEmpty)
    }

    @Test func anOffsetPastTheEndOfAClosedSubpathJoinsItsStart() throws {
        // A 40-long square from (0, 0) clockwise; the window 0.75…1.25 runs from (0, 10) round
        // the corner at the start to (10, 0), in one piece.
        let square = try path("M 0 0 L 10 0 L 10 10 L 0 10 Z")
        let trimmed = square.trimmed(start: 0, end: 0.5, offset: 0.75, mode: .eachSubpath)
        #expect(trimmed.segments == [.move(Vector2(0, 10)), .line(Vector2(0, 0)), .line(Vector2(10, 0))])
        // A whole number of turns changes nothing.
        #expect(square.trimmed(start: 0, end: 0.5, offset: -2.25, mode: .eachSubpath) == trimmed)
    }

    @Test func theWholeModeRunsAlongTheSubpathsOneAfterAnother() throws {
        let two = try path("M 0 0 L 100 0 M 0 10 L 100 10")
        #expect(two.trimmed(start: 0.25, end: 0.75).segments
                == [.move(Vector2(50, 0)), .line(Vector2(100, 0)), .move(Vector2(0, 10)), .line(Vector2(50, 10))])
        #expect(two.trimmed(start: 0.25, end: 0.75, mode: .eachSubpath).segments
                == [.move(Vector2(25, 0)), .line(Vector2(75, 0)), .move(Vector2(25, 10)), .line(Vector2(75, 10))])
    }

    @Test func aCurveIsCutOnItselfAtTheLengthAskedFor() throws {
        // A symmetric arch: its first half by length ends at its apex, and the cut piece lies
        // on the original curve.
        let arch = try path("M 0 0 C 0 -100 100 -100 100 0")
        let half = arch.trimmed(start: 0, end: 0.5)
        guard case .cubic(let c1, let c2, let end)? = half.segments.last, case .move(let start)? = half.segments.first else {
            Issue.record("expected a move and a cubic, found \(half.segments)")
            return
        }
        #expect(close(start, .zero))
        #expect(close(end, Vector2(50, -75), within: 0.05))
        // de Casteljau at t = 0.5 gives these controls exactly.
        #expect(close(c1, Vector2(0, -50), within: 1e-6) && close(c2, Vector2(25, -75), within: 1e-6))
    }
}

import RealModule
import Testing
import ZoetropeCore

private func near(_ a: Vector2, _ b: Vector2, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance
}

@Suite struct SVGPathTests {
    @Test func everyCommandIsReadInAbsoluteCoordinates() throws {
        let path = try SVGPath(parsing: "M10 20 l10,0 H40 v10 h-10 V20 C 40 0 50 0 60 20 s 20 20 30 0 Q 100 0 110 20 t 20 0 Z")
        #expect(Array(path.segments.prefix(8)) == [
            .move(Vector2(10, 20)), .line(Vector2(20, 20)), .line(Vector2(40, 20)), .line(Vector2(40, 30)),
            .line(Vector2(30, 30)), .line(Vector2(30, 20)),
            .cubic(Vector2(40, 0), Vector2(50, 0), Vector2(60, 20)),
            .cubic(Vector2(70, 40), Vector2(80, 40), Vector2(90, 20)),
        ])
        // Quadratics become cubics with control points two thirds of the way to the quadratic's.
        let raised = [(Vector2(90 + 20.0 / 3, 20 - 40.0 / 3), Vector2(110 - 20.0 / 3, 20 - 40.0 / 3), Vector2(110, 20)),
                      (Vector2(110 + 20.0 / 3, 20 + 40.0 / 3), Vector2(130 - 20.0 / 3, 20 + 40.0 / 3), Vector2(130, 20))]
        for (segment, expected) in zip(path.segments[8...9], raised) {
            guard case let .cubic(c1, c2, end) = segment else { Issue.record("expected a cubic"); continue }
            #expect(near(c1, expected.0) && near(c2, expected.1) && near(end, expected.2))
        }
        #expect(path.segments.last == .close)
    }

    @Test func theEmptyPathsDataReadsBackAsTheEmptyPath() throws {
        #expect(SVGPath().data == "")
        #expect(try SVGPath(parsing: "").segments.isEmpty)
        #expect(try SVGPath(parsing: " \n, ").segments.isEmpty)
        #expect(throws: SVGPathError.self) { try SVGPath(parsing: "Z") }
    }

    @Test func implicitRepeatsAfterMoveAreLines() throws {
        #expect(try SVGPath(parsing: "m 0 0 10 0 0 10").segments == [.move(.zero), .line(Vector2(10, 0)), .line(Vector2(10, 10))])
    }

    @Test func arcsStayOnTheirEllipse() throws {
        // A half circle of radius 50 from (0, 50) to (100, 50) through the top (sweep 1).
        let path = try SVGPath(parsing: "M 0 50 A 50 50 0 0 1 100 50")
        let points = path.flattened(steps: 16)
        #expect(near(points.last ?? .zero, Vector2(100, 50)))
        for point in points {
            let radius = Double.sqrt((point.x - 50) * (point.x - 50) + (point.y - 50) * (point.y - 50))
            #expect(abs(radius - 50) < 0.05, "\(point)")
            #expect(point.y <= 50 + 1e-9, "the sweep flag picks the upper half")
        }
    }

    /// Found by fuzzing (Fuzz/Regressions/FuzzSVGPath): an arc between points 1e211 apart
    /// overflowed when squared and trapped converting NaN to a piece count. It is solved in units of
    /// its largest length; an arc at a scale that no Double can hold at all is drawn as a line.
    @Test func arcsAtExtremeScalesStayFinite() throws {
        let far = try SVGPath(parsing: "M 6e211,0 A59 208 030 10 1,0")
        #expect(far.flattened(steps: 8).allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(far.segments.count > 1)
        // The same half circle as above, scaled by 1e300, keeps its shape.
        let huge = try SVGPath(parsing: "M 0 5e301 A 5e301 5e301 0 0 1 1e302 5e301")
        for point in huge.flattened(steps: 16) {
            let radius = Double.hypot(point.x - 5e301, point.y - 5e301)
            #expect(abs(radius / 5e301 - 1) < 0.001, "\(point)")
        }
        // Past what a Double can hold (the half-distance overflows): a line to the end point.
        #expect(try SVGPath(parsing: "M -1.7e308 0 A 1 1 0 0 1 1.7e308 0").segments.last == .line(Vector2(1.7e308, 0)))
    }

    @Test(arguments: [("L 10 10", "start with a command such as M"), ("M 0 0 L 10", "expected a number"),
                      ("M 0 0 A 5 5 0 2 1 10 10", "expected an arc flag"), ("M 0 0 X 1 2", "unknown command")])
    func malformedDataNamesTheProblem(text: String, message: String) {
        do {
            _ = try SVGPath(parsing: text)
            Issue.record("\(text) should not parse")
        } catch {
            #expect(error.description.contains(message) || (message.contains("start") && error.message.contains("start")), "\(error)")
        }
    }

    @Test func motionIsPacedAndTurnsWithTheTangent() throws {
        let motion = try KeyframeTrack.motion(along: SVGPath(parsing: "M 0 0 L 100 0 L 100 300"))
        #expect(motion.position.value(at: 0.125) == .vector(Vector2(50, 0)), "a quarter of the first leg: constant speed")
        #expect(motion.position.value(at: 0.625) == .vector(Vector2(100, 150)))
        #expect(motion.rotation.value(at: 0) == .number(0))
        guard case .number(let down) = motion.rotation.value(at: 1) else { Issue.record("expected a number"); return }
        #expect(abs(down - .pi / 2) < 1e-9, "heading down the screen: a quarter turn clockwise")
    }
}

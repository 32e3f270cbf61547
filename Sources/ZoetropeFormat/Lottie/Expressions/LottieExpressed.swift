import ZoetropeCore

/// A property with an expression (`x`) the engine evaluates: its keyframed value (`base`, the
/// expression's `value`, drawn when the expression fails) and the expression's slot.
struct LottieExpressed<Value: LottieValue>: Sendable {
    /// The property as its keys say (fixed, keyed or looped).
    let base: LottieProperty<Value>
    let source: String
    let engine: ExpressionEngine
    let slot: Int

    /// The expression's value at `frame`, or the keys' when the expression is off.
    func value(at frame: Double) -> Value {
        let keyed = base.value(at: frame)
        guard let numbers = engine.value(slot: slot, at: frame) else { return keyed }
        return keyed.fromExpression(numbers) ?? keyed
    }
}

extension LottieProperty {
    /// The property without its expression: its keys or value.
    var unexpressed: LottieProperty {
        if case .expressed(let expressed) = self { expressed.base } else { self }
    }
}

extension [Double] {
    static var expressionKind: String { "n" }
    var expressionNumbers: [Double] { self }

    /// An expression's numbers as this value's: as many as it has (a shorter result keeps the
    /// rest: `[x, y]` for a 3D position keeps z).
    func fromExpression(_ numbers: [Double]) -> [Double]? {
        guard !numbers.isEmpty else { return nil }
        guard !isEmpty else { return numbers }
        return indices.map { $0 < numbers.count ? numbers[$0] : self[$0] }
    }
}

extension LottieBezier {
    static var expressionKind: String { "p" }

    /// closed (1 or 0), the vertex count, then the vertices', in tangents' and out tangents' x
    /// and y.
    var expressionNumbers: [Double] {
        var numbers = [closed ? 1 : 0, Double(vertices.count)]
        for list in [vertices, inTangents, outTangents] {
            for index in vertices.indices {
                let point = index < list.count ? list[index] : Vector2(0, 0)
                numbers += [point.x, point.y]
            }
        }
        return numbers
    }

    func fromExpression(_ numbers: [Double]) -> LottieBezier? {
        guard numbers.count >= 2, numbers[1] >= 0, numbers[1] <= Double(SceneLimits.pathSegments) else { return nil }
        let count = Int(saturating: numbers[1])
        guard numbers.count == 2 + 6 * count else { return nil }
        func points(_ list: Int) -> [Vector2] {
            (0..<count).map { Vector2(numbers[2 + 2 * (list * count + $0)], numbers[3 + 2 * (list * count + $0)]) }
        }
        return LottieBezier(closed: numbers[0] != 0, vertices: points(0), inTangents: points(1), outTangents: points(2))
    }
}

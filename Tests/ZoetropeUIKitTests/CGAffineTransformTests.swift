import Foundation
import Testing
import ZoetropeCore
@testable import ZoetropeUIKit

/// How close two rounded results must be: a few ulps of values near 1…100.
private let tolerance: CGFloat = 1e-12

private func isClose(_ t: CGAffineTransform, _ u: CGAffineTransform) -> Bool {
    [t.a - u.a, t.b - u.b, t.c - u.c, t.d - u.d, t.tx - u.tx, t.ty - u.ty].allSatisfy { abs($0) <= tolerance }
}

@Suite struct CGAffineTransformTests {
    @Test func concatenatingAppliesTheReceiverFirst() {
        let t1 = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t2 = CGAffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        // Row-vector product [a b 0; c d 0; tx ty 1] · [7 8 0; 9 10 0; 11 12 1], by hand.
        #expect(t1.concatenating(t2) == CGAffineTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
        let point = CGPoint(x: -2, y: 3)
        #expect(point.applying(t1.concatenating(t2)) == point.applying(t1).applying(t2))
    }

    @Test func scaleThenTranslateMovesTheScaledPoint() {
        let t = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 10, y: 20))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 23))
        let u = CGAffineTransform(translationX: 10, y: 20).concatenating(CGAffineTransform(scaleX: 2, y: 3))
        #expect(CGPoint(x: 1, y: 1).applying(u) == CGPoint(x: 22, y: 63))
    }

    @Test func aQuarterTurnTakesTheXAxisToTheYAxis() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) <= tolerance && abs(p.y - 1) <= tolerance)
        let r = CGAffineTransform(rotationAngle: 0.3)
        #expect(r.c == -r.b && r.a == r.d)
    }

    @Test func byMethodsPrependTheirOperation() {
        let base = CGAffineTransform(translationX: 5, y: 7)
        #expect(base.translatedBy(x: 1, y: 2) == CGAffineTransform(translationX: 6, y: 9))
        // Scale first, then the translation: CGAffineTransformScale(T, 2, 3).
        #expect(base.scaledBy(x: 2, y: 3) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7))
        let scaled = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(scaled.tx == 20)
        let rotated = base.rotated(by: .pi / 2)
        #expect(isClose(rotated, CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 5, ty: 7)))
    }

    @Test func invertedUndoesTheTransform() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 4, ty: -5)
        #expect(isClose(t.concatenating(t.inverted()), .identity))
        #expect(isClose(t.inverted().concatenating(t), .identity))
    }

    @Test func aSingularTransformInvertsToItself() {
        let singular = CGAffineTransform(scaleX: 0, y: 2).translatedBy(x: 3, y: 4)
        #expect(singular.inverted() == singular)
    }

    @Test func identityIsIdentityAndOthersAreNot() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(translationX: 0, y: 0).isIdentity)
        #expect(!CGAffineTransform(scaleX: 1, y: -1).isIdentity)
        #expect(!CGAffineTransform().isIdentity)
    }

    @Test func sizeIgnoresTheTranslation() {
        let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 100, y: 100)
        #expect(CGSize(width: 4, height: 5).applying(t) == CGSize(width: 8, height: 15))
    }

    @Test func rectApplyingBoundsTheTransformedCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        let moved = rect.applying(CGAffineTransform(scaleX: -1, y: 1).concatenating(.init(translationX: 5, y: 5)))
        #expect(moved == CGRect(x: -5, y: 5, width: 10, height: 20))
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 1, y: 1)).isNull)
    }

    @Test func coreTransformScalesThenRotatesThenTranslates() {
        let t = CGAffineTransform(translation: Vector2(30, 40), rotation: .pi / 2, scale: Vector2(2, 3))
        let expected = CGAffineTransform(scaleX: 2, y: 3)
            .concatenating(CGAffineTransform(rotationAngle: .pi / 2))
            .concatenating(CGAffineTransform(translationX: 30, y: 40))
        #expect(isClose(t, expected))
        // (1, 0) → scaled (2, 0) → rotated (0, 2) → translated (30, 42).
        let p = CGPoint(x: 1, y: 0).applying(t)
        #expect(abs(p.x - 30) <= tolerance && abs(p.y - 42) <= tolerance)
    }

    @Test(arguments: [
        (Vector2(12, -7), 0.7, Vector2(1.5, 0.25)),
        (Vector2(0, 0), -2.9, Vector2(3, -2)),
        (Vector2(-100, 3e3), .pi, Vector2(0.5, 0.5)),
        (Vector2(1, 2), 0, Vector2(1, 1)),
    ])
    func rotationScaleTranslationRoundTrips(translation: Vector2, rotation: Double, scale: Vector2) {
        let parts = CGAffineTransform(translation: translation, rotation: rotation, scale: scale).parts
        #expect(parts.translation == translation)
        #expect(abs(parts.rotation - rotation) <= 1e-12)
        #expect(abs(parts.scale.x - scale.x) <= 1e-12 && abs(parts.scale.y - scale.y) <= 1e-12)
    }

    @Test func aNegativeHorizontalScaleDecomposesIntoTheSameMatrix() {
        let t = CGAffineTransform(scaleX: -2, y: 1)
        let parts = t.parts
        #expect(parts.scale.x == 2)
        #expect(isClose(CGAffineTransform(translation: parts.translation, rotation: parts.rotation, scale: parts.scale), t))
    }

    @Test func aShearKeepsTheFirstAxisAndTheArea() {
        let shear = CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)
        let parts = shear.parts
        #expect(parts.rotation == 0 && parts.scale == Vector2(1, 1))
    }

    @Test func aCollapsedFirstAxisTakesTheRotationFromTheSecond() {
        let t = CGAffineTransform(translation: .zero, rotation: 0.5, scale: Vector2(0, 2))
        let parts = t.parts
        #expect(parts.scale.x == 0 && abs(parts.scale.y - 2) <= 1e-12 && abs(parts.rotation - 0.5) <= 1e-12)
    }

    @Test func geometryConvertsToCoreVectors() {
        #expect(CGPoint(x: 1.5, y: -2).vector == Vector2(1.5, -2))
        #expect(CGSize(width: 3, height: 4).vector == Vector2(3, 4))
        #expect(CGVector(dx: 5, dy: 6).vector == Vector2(5, 6))
        #expect(CGPoint(Vector2(7, 8)) == CGPoint(x: 7, y: 8))
        #expect(CGSize(Vector2(9, 10)) == CGSize(width: 9, height: 10))
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
    }
}

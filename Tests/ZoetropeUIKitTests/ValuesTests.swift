import Foundation
import Testing
import ZoetropeUIKit

/// UIKit's values keep UIKit's numbers: option bits, colour components, timing curves.
@Suite struct ValuesTests {
    @Test func optionsHaveUIKitsRawValues() {
        #expect(UIView.AnimationOptions.repeat.rawValue == 8 && UIView.AnimationOptions.autoreverse.rawValue == 16)
        #expect(UIView.AnimationOptions.curveEaseIn.rawValue == 0x10000 && UIView.AnimationOptions.curveLinear.rawValue == 0x30000)
        #expect(UIView.AnimationOptions.transitionCrossDissolve.rawValue == 0x500000)
        #expect(UIView.KeyframeAnimationOptions.calculationModeCubic.rawValue == 0xC00)
        #expect(UIViewAnimatingState.stopped.rawValue == 2 && UIViewAnimatingPosition.current.rawValue == 2)
    }

    @Test func coloursHaveTheirComponents() {
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        #expect(UIColor.systemBlue.getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect(red == 0 && abs(green - 122.0 / 255) < 1e-12 && blue == 1 && alpha == 1)
        var white: CGFloat = 0
        #expect(UIColor(white: 0.25, alpha: 0.5).getWhite(&white, alpha: &alpha) && white == 0.25 && alpha == 0.5)
        #expect(!UIColor.orange.getWhite(&white, alpha: &alpha))
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
        #expect(UIColor(hue: 2.0 / 3, saturation: 1, brightness: 1, alpha: 1) == .blue)
        #expect(UIColor(cgColor: UIColor.purple.cgColor) == .purple && UIColor.clear.cgColor.alpha == 0)
        #expect(UIColor.red.withAlphaComponent(0.5).cgColor.components == [1, 0, 0, 0.5])
    }

    @Test func timingParametersKeepTheirCurves() {
        let easeIn = UICubicTimingParameters(animationCurve: .easeIn)
        #expect(easeIn.controlPoint1 == CGPoint(x: 0.42, y: 0) && easeIn.controlPoint2 == CGPoint(x: 1, y: 1))
        let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0.8), controlPoint2: CGPoint(x: 0.4, y: 0.9))
        #expect(custom.timingCurveType == .cubic && custom.controlPoint1 == CGPoint(x: 0.2, y: 0.8))
        let spring = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 2, dy: 0))
        #expect(spring.timingCurveType == .spring && spring.initialVelocity == CGVector(dx: 2, dy: 0))
        #expect(spring.cubicTimingParameters == nil && spring.springTimingParameters === spring)
    }

    @Test func anImageIsAPNGFileWithItsSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-uiimage-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A 3×2 PNG: the header carries the size.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(png).write(to: URL(fileURLWithPath: folder + "/tile.png"))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/text.png"))
        #expect(UIImage(contentsOfFile: folder + "/tile.png")?.size == CGSize(width: 3, height: 2))
        #expect(UIImage(contentsOfFile: folder + "/text.png") == nil && UIImage(contentsOfFile: folder + "/none.png") == nil)
    }
}

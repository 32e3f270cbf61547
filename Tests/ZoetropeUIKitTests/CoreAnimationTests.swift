import Foundation
import Testing
import ZoetropeCore
import ZoetropeFormat
import ZoetropeRender
import ZoetropeUIKit

/// Core Animation's explicit animations and layer time, written as iOS code writes them: what
/// the layers show at film times, what delegates hear, and the recording as a scene file that
/// reads back to the same frames.
@MainActor @Suite struct CoreAnimationTests {
    private func film() -> (Film, UIView) {
        let film = Film(size: CGSize(width: 320, height: 200), framesPerSecond: 30, backgroundColor: .white)
        let field = UIView(frame: CGRect(x: 60, y: 80, width: 200, height: 40))
        field.accessibilityIdentifier = "field"
        field.backgroundColor = .blue
        film.rootView.addSubview(field)
        return (film, field)
    }

    /// Records what a delegate hears, with the film's time.
    final class Listener: CAAnimationDelegate {
        var heard: [String] = []
        func animationDidStart(_ anim: CAAnimation) {
            heard.append("start \(anim.value(forKey: "name") ?? "") at \(CACurrentMediaTime())")
        }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            heard.append("stop \(anim.value(forKey: "name") ?? "") \(flag) at \(CACurrentMediaTime())")
        }
    }

    @Test func aFieldSlidesInLateHeldBackwardsAndItsDelegateHearsBothEnds() throws {
        let (film, field) = film()
        let listener = Listener()
        film.at(0.5) {
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = -100
            slide.toValue = field.center.x
            slide.duration = 0.5
            slide.beginTime = CACurrentMediaTime() + 0.5
            slide.fillMode = .backwards
            slide.delegate = listener
            slide.setValue("slide", forKey: "name")
            field.layer.add(slide, forKey: "slide")
            slide.toValue = 999  // the layer has its own copy
        }
        film.advance(to: 0.75)
        #expect(field.layer.presentation()?.position.x == -100, "held at its from value before it begins")
        #expect(field.layer.animationKeys() == ["slide"])
        film.advance(to: 1.25)
        #expect(abs((field.layer.presentation()?.position.x ?? 0) - (-100 + 0.5 * 260)) < 1e-9)
        film.advance(to: 2)
        #expect(field.layer.presentation()?.position.x == 160, "removed at its end: the model shows")
        #expect(field.layer.animationKeys() == nil)
        #expect(listener.heard == ["start slide at 1.0", "stop slide true at 1.5"])
    }

    @Test func aPulseRepeatsForeverAndRemovingItStopsItUnfinished() {
        let (film, field) = film()
        let listener = Listener()
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.toValue = 1.2
        pulse.duration = 0.5
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        pulse.delegate = listener
        field.layer.add(pulse, forKey: "pulse")  // on the film already: from time 0
        film.advance(to: 0.5)
        #expect(field.layer.presentation()?.affineTransform().a == 1.2)
        film.advance(to: 10.25)
        #expect(abs((field.layer.presentation()?.affineTransform().a ?? 0) - 1.1) < 1e-9, "10.25 s is half way back of a pass: eased 0.5")
        film.at(10.3) { field.layer.removeAnimation(forKey: "pulse") }
        film.advance(to: 10.4)
        #expect(field.layer.presentation()?.affineTransform().a == 1)
        #expect(listener.heard.last == "stop  false at 10.3")
    }

    @Test func pausingAndResumingALayerByApplesRecipeFreezesItsAnimations() {
        let (film, field) = film()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi
        spin.duration = 2
        field.layer.add(spin, forKey: nil)
        film.at(0.5) {
            let layer = field.layer
            let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = pausedTime
        }
        film.at(3) {
            let layer = field.layer
            let pausedTime = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
            layer.beginTime = timeSincePause
        }
        var shown: [Double] = []
        for time in [0.25, 1, 2.9, 3.5, 4.4, 4.6] {
            film.advance(to: time)
            shown.append(Double(atan2(field.layer.presentation()?.affineTransform().b ?? 0, field.layer.presentation()?.affineTransform().a ?? 1)))
        }
        let expected = [0.125, 0.25, 0.25, 0.5, 0.95, 0].map { $0 * Double.pi }
        #expect(zip(shown, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(shown)")
    }

    @Test func convertTimeGoesBothWaysThroughNestedLayerTime() {
        let (film, view) = film()
        let outer = CALayer(), inner = CALayer()
        view.layer.addSublayer(outer)
        outer.addSublayer(inner)
        film.at(1) {
            outer.beginTime = 1
            outer.speed = 2
            inner.timeOffset = 3
            inner.speed = 0.5
        }
        film.advance(to: 2)
        // outer's time is 2 × (t − 1); inner's is 0.5 × outer's + 3.
        #expect(outer.convertTime(4, from: nil) == 6)
        #expect(outer.convertTime(6, to: nil) == 4)
        #expect(inner.convertTime(6, from: outer) == 6)
        #expect(inner.convertTime(6, to: outer) == 6)
        #expect(inner.convertTime(4, from: nil) == 6 && inner.convertTime(6, to: nil) == 4)
        #expect(outer.convertTime(2, to: inner) == 4)
        for time in [0.25, 1.5, 7.0] {
            #expect(abs(inner.convertTime(inner.convertTime(time, to: outer), from: outer) - time) < 1e-12)
        }
    }

    @Test func springsGroupsAndKeyframesRunAndTheRecordingIsASceneOfTheSameFrames() throws {
        let (film, field) = film()
        let avatar = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        avatar.accessibilityIdentifier = "avatar"
        avatar.backgroundColor = .red
        film.rootView.addSubview(avatar)
        film.at(0.2) {
            let bounce = CASpringAnimation(keyPath: "position.y")
            bounce.fromValue = 0
            bounce.toValue = avatar.center.y
            bounce.damping = 8
            bounce.duration = bounce.settlingDuration
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            let group = CAAnimationGroup()
            group.animations = [bounce, fade]
            group.duration = 1
            avatar.layer.add(group, forKey: "arrive")

            let wobble = CAKeyframeAnimation(keyPath: "transform.rotation")
            wobble.values = [0, 0.2, -0.2, 0]
            wobble.keyTimes = [0, 0.25, 0.75, 1]
            wobble.duration = 0.6
            wobble.repeatCount = 2
            field.layer.add(wobble, forKey: "wobble")

            let path = UIBezierPath(arcCenter: CGPoint(x: 160, y: 100), radius: 60, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            let orbit = CAKeyframeAnimation(keyPath: "position")
            orbit.path = path.cgPath
            orbit.rotationMode = .rotateAuto
            orbit.duration = 2
            avatar.layer.add(orbit, forKey: "orbit")
        }
        film.advance(to: 3)
        let scene = film.scene()
        let avatarIndex = try #require(scene.layers.index(of: "avatar"))
        let halfway = SceneEvaluation(scene: scene, horizon: 3).presentation(at: 0.7).values[avatarIndex]
        #expect(abs(halfway.opacity - 0.5) < 1e-9, "the group's fade runs for the group's second")
        #expect(scene.script.contains { if case .addLayerAnimation(_, "orbit", _) = $0.action { true } else { false } })
        let back = try SceneLoader.parse(Array(try SceneWriter.json(scene).utf8), file: "ca.json").scene
        #expect(back.script == scene.script && back.layers == scene.layers)
        let (original, read) = (SceneEvaluation(scene: scene, horizon: 3), SceneEvaluation(scene: back, horizon: 3))
        for time in stride(from: 0.0, through: 3, by: 0.1) {
            #expect(original.presentation(at: time).values == read.presentation(at: time).values, "at \(time) s")
        }
    }

    @Test func mediaTimingFunctionsKeepTheirControlPoints() {
        let function = CAMediaTimingFunction(controlPoints: 0.5, -0.4, 0.5, 1.4)
        var point: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &point)
        #expect(point == [0.5, -0.4])
        CAMediaTimingFunction(name: .easeOut).getControlPoint(at: 2, values: &point)
        #expect(point == [0.58, 1])
    }
}

/// The layer classes and Core Animation's implicit animations.
@MainActor @Suite struct LayerClassTests {
    private func film() -> (Film, UIView) {
        let film = Film(size: CGSize(width: 200, height: 200), framesPerSecond: 30, backgroundColor: .white)
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        host.accessibilityIdentifier = "host"
        film.rootView.addSubview(host)
        return (film, host)
    }

    @Test func aShapeLayersStrokeEndAnimatesAndItsPathIsInItsOwnCoordinates() throws {
        let (film, host) = film()
        let ring = CAShapeLayer()
        ring.name = "ring"
        ring.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        ring.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100)).cgPath
        ring.fillColor = nil
        ring.strokeColor = UIColor.red.cgColor
        ring.lineWidth = 6
        host.layer.addSublayer(ring)
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 1
        ring.add(draw, forKey: "draw")
        film.advance(to: 0.5)
        let scene = film.scene()
        let index = try #require(scene.layers.index(of: "ring"))
        #expect(SceneEvaluation(scene: scene, horizon: 0.5).presentation(at: 0.5).values[index].strokeEnd == 0.5)
        #expect(ring.presentation()?.strokeEnd == 0.5, "a shape layer's presentation is a shape layer")
        #expect(ring.model().strokeEnd == 1)
        #expect(scene.layers.nodes[index].shape == .path)
        #expect(ring.fillColor == nil && ring.lineWidth == 6)
    }

    @Test func aShapeLayersDashPhaseMarchesTheDashesAndLeavesTheStrokeWhole() throws {
        let (film, host) = film()
        let ants = CAShapeLayer()
        ants.name = "ants"
        ants.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50)).cgPath
        ants.lineDashPattern = [6, 3]
        host.layer.addSublayer(ants)
        let march = CABasicAnimation(keyPath: "lineDashPhase")
        march.fromValue = 0
        march.toValue = 18
        march.duration = 1
        ants.add(march, forKey: "march")
        film.advance(to: 0.5)
        let scene = film.scene()
        let index = try #require(scene.layers.index(of: "ants"))
        let values = SceneEvaluation(scene: scene, horizon: 0.5).presentation(at: 0.5).values[index]
        #expect(values.strokeDashPhase == 9, "points into the pattern, halfway")
        #expect(values.strokeOffset == 0 && values.strokeStart == 0 && values.strokeEnd == 1, "the whole outline stroked")
        #expect(ants.model().lineDashPhase == 0)
    }

    @Test func aShapeLayersMiterLimitIsItsStrokes() throws {
        let (film, host) = film()
        let chevron = CAShapeLayer()
        chevron.name = "chevron"
        #expect(chevron.miterLimit == 10, "Core Animation's default")
        chevron.miterLimit = 2
        chevron.lineJoin = .miter
        host.layer.addSublayer(chevron)
        let scene = film.scene()
        let index = try #require(scene.layers.index(of: "chevron"))
        #expect(scene.layers.nodes[index].style.strokeMiterLimit == 2)
        chevron.miterLimit = 0.5
        #expect(chevron.miterLimit == 1, "a mitre reaches at least a bevel's half width")
    }

    @Test func aGradientsLocationsAnimateAsItsFill() throws {
        let (film, host) = film()
        let shine = CAGradientLayer()
        shine.name = "shine"
        shine.frame = host.bounds
        shine.colors = [UIColor.black.cgColor, UIColor.white.cgColor, UIColor.black.cgColor]
        shine.locations = [0, 0, 0.25]
        shine.startPoint = CGPoint(x: 0, y: 0.5)
        shine.endPoint = CGPoint(x: 1, y: 0.5)
        host.layer.mask = shine
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [0, 0, 0.25]
        sweep.toValue = [0.75, 1, 1]
        sweep.duration = 2
        sweep.repeatCount = .infinity
        shine.add(sweep, forKey: "sweep")
        film.advance(to: 1)
        let scene = film.scene()
        let index = try #require(scene.layers.index(of: "shine"))
        guard case .gradient(let gradient) = SceneEvaluation(scene: scene, horizon: 1).presentation(at: 1).values[index][.fill] else {
            Issue.record("the gradient layer's fill is a gradient")
            return
        }
        #expect(gradient.stops.map(\.offset) == [0.375, 0.5, 0.625])
        #expect(scene.layers.nodes[index].style.masking == .alpha, "a layer's mask is its masking child")
    }

    @Test func aReplicatorsCopiesEchoWithItsInstanceDelay() throws {
        let (film, host) = film()
        let meter = CAReplicatorLayer()
        meter.name = "meter"
        meter.frame = host.bounds
        meter.instanceCount = 3
        meter.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        meter.instanceDelay = 0.5
        let bar = CALayer()
        bar.name = "bar"
        bar.frame = CGRect(x: 10, y: 100, width: 20, height: 60)
        bar.backgroundColor = UIColor.blue.cgColor
        meter.addSublayer(bar)
        host.layer.addSublayer(meter)
        let grow = CABasicAnimation(keyPath: "transform.scale.y")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 1
        bar.add(grow, forKey: nil)
        film.advance(to: 2)
        let scene = film.scene()
        let tree = SceneEvaluation(scene: scene, horizon: 2).presentation(at: 0.75)
        let meterIndex = try #require(scene.layers.index(of: "meter")), barIndex = try #require(scene.layers.index(of: "bar"))
        #expect(tree.values[barIndex].scale.y == 0.75)
        #expect(tree.copy(1, of: meterIndex).values[barIndex].scale.y == 0.25, "the second copy is half a second behind")
        #expect(tree.copy(2, of: meterIndex).values[barIndex].scale.y == 1, "the third has not begun: the model shows")
    }

    @Test func aSpriteSheetPlaysThroughItsContentsRect() throws {
        let (film, host) = film()
        let colours: [UIColor] = [.red, .green, .blue, .white]
        let sheet = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 10)).image { context in
            for (i, colour) in colours.enumerated() {
                colour.setFill()
                context.fill(CGRect(x: 10 * i, y: 0, width: 10, height: 10))
            }
        }
        let sprite = CALayer()
        sprite.name = "sprite"
        sprite.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        sprite.contents = sheet.cgImage
        sprite.contentsRect = CGRect(x: 0, y: 0, width: 0.25, height: 1)
        host.layer.addSublayer(sprite)
        let walk = CAKeyframeAnimation(keyPath: "contentsRect")
        walk.values = (0..<4).map { NSValue(cgRect: CGRect(x: 0.25 * CGFloat($0), y: 0, width: 0.25, height: 1)) }
        walk.calculationMode = .discrete
        walk.duration = 1
        walk.repeatCount = .infinity
        sprite.add(walk, forKey: "walk")
        film.advance(to: 2)
        #expect(sprite.contentsRect == CGRect(x: 0, y: 0, width: 0.25, height: 1))
        let scene = film.scene(), index = try #require(scene.layers.index(of: "sprite"))
        let evaluation = SceneEvaluation(scene: scene, horizon: 2)
        #expect([0.1, 0.3, 0.6, 0.9, 1.1].map { evaluation.presentation(at: $0).values[index].contentsOrigin.x } == [0, 0.25, 0.5, 0.75, 0])
        let frame = try RasterImage(drawing: evaluation.presentation(at: 0.6))
        #expect(frame[100, 100] == RasterImage.Pixel(red: 0, green: 0, blue: 255), "the third frame, blue, fills the layer")
    }

    @Test func aConicGradientLayerIsCentredOnItsStartPoint() throws {
        let (film, host) = film()
        let wheel = CAGradientLayer()
        wheel.name = "wheel"
        wheel.frame = host.bounds
        wheel.type = .conic
        wheel.colors = [UIColor.red.cgColor, UIColor.green.cgColor, UIColor.red.cgColor]
        wheel.startPoint = CGPoint(x: 0.5, y: 0.5)
        wheel.endPoint = CGPoint(x: 0.5, y: 0)
        host.layer.addSublayer(wheel)
        let turn = CABasicAnimation(keyPath: "endPoint")
        turn.fromValue = CGPoint(x: 0.5, y: 0)
        turn.toValue = CGPoint(x: 1, y: 0.5)
        turn.duration = 1
        wheel.add(turn, forKey: nil)
        film.advance(to: 1)
        let scene = film.scene()
        let index = try #require(scene.layers.index(of: "wheel"))
        guard case .gradient(let gradient) = SceneEvaluation(scene: scene, horizon: 1).presentation(at: 0.5).values[index][.fill] else {
            Issue.record("the gradient layer's fill is a gradient")
            return
        }
        #expect(gradient.kind == .conic(center: Vector2(0.5, 0.5), to: Vector2(0.75, 0.25)), "the end point animates")
        #expect(gradient.stops.map(\.offset) == [0, 0.5, 1])
    }

    @Test func aReplicatorsInstanceColourAndOffsetsAreItsCopiesTint() throws {
        let (film, host) = film()
        let row = CAReplicatorLayer()
        row.name = "row"
        row.frame = host.bounds
        #expect(row.instanceColor == UIColor.white.cgColor, "opaque white by default")
        row.instanceCount = 8
        row.instanceColor = UIColor.white.cgColor
        row.instanceRedOffset = -0.1
        row.instanceGreenOffset = -0.1
        row.instanceAlphaOffset = -0.05
        host.layer.addSublayer(row)
        #expect(row.instanceRedOffset == -0.1 && row.instanceGreenOffset == -0.1 && row.instanceBlueOffset == 0)
        let fade = CABasicAnimation(keyPath: "instanceBlueOffset")
        fade.fromValue = 0
        fade.toValue = -0.2
        fade.duration = 1
        row.add(fade, forKey: nil)
        let tint = CABasicAnimation(keyPath: "instanceColor")
        tint.fromValue = UIColor.white.cgColor
        tint.toValue = UIColor.red.cgColor
        tint.duration = 1
        row.add(tint, forKey: nil)
        film.advance(to: 1)
        let scene = film.scene()
        let index = try #require(scene.layers.index(of: "row"))
        let values = SceneEvaluation(scene: scene, horizon: 1).presentation(at: 0.5).values[index]
        #expect(abs(values.replicatorBlueOffset + 0.1) < 1e-6)
        #expect(values.replicatorColor.red == 1 && abs(values.replicatorColor.green - 0.5) < 1e-9)
        let third = values.instanceColor(ofCopy: 2)
        #expect(abs(third.red - 0.8) < 1e-6 && abs(third.green - 0.3) < 1e-6 && abs(third.blue - 0.3) < 1e-6 && abs(third.alpha - 0.9) < 1e-6)
    }

    @Test func aLayerOfItsOwnAnimatesImplicitlyAndATransactionSaysHow() {
        let (film, host) = film()
        let badge = CALayer()
        badge.name = "badge"
        badge.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        host.layer.addSublayer(badge)
        var completed: [Double] = []
        film.at(1) {
            badge.opacity = 0  // implicit: 0.25 s on the default curve
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setCompletionBlock { completed.append(CACurrentMediaTime()) }
            badge.position = CGPoint(x: 120, y: 20)
            CATransaction.commit()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            badge.cornerRadius = 10
            CATransaction.commit()
            host.alpha = 0.5  // a view's layer: no implicit animation
        }
        film.advance(to: 1.5)
        #expect(badge.presentation()?.position.x == 70, "linear over a second: half way")
        #expect(badge.presentation()?.opacity == 0, "the 0.25 s fade has ended")
        #expect(badge.presentation()?.cornerRadius == 10)
        #expect(host.layer.presentation()?.opacity == 0.5)
        film.advance(to: 3)
        #expect(completed == [2])
    }

    @Test func aLayerAddedInTheSameInstantTakesItsValuesWithoutAnimating() {
        let (film, host) = film()
        let dot = CALayer()
        dot.name = "dot"
        film.at(1) {
            host.layer.addSublayer(dot)
            dot.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            dot.opacity = 0.5
        }
        film.at(2) { dot.opacity = 1 }
        film.advance(to: 1.1)
        #expect(dot.presentation()?.opacity == 0.5 && dot.presentation()?.position == CGPoint(x: 20, y: 20),
                "added and set in one instant: no animation from its defaults")
        film.advance(to: 2.125)
        #expect(dot.animationKeys() == ["opacity"], "set a second later: the implicit animation, keyed by the property")
        let shown = Double(dot.presentation()?.opacity ?? 0)
        #expect(shown > 0.5 && shown < 1, "half way through the quarter second (found \(shown))")
    }

    @Test func anEmptyTransactionsCompletionRunsWhenItCommits() {
        let (film, _) = film()
        var completed: [Double] = []
        film.at(0.5) {
            CATransaction.begin()
            CATransaction.setCompletionBlock { completed.append(CACurrentMediaTime()) }
            CATransaction.commit()
            #expect(completed == [0.5], "no animation was added: at once, at the commit")
        }
        film.advance(to: 1)
        #expect(completed == [0.5], "and only once")
    }

    @Test func aViewsLayerClassMakesItsLayerAndSublayersInsertWhereAsked() {
        final class GradientView: UIView {
            override class var layerClass: AnyClass { CAGradientLayer.self }
        }
        let (film, host) = film()
        let view = GradientView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        #expect(view.layer is CAGradientLayer)
        host.addSubview(view)
        let top = CALayer(), bottom = CALayer(), middle = CALayer()
        (top.name, bottom.name, middle.name) = ("top", "bottom", "middle")
        host.layer.addSublayer(top)
        host.layer.insertSublayer(bottom, at: 0)
        host.layer.insertSublayer(middle, below: top)
        let scene = film.scene()
        let hostIndex = scene.layers.index(of: "host") ?? -1
        #expect(scene.layers.nodes[hostIndex].children.map { scene.layers.nodes[$0].id } == ["bottom", "view1", "middle", "top"])
    }

    @Test func aTransitionPushesTheOldLookOutAndTheNewIn() throws {
        let (film, host) = film()
        let status = UILabel(frame: CGRect(x: 20, y: 20, width: 160, height: 30))
        status.accessibilityIdentifier = "status"
        status.text = "Connecting"
        host.addSubview(status)
        final class Listener: CAAnimationDelegate {
            var stopped: [Double] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append(CACurrentMediaTime()) }
        }
        let listener = Listener()
        film.at(1) {
            let push = CATransition()
            push.type = .push
            push.subtype = .fromTop
            push.duration = 0.4
            push.delegate = listener
            status.layer.add(push, forKey: "text")
            status.text = "Connected"
        }
        film.advance(to: 1.2)
        #expect(abs((status.layer.presentation()?.affineTransform().ty ?? 0) + 15) < 1e-9, "the new text half way down from the top")
        let scene = film.scene()
        let labels = scene.layers.nodes.indices.filter { scene.layers.initialValues[$0].text == "Connecting" }
        #expect(labels.count == 2, "the label and its snapshot")
        film.advance(to: 2)
        #expect(listener.stopped == [1.4])
        let settled = SceneEvaluation(scene: film.scene(), horizon: 2).presentation(at: 2)
        #expect(settled.values.enumerated().filter { $0.element.text == "Connecting" && !$0.element.hidden }.count == 0, "the snapshot is gone")
    }

    @Test func aLayersTransformInPerspectiveComesBackAsItWasSet() throws {
        let (film, host) = film()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let turned = CATransform3DRotate(CATransform3DRotate(CATransform3DRotate(perspective, 0.4, 1, 0, 0), 0.6, 0, 1, 0), 0.3, 0, 0, 1)
        host.layer.transform = turned
        let back = host.layer.transform
        let entries: [KeyPath<CATransform3D, CGFloat>] = [\.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24,
                                                        \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44]
        #expect(entries.allSatisfy { abs(back[keyPath: $0] - turned[keyPath: $0]) < 1e-9 }, "\(back) != \(turned)")
        host.layer.sublayerTransform = perspective
        host.layer.isDoubleSided = false
        let scene = film.scene()
        let index = try #require(scene.layers.index(of: "host"))
        let values = SceneEvaluation(scene: scene, horizon: 0).presentation(at: 0).values[index]
        #expect(abs(values.rotationY - 0.6) < 1e-9 && abs(values.rotationX - 0.4) < 1e-9 && values.perspective == -1 / 500)
        #expect(values.sublayerPerspective == -1 / 500 && !scene.layers.nodes[index].style.isDoubleSided)
        host.layer.transform = CATransform3DIdentity
        #expect(CATransform3DIsIdentity(host.layer.transform))
    }

    @Test func aTransformAnimationRunsItsParts() {
        let (film, host) = film()
        let turn = CABasicAnimation(keyPath: "transform")
        turn.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        turn.toValue = NSValue(caTransform3D: CATransform3DRotate(CATransform3DMakeScale(2, 2, 1), .pi / 2, 0, 0, 1))
        turn.duration = 1
        host.layer.add(turn, forKey: "turn")
        film.advance(to: 0.5)
        let shown = host.layer.presentation()?.affineTransform() ?? .identity
        let angle = atan2(shown.b, shown.a), scale = (shown.a * shown.a + shown.b * shown.b).squareRoot()
        #expect(abs(angle - .pi / 4) < 1e-9 && abs(scale - 1.5) < 1e-9)
        #expect(NSValue(caTransform3D: CATransform3DMakeTranslation(1, 2, 3)).caTransform3DValue.m43 == 3)
        #expect(CATransform3DInvert(CATransform3DMakeScale(2, 4, 1)).m22 == 0.25)
    }
}

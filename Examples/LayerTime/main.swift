// Core Animation's explicit animations and layer time, as iOS apps write them (#48): one film
// per kind of demo such code teaches, each compared frame by frame with its scene in scenes/ by
// `make test-seeds` (and its recording re-rendered to the same bytes).
//
// - login-form:      fields slide in with basic animations held `.backwards` until they
//                    begin; the button pulses on repeat.
// - search-avatars:  two avatars bounce together with a spring inside a group.
// - slide-to-unlock: a label revealed by an animated gradient mask.
// - pull-to-refresh: a ring drawn by a shape layer's strokeEnd (the mask of a conic gradient),
//                    a dot travelling its path (a keyframe animation along a path), the ring
//                    spun on repeat.
// - voice-meter:     a replicator's bars echo one another with instanceDelay, tinted by its
//                    instanceColor and colour offsets.
// - logo-reveal:     the next screen revealed through an expanding shape-layer mask, paused,
//                    scrubbed and resumed by layer speed and timeOffset (Apple's QA1673).
// - penguin-walk:    a penguin walking from frame images (`animationImages`), moved by a
//                    basic animation, its chick behind it from a sprite sheet (`contentsRect`
//                    stepped by a discrete keyframe animation).
// - side-menu-3d:    a side menu folding in with perspective (a 3D transform animated in an
//                    animations closure) over a gallery of cards tilted in 3D.
// - snow:            falling snow from a CAEmitterLayer: three cells of flakes drawn with
//                    UIGraphicsImageRenderer, a wind from the left that drops at 3 s.
//
//   swift run LayerTime OUTPUT_FOLDER    (writes OUTPUT_FOLDER/<demo>/ and its recording, <demo>.json)
import ZoetropeUIKit

let output = CommandLine.arguments.dropFirst().first ?? "output"
let screen = CGSize(width: 320, height: 480)

/// A film of the screen's size.
@MainActor func makeFilm(_ name: String, background: UIColor = .white) -> Film {
    let film = Film(size: screen, framesPerSecond: 30, backgroundColor: background)
    film.name = name
    return film
}

/// Writes the film's frames and recording.
@MainActor func finish(_ film: Film, at time: TimeInterval) throws {
    film.advance(to: time)
    let frames = try film.writeFrames(to: output + "/" + film.name)
    try film.writeScene(to: output + "/" + film.name + ".json")
    print("\(film.name): \(frames.count) frames → \(output)/\(film.name)")
}

/// A label of `text` in `frame`.
@MainActor func label(_ text: String, _ frame: CGRect, size: CGFloat, color: UIColor = .black, id: String) -> UILabel {
    let label = UILabel(frame: frame)
    label.text = text
    label.font = .systemFont(ofSize: size, weight: .semibold)
    label.textColor = color
    label.textAlignment = .center
    label.accessibilityIdentifier = id
    return label
}

// MARK: - Login form

do {
    let film = makeFilm("login-form", background: UIColor(red: 0.25, green: 0.55, blue: 0.85, alpha: 1))
    let heading = label("Bahama Air", CGRect(x: 0, y: 90, width: screen.width, height: 40), size: 30, color: .white, id: "heading")
    film.rootView.addSubview(heading)
    var fields: [UIView] = []
    for (index, name) in ["username", "password"].enumerated() {
        let field = UIView(frame: CGRect(x: 40, y: 180 + CGFloat(index) * 56, width: screen.width - 80, height: 40))
        field.backgroundColor = .white
        field.layer.cornerRadius = 6
        field.accessibilityIdentifier = name
        let placeholder = label(name.capitalized, CGRect(x: 12, y: 10, width: 120, height: 20), size: 15, color: .lightGray, id: name + "Placeholder")
        placeholder.textAlignment = .left
        field.addSubview(placeholder)
        film.rootView.addSubview(field)
        fields.append(field)
    }
    let button = UIView(frame: CGRect(x: 40, y: 320, width: screen.width - 80, height: 48))
    button.backgroundColor = UIColor(red: 0.63, green: 0.84, blue: 0.35, alpha: 1)
    button.layer.cornerRadius = 10
    button.accessibilityIdentifier = "login"
    button.addSubview(label("Log In", CGRect(x: 0, y: 12, width: screen.width - 80, height: 24), size: 18, color: .white, id: "loginTitle"))
    film.rootView.addSubview(button)

    // viewDidAppear: the heading and fields fly in from the left, one after another.
    film.at(0) {
        for (index, view) in ([heading] + fields).enumerated() {
            let flyRight = CABasicAnimation(keyPath: "position.x")
            flyRight.fromValue = -screen.width / 2
            flyRight.toValue = screen.width / 2
            flyRight.duration = 0.5
            flyRight.timingFunction = CAMediaTimingFunction(name: .easeOut)
            flyRight.beginTime = CACurrentMediaTime() + 0.3 + Double(index) * 0.15
            flyRight.fillMode = .backwards
            view.layer.add(flyRight, forKey: nil)
        }
        let fadeIn = CABasicAnimation(keyPath: "opacity")
        fadeIn.fromValue = 0
        fadeIn.toValue = 1
        fadeIn.duration = 0.5
        fadeIn.beginTime = CACurrentMediaTime() + 0.9
        fadeIn.fillMode = .backwards
        button.layer.add(fadeIn, forKey: "fadeIn")
    }
    // Then the button pulses until it is tapped.
    film.at(1.5) {
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 1.06
        pulse.duration = 0.4
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        button.layer.add(pulse, forKey: "pulse")
        let glow = CABasicAnimation(keyPath: "backgroundColor")
        glow.toValue = UIColor(red: 0.85, green: 0.7, blue: 0.2, alpha: 1).cgColor
        glow.duration = 0.4
        glow.autoreverses = true
        glow.repeatCount = .infinity
        button.layer.add(glow, forKey: "glow")
    }
    try finish(film, at: 3)
}

// MARK: - Search avatars

do {
    let film = makeFilm("search-avatars", background: UIColor(white: 0.95, alpha: 1))
    let status = label("Searching…", CGRect(x: 0, y: 320, width: screen.width, height: 30), size: 18, color: .darkGray, id: "status")
    film.rootView.addSubview(status)
    var avatars: [UIView] = []
    for (index, color) in [UIColor.systemOrange, UIColor.systemTeal].enumerated() {
        let avatar = UIView(frame: CGRect(x: index == 0 ? 12 : screen.width - 102, y: 160, width: 90, height: 90))
        avatar.backgroundColor = color
        avatar.layer.cornerRadius = 45
        avatar.layer.borderWidth = 4
        avatar.layer.borderColor = UIColor.white.cgColor
        avatar.accessibilityIdentifier = index == 0 ? "me" : "opponent"
        avatar.addSubview(label(index == 0 ? "ME" : "?", CGRect(x: 0, y: 33, width: 90, height: 24), size: 20, color: .white,
                                id: avatar.accessibilityIdentifier! + "Initials"))
        film.rootView.addSubview(avatar)
        avatars.append(avatar)
    }
    // The avatars bounce off each other: each is pushed toward the middle and springs back;
    // a group scales them up as they meet and fades the status.
    film.at(0.3) {
        for (index, avatar) in avatars.enumerated() {
            let bounce = CASpringAnimation(keyPath: "position.x")
            bounce.fromValue = screen.width / 2 + (index == 0 ? -46 : 46)
            bounce.toValue = avatar.center.x
            bounce.damping = 7
            bounce.stiffness = 120
            bounce.initialVelocity = 0
            bounce.duration = bounce.settlingDuration
            let grow = CABasicAnimation(keyPath: "transform.scale")
            grow.fromValue = 1.2
            grow.toValue = 1
            grow.duration = 0.6
            let group = CAAnimationGroup()
            group.animations = [bounce, grow]
            group.duration = bounce.settlingDuration
            avatar.layer.add(group, forKey: "bounce")
        }
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 0.2, 1]
        blink.keyTimes = [0, 0.5, 1]
        blink.duration = 1
        blink.repeatCount = 3
        status.layer.add(blink, forKey: "blink")
    }
    try finish(film, at: 3)
}

// MARK: - Slide to unlock

do {
    let film = makeFilm("slide-to-unlock", background: .black)
    let text = label("> Slide to unlock", CGRect(x: 20, y: 220, width: screen.width - 40, height: 40), size: 26, color: .white, id: "unlock")
    film.rootView.addSubview(text)
    let shine = CAGradientLayer()
    shine.name = "shine"
    shine.frame = text.bounds
    shine.startPoint = CGPoint(x: 0, y: 0.5)
    shine.endPoint = CGPoint(x: 1, y: 0.5)
    shine.colors = [UIColor(white: 1, alpha: 0.25).cgColor, UIColor.white.cgColor, UIColor(white: 1, alpha: 0.25).cgColor]
    shine.locations = [0, 0, 0.25]
    text.layer.mask = shine
    film.at(0.3) {
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [0, 0, 0.25]
        sweep.toValue = [0.75, 1, 1]
        sweep.duration = 1.5
        sweep.repeatCount = .infinity
        shine.add(sweep, forKey: "sweep")
    }
    try finish(film, at: 3)
}

// MARK: - Pull to refresh

do {
    let film = makeFilm("pull-to-refresh")
    let header = UIView(frame: CGRect(x: 0, y: 0, width: screen.width, height: 140))
    header.backgroundColor = UIColor(red: 0.1, green: 0.12, blue: 0.2, alpha: 1)
    header.accessibilityIdentifier = "header"
    film.rootView.addSubview(header)
    // The ring is a conic gradient seen through a shape layer's stroke (its mask).
    let sweep = CAGradientLayer()
    sweep.name = "sweep"
    sweep.frame = CGRect(x: screen.width / 2 - 30, y: 40, width: 60, height: 60)
    sweep.type = .conic
    sweep.colors = [UIColor.white.cgColor, UIColor.systemTeal.cgColor, UIColor.white.cgColor]
    sweep.startPoint = CGPoint(x: 0.5, y: 0.5)
    sweep.endPoint = CGPoint(x: 0.5, y: 0)
    header.layer.addSublayer(sweep)
    let ring = CAShapeLayer()
    ring.name = "ring"
    ring.frame = sweep.bounds
    let circle = UIBezierPath(arcCenter: CGPoint(x: 30, y: 30), radius: 26, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
    ring.path = circle.cgPath
    ring.fillColor = nil
    ring.strokeColor = UIColor.white.cgColor
    ring.lineWidth = 4
    ring.lineCap = .round
    ring.strokeEnd = 0
    sweep.mask = ring
    let dot = CAShapeLayer()
    dot.name = "dot"
    dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    dot.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
    dot.fillColor = UIColor.systemYellow.cgColor
    dot.opacity = 0
    header.layer.addSublayer(dot)
    for row in 0..<6 {
        let cell = UIView(frame: CGRect(x: 16, y: 156 + CGFloat(row) * 52, width: screen.width - 32, height: 40))
        cell.backgroundColor = UIColor(white: 0.93, alpha: 1)
        cell.layer.cornerRadius = 8
        cell.accessibilityIdentifier = "cell\(row)"
        film.rootView.addSubview(cell)
    }
    // The pull draws the ring; released, the dot runs round it while the ring spins.
    film.at(0.2) {
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 0.8
        draw.timingFunction = CAMediaTimingFunction(name: .easeOut)
        draw.fillMode = .forwards
        draw.isRemovedOnCompletion = false
        ring.add(draw, forKey: "draw")
    }
    film.at(1.0) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.strokeEnd = 1
        dot.opacity = 1
        CATransaction.commit()
        ring.removeAnimation(forKey: "draw")
        let orbit = CAKeyframeAnimation(keyPath: "position")
        let track = UIBezierPath(arcCenter: CGPoint(x: screen.width / 2, y: 70), radius: 26, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        orbit.path = track.cgPath
        orbit.calculationMode = .paced
        orbit.rotationMode = .rotateAuto
        orbit.duration = 0.8
        orbit.repeatCount = .infinity
        dot.add(orbit, forKey: "orbit")
        let spin = CABasicAnimation(keyPath: "transform.rotation")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1.6
        spin.repeatCount = .infinity
        ring.add(spin, forKey: "spin")
        let dash = CABasicAnimation(keyPath: "strokeStart")
        dash.fromValue = 0
        dash.toValue = 0.6
        dash.duration = 0.8
        dash.autoreverses = true
        dash.repeatCount = .infinity
        ring.add(dash, forKey: "dash")
    }
    try finish(film, at: 3)
}

// MARK: - Voice meter

do {
    let film = makeFilm("voice-meter", background: UIColor(red: 0.12, green: 0.1, blue: 0.25, alpha: 1))
    let meter = CAReplicatorLayer()
    meter.name = "meter"
    meter.frame = CGRect(x: 20, y: 180, width: screen.width - 40, height: 120)
    meter.instanceCount = 20
    meter.instanceTransform = CATransform3DMakeTranslation(14, 0, 0)
    meter.instanceDelay = 0.06
    meter.instanceAlphaOffset = -0.03
    // White bars tinted by the instance colour: pink, shading to violet along the row.
    meter.instanceColor = UIColor.systemPink.cgColor
    meter.instanceRedOffset = -0.025
    meter.instanceBlueOffset = 0.03
    film.rootView.layer.addSublayer(meter)
    let bar = CALayer()
    bar.name = "bar"
    bar.frame = CGRect(x: 6, y: 20, width: 8, height: 80)
    bar.backgroundColor = UIColor.white.cgColor
    bar.cornerRadius = 4
    meter.addSublayer(bar)
    film.at(0.2) {
        let level = CABasicAnimation(keyPath: "transform.scale.y")
        level.fromValue = 0.1
        level.toValue = 1
        level.duration = 0.3
        level.autoreverses = true
        level.repeatCount = .infinity
        level.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bar.add(level, forKey: "level")
    }
    try finish(film, at: 3)
}

// MARK: - Logo reveal

do {
    let film = makeFilm("logo-reveal", background: UIColor(red: 0.11, green: 0.63, blue: 0.95, alpha: 1))
    let next = UIView(frame: CGRect(origin: .zero, size: screen))
    next.backgroundColor = .white
    next.accessibilityIdentifier = "next"
    for row in 0..<5 {
        let card = UIView(frame: CGRect(x: 20, y: 40 + CGFloat(row) * 88, width: screen.width - 40, height: 72))
        card.backgroundColor = UIColor(white: 0.9, alpha: 1)
        card.layer.cornerRadius = 10
        card.accessibilityIdentifier = "card\(row)"
        next.addSubview(card)
    }
    film.rootView.addSubview(next)
    // A bird-like logo: a circle with a beak, in a 60-point box around the screen's centre.
    let logo = CAShapeLayer()
    logo.name = "logo"
    logo.frame = CGRect(x: screen.width / 2 - 30, y: screen.height / 2 - 30, width: 60, height: 60)
    let outline = UIBezierPath(ovalIn: CGRect(x: 6, y: 6, width: 48, height: 48))
    outline.move(to: CGPoint(x: 50, y: 22))
    outline.addLine(to: CGPoint(x: 60, y: 18))
    outline.addLine(to: CGPoint(x: 52, y: 30))
    outline.close()
    logo.path = outline.cgPath
    logo.fillColor = UIColor.white.cgColor
    next.layer.mask = logo
    film.at(0.3) {
        let grow = CAKeyframeAnimation(keyPath: "transform.scale")
        grow.values = [1, 0.8, 20]
        grow.keyTimes = [0, 0.3, 1]
        grow.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn)]
        grow.duration = 1.4
        grow.fillMode = .forwards
        grow.isRemovedOnCompletion = false
        logo.add(grow, forKey: "grow")
    }
    // Paused part way (QA1673), scrubbed back and forth as by a finger, then resumed.
    film.at(0.8) {
        let pausedTime = next.layer.convertTime(CACurrentMediaTime(), from: nil)
        next.layer.speed = 0
        next.layer.timeOffset = pausedTime
    }
    for (step, offset) in [0.7, 0.55, 0.45, 0.6, 0.8, 0.9].enumerated() {
        film.at(1.0 + Double(step) * 0.15) { next.layer.timeOffset = offset }
    }
    film.at(2.0) {
        let pausedTime = next.layer.timeOffset
        next.layer.speed = 1
        next.layer.timeOffset = 0
        next.layer.beginTime = 0
        let timeSincePause = next.layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        next.layer.beginTime = timeSincePause
    }
    try finish(film, at: 3.5)
}

// MARK: - Penguin walk

do {
    let film = makeFilm("penguin-walk", background: UIColor(red: 0.78, green: 0.9, blue: 0.98, alpha: 1))
    let ground = UIView(frame: CGRect(x: 0, y: 330, width: screen.width, height: 150))
    ground.backgroundColor = .white
    ground.accessibilityIdentifier = "ice"
    film.rootView.addSubview(ground)
    // Four frames of a walk, drawn as a sprite sheet would hold them: the feet and flippers swing.
    let size = CGSize(width: 60, height: 80)
    let format = UIGraphicsImageRendererFormat()
    format.scale = 2
    let walk: [UIImage] = (0..<4).map { step in
        UIGraphicsImageRenderer(size: size, format: format).image { _ in
            let swing = CGFloat([0, 4, 0, -4][step])
            UIColor.orange.setFill()
            UIBezierPath(ovalIn: CGRect(x: 14 + swing, y: 70, width: 14, height: 8)).fill()
            UIBezierPath(ovalIn: CGRect(x: 32 - swing, y: 70, width: 14, height: 8)).fill()
            UIColor(white: 0.12, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: 8, y: 8, width: 44, height: 66)).fill()
            UIBezierPath(ovalIn: CGRect(x: 2 - swing / 2, y: 30, width: 12, height: 30)).fill()
            UIBezierPath(ovalIn: CGRect(x: 46 + swing / 2, y: 30, width: 12, height: 30)).fill()
            UIColor.white.setFill()
            UIBezierPath(ovalIn: CGRect(x: 16, y: 22, width: 28, height: 48)).fill()
            UIColor.orange.setFill()
            UIBezierPath(ovalIn: CGRect(x: 40, y: 18, width: 14, height: 6)).fill()
            UIColor.black.setFill()
            UIBezierPath(ovalIn: CGRect(x: 34, y: 13, width: 5, height: 5)).fill()
        }
    }
    let penguin = UIImageView(image: walk[0])
    penguin.accessibilityIdentifier = "penguin"
    penguin.frame = CGRect(x: 20, y: 252, width: size.width, height: size.height)
    film.rootView.addSubview(penguin)
    penguin.animationImages = walk
    penguin.animationDuration = 0.5
    penguin.animationRepeatCount = 0
    film.at(0.2) {
        penguin.startAnimating()
        let waddle = CABasicAnimation(keyPath: "position.x")
        waddle.fromValue = penguin.center.x
        waddle.toValue = screen.width - 50
        waddle.duration = 2.4
        waddle.fillMode = .forwards
        waddle.isRemovedOnCompletion = false
        penguin.layer.add(waddle, forKey: "waddle")
    }
    // The chick: its four frames side by side in one image, a sprite sheet, shown one at a
    // time through `contentsRect` as games do, stepped by a discrete keyframe animation.
    let chickSize = CGSize(width: 30, height: 36)
    let sheet = UIGraphicsImageRenderer(size: CGSize(width: chickSize.width * 4, height: chickSize.height), format: format).image { _ in
        for step in 0..<4 {
            let x = chickSize.width * CGFloat(step), hop = CGFloat([0, 3, 0, 3][step]), swing = CGFloat([0, 2, 0, -2][step])
            UIColor.orange.setFill()
            UIBezierPath(ovalIn: CGRect(x: x + 8 + swing, y: 31, width: 7, height: 4)).fill()
            UIBezierPath(ovalIn: CGRect(x: x + 16 - swing, y: 31, width: 7, height: 4)).fill()
            UIColor(white: 0.55, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: x + 4, y: 6 - hop, width: 22, height: 27)).fill()
            UIColor(white: 0.92, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: x + 9, y: 13 - hop, width: 13, height: 18)).fill()
            UIColor.black.setFill()
            UIBezierPath(ovalIn: CGRect(x: x + 17, y: 10 - hop, width: 3, height: 3)).fill()
            UIColor.orange.setFill()
            UIBezierPath(ovalIn: CGRect(x: x + 20, y: 13 - hop, width: 6, height: 3)).fill()
        }
    }
    let chick = CALayer()
    chick.name = "chick"
    chick.frame = CGRect(x: -40, y: 296, width: chickSize.width, height: chickSize.height)
    chick.contents = sheet.cgImage
    chick.contentsGravity = .resizeAspect
    chick.contentsRect = CGRect(x: 0, y: 0, width: 0.25, height: 1)
    film.rootView.layer.addSublayer(chick)
    film.at(0.6) {
        let hop = CAKeyframeAnimation(keyPath: "contentsRect")
        hop.values = (0..<4).map { NSValue(cgRect: CGRect(x: 0.25 * CGFloat($0), y: 0, width: 0.25, height: 1)) }
        hop.calculationMode = .discrete
        hop.duration = 0.4
        hop.repeatCount = 5
        chick.add(hop, forKey: "hop")
        let follow = CABasicAnimation(keyPath: "position.x")
        follow.fromValue = chick.position.x
        follow.toValue = screen.width - 110
        follow.duration = 2
        chick.position.x = screen.width - 110
        chick.add(follow, forKey: "follow")
    }
    film.at(2.6) { penguin.stopAnimating() }
    try finish(film, at: 3)
}

// MARK: - 3D side menu and a tilted gallery

do {
    let film = makeFilm("side-menu-3d", background: UIColor(white: 0.15, alpha: 1))
    let content = UIView(frame: CGRect(origin: .zero, size: screen))
    content.backgroundColor = UIColor(white: 0.96, alpha: 1)
    content.accessibilityIdentifier = "content"
    film.rootView.addSubview(content)
    // The gallery: cards tilted under the content's perspective, swaying on repeat.
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 600
    content.layer.sublayerTransform = perspective
    for index in 0..<3 {
        let card = UIView(frame: CGRect(x: 30 + CGFloat(index) * 90, y: 230, width: 80, height: 110))
        card.backgroundColor = [UIColor.systemPink, UIColor.systemTeal, UIColor.systemOrange][index]
        card.layer.cornerRadius = 8
        card.accessibilityIdentifier = "card\(index)"
        card.layer.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
        content.addSubview(card)
        film.at(0.3 + 0.1 * Double(index)) {
            let sway = CABasicAnimation(keyPath: "transform.rotation.y")
            sway.fromValue = 0.5
            sway.toValue = -0.5
            sway.duration = 1.2
            sway.autoreverses = true
            sway.repeatCount = .infinity
            sway.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            card.layer.add(sway, forKey: "sway")
        }
    }
    // The menu folds in from the left edge, hinged on its right edge, seen in perspective.
    let menu = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: screen.height))
    menu.backgroundColor = UIColor(red: 0.2, green: 0.25, blue: 0.45, alpha: 1)
    menu.accessibilityIdentifier = "menu"
    for row in 0..<5 {
        menu.addSubview(label(["Home", "Search", "Saved", "Profile", "Settings"][row], CGRect(x: 0, y: 120 + CGFloat(row) * 44, width: 200, height: 30),
                              size: 18, color: .white, id: "item\(row)"))
    }
    film.rootView.addSubview(menu)
    menu.layer.anchorPoint = CGPoint(x: 1, y: 0.5)
    menu.frame = CGRect(x: -200, y: 0, width: 200, height: screen.height)
    /// The menu turned by `angle` about its hinge, in perspective.
    func folded(_ angle: CGFloat) -> CATransform3D {
        var identity = CATransform3DIdentity
        identity.m34 = -1 / 1000
        return CATransform3DRotate(identity, angle, 0, 1, 0)
    }
    menu.layer.transform = folded(-.pi / 2)
    film.at(0.5) {
        UIView.animate(withDuration: 0.8, delay: 0, options: .curveEaseOut) {
            menu.layer.transform = folded(0)
            menu.center.x += 200
            content.center.x += 200
        }
    }
    film.at(2.4) {
        UIView.animate(withDuration: 0.6, delay: 0, options: .curveEaseIn) {
            menu.layer.transform = folded(-.pi / 2)
            menu.center.x -= 200
            content.center.x -= 200
        }
    }
    try finish(film, at: 3.2)
}

// MARK: - Snow

do {
    let film = makeFilm("snow", background: UIColor(red: 0.04, green: 0.1, blue: 0.2, alpha: 1))
    let sky = CAGradientLayer()
    sky.name = "sky"
    sky.frame = film.rootView.bounds
    sky.colors = [UIColor(red: 0.04, green: 0.1, blue: 0.2, alpha: 1).cgColor, UIColor(red: 0.2, green: 0.33, blue: 0.49, alpha: 1).cgColor]
    film.rootView.layer.addSublayer(sky)
    // A soft flake and a six-armed crystal, white: each cell tints and fades its own.
    let soft = UIGraphicsImageRenderer(size: CGSize(width: 32, height: 32)).image { _ in
        for ring in 0..<8 {
            UIColor(white: 1, alpha: 0.16).setFill()
            let inset = CGFloat(ring) * 2
            UIBezierPath(ovalIn: CGRect(x: inset, y: inset, width: 32 - 2 * inset, height: 32 - 2 * inset)).fill()
        }
    }
    let crystal = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { _ in
        let arms = UIBezierPath()
        for arm in 0..<6 {
            let angle = CGFloat(arm) * .pi / 3
            arms.move(to: CGPoint(x: 20, y: 20))
            arms.addLine(to: CGPoint(x: 20 + 17 * cos(angle), y: 20 + 17 * sin(angle)))
        }
        arms.lineWidth = 3
        UIColor.white.setStroke()
        arms.stroke()
    }
    func cell(_ name: String, _ image: UIImage, birthRate: Float, lifetime: Float, velocity: CGFloat, scale: CGFloat, alpha: CGFloat) -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.name = name
        cell.contents = image.cgImage
        cell.birthRate = birthRate
        cell.lifetime = lifetime
        cell.velocity = velocity
        cell.velocityRange = velocity / 4
        cell.emissionLongitude = .pi * 0.44
        cell.emissionRange = .pi / 10
        cell.xAcceleration = 3
        cell.yAcceleration = velocity / 15
        cell.scale = scale
        cell.scaleRange = scale / 3
        cell.color = UIColor(white: 1, alpha: alpha).cgColor
        return cell
    }
    let crystals = cell("crystal", crystal, birthRate: 3, lifetime: 9, velocity: 58, scale: 0.5, alpha: 1)
    crystals.spin = 0.4
    crystals.spinRange = 1.2
    let snow = CAEmitterLayer()
    snow.name = "snow"
    snow.frame = film.rootView.bounds
    snow.emitterShape = .line
    snow.emitterPosition = CGPoint(x: screen.width / 2 - 40, y: -16)
    snow.emitterSize = CGSize(width: screen.width * 1.4, height: 0)
    snow.seed = 48
    snow.emitterCells = [
        cell("far", soft, birthRate: 30, lifetime: 14, velocity: 26, scale: 0.2, alpha: 0.7),
        cell("near", soft, birthRate: 10, lifetime: 10, velocity: 44, scale: 0.4, alpha: 0.9),
        crystals,
    ]
    film.rootView.layer.addSublayer(snow)
    let hill = CAShapeLayer()
    hill.name = "hill"
    hill.frame = CGRect(x: 0, y: screen.height - 60, width: screen.width, height: 60)
    let outline = UIBezierPath()
    outline.move(to: CGPoint(x: 0, y: 60))
    outline.addLine(to: CGPoint(x: 0, y: 26))
    outline.addCurve(to: CGPoint(x: 170, y: 20), controlPoint1: CGPoint(x: 60, y: 4), controlPoint2: CGPoint(x: 120, y: 8))
    outline.addCurve(to: CGPoint(x: 320, y: 16), controlPoint1: CGPoint(x: 230, y: 34), controlPoint2: CGPoint(x: 280, y: 10))
    outline.addLine(to: CGPoint(x: 320, y: 60))
    outline.close()
    hill.path = outline.cgPath
    hill.fillColor = UIColor(red: 0.91, green: 0.94, blue: 0.98, alpha: 1).cgColor
    film.rootView.layer.addSublayer(hill)
    // The wind drops: the emitter's velocity and birth rate ease down over a second (their
    // values hold for the particles born meanwhile, as Core Animation's do).
    film.at(3) {
        let calm = CABasicAnimation(keyPath: "velocity")
        calm.fromValue = 1
        calm.toValue = 0.6
        calm.duration = 1
        snow.velocity = 0.6
        snow.add(calm, forKey: "calm")
        snow.birthRate = 0.5
    }
    try finish(film, at: 5)
}

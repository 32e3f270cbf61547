import ZoetropeCore

/// Core Animation's explicit animations and layer time on `CALayer` (SPEC §9): each added
/// animation is a record of the film's scene (`ScriptAction.addLayerAnimation`), evaluated from
/// the layer's time at any instant, so a recording of this code is a scene file like any other.
extension CALayer: CAMediaTiming {
    // MARK: - Animations

    /// Mirrors `add(_:forKey:)`: a copy of `anim` runs on the layer from the film's current time
    /// (its `beginTime` 0 is the layer's time now), replacing the animation for `key`. On no film
    /// yet, it is added when the layer joins one. A key path a layer here cannot animate adds
    /// nothing, as Core Animation ignores it (docs/uikit.md lists the key paths).
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard let copy = anim.copy() as? CAAnimation else { return }
        if let transition = copy as? CATransition {
            if let view { transition.run(on: view) }
            return
        }
        guard placement != nil else {
            pendingAnimations.removeAll { key != nil && $0.key == key }
            pendingAnimations.append((copy, key))
            return
        }
        attach(copy, forKey: key)
    }

    /// Puts `anim` (a copy already) on the film's stage, with its delegate's calls.
    private func attach(_ anim: CAAnimation, forKey key: String?) {
        guard let (film, index) = placement, let animation = anim.layerAnimation(on: self) else { return }
        let delegate = anim.delegate
        guard attach(animation, forKey: key, onStop: delegate.map { delegate in { delegate.animationDidStop(anim, finished: $0) } }) else { return }
        if let key { addedAnimations[key] = anim }
        if let delegate {
            let begin = animation.timing.beginTime == 0 ? film.stage.layerTime(of: index) : animation.timing.beginTime
            film.at(max(film.stage.sceneTime(of: index, atLayerTime: begin), film.time)) { delegate.animationDidStart(anim) }
        }
    }

    /// An implicit animation (`CATransaction`'s) for `key`.
    func attachImplicit(_ animation: LayerAnimation, forKey key: String) {
        addedAnimations[key] = nil
        _ = attach(animation, forKey: key, onStop: nil)
    }

    /// Adds `animation` on the film's stage; the open transaction waits for it to stop.
    private func attach(_ animation: LayerAnimation, forKey key: String?, onStop: ((Bool) -> Void)?) -> Bool {
        guard let (film, index) = placement else { return false }
        let transaction = CATransaction.open
        let stopped: (Int) -> (Bool) -> Void = { serial in { finished in
            onStop?(finished)
            transaction?.stopped(serial)
        } }
        var serial = -1
        // The layer index is the stage's own, so adding cannot fail.
        guard let added = try? film.stage.addLayerAnimation(animation, to: index, forKey: key, onStop: { stopped(serial)($0) }) else { return false }
        serial = added
        transaction?.added(added)
        return true
    }

    /// Adds what was added, and sets the timing that was set, before the layer joined its film.
    func joinFilm() {
        guard let (film, index) = placement else { return }
        if ownTiming != .layer { try? film.stage.setLayerTiming(ownTiming, of: index) }  // the stage's own index
        let pending = pendingAnimations
        pendingAnimations = []
        for (animation, key) in pending { attach(animation, forKey: key) }
    }

    /// Mirrors `removeAnimation(forKey:)`: its delegate hears `finished: false`.
    public func removeAnimation(forKey key: String) {
        pendingAnimations.removeAll { $0.key == key }
        addedAnimations[key] = nil
        guard let (film, index) = placement else { return }
        try? film.stage.removeLayerAnimations(of: index, forKey: key)  // the stage's own index
    }

    /// Mirrors `removeAllAnimations()`.
    public func removeAllAnimations() {
        pendingAnimations = []
        addedAnimations = [:]
        guard let (film, index) = placement else { return }
        try? film.stage.removeLayerAnimations(of: index, forKey: nil)  // the stage's own index
    }

    /// Mirrors `animationKeys()`: the keys of the animations on the layer now (one that ended
    /// and was removed is gone), nil when there are none.
    public func animationKeys() -> [String]? {
        let keys = placement.map { $0.film.stage.layerAnimationKeys(of: $0.index) } ?? pendingAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Mirrors `animation(forKey:)`: the animation added for `key` while it is on the layer.
    public func animation(forKey key: String) -> CAAnimation? {
        guard animationKeys()?.contains(key) == true else { return nil }
        return addedAnimations[key] ?? pendingAnimations.last { $0.key == key }?.animation
    }

    // MARK: - Layer time

    /// The layer's timing changed: from now on, on its film.
    private func setTiming(_ change: (inout MediaTiming) -> Void) {
        change(&ownTiming)
        guard let (film, index) = placement else { return }
        try? film.stage.setLayerTiming(ownTiming, of: index)  // the stage's own index
    }

    /// Mirrors `beginTime`, in the superlayer's time.
    public var beginTime: CFTimeInterval {
        get { ownTiming.beginTime }
        set { setTiming { $0.beginTime = newValue } }
    }

    /// Mirrors `duration` (0: the layer's time runs without end).
    public var duration: CFTimeInterval {
        get { ownTiming.duration }
        set { setTiming { $0.duration = newValue } }
    }

    /// Mirrors `speed`: 0 freezes the layer's time and its sublayers' (Apple's pause recipe).
    public var speed: Float {
        get { Float(ownTiming.speed) }
        set { setTiming { $0.speed = Double(newValue) } }
    }

    /// Mirrors `timeOffset`.
    public var timeOffset: CFTimeInterval {
        get { ownTiming.timeOffset }
        set { setTiming { $0.timeOffset = newValue } }
    }

    /// Mirrors `repeatCount`.
    public var repeatCount: Float {
        get { Float(ownTiming.repeatCount) }
        set { setTiming { $0.repeatCount = Double(newValue) } }
    }

    /// Mirrors `repeatDuration`.
    public var repeatDuration: CFTimeInterval {
        get { ownTiming.repeatDuration }
        set { setTiming { $0.repeatDuration = newValue } }
    }

    /// Mirrors `autoreverses`.
    public var autoreverses: Bool {
        get { ownTiming.autoreverses }
        set { setTiming { $0.autoreverses = newValue } }
    }

    /// Mirrors `fillMode`.
    public var fillMode: CAMediaTimingFillMode {
        get { CAMediaTimingFillMode(ownTiming.fillMode) }
        set { setTiming { $0.fillMode = newValue.fillMode } }
    }

    /// Mirrors `convertTime(_:from:)`: `time` in `layer`'s time (nil: the film's clock,
    /// `CACurrentMediaTime()`) as this layer's time.
    public func convertTime(_ time: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        guard let (film, index) = placement else { return time }
        let sceneTime = layer?.placement.map { film.stage.sceneTime(of: $0.index, atLayerTime: time) } ?? time
        return film.stage.layerTime(of: index, atSceneTime: sceneTime)
    }

    /// Mirrors `convertTime(_:to:)`: this layer's `time` in `layer`'s time (nil: the film's clock).
    public func convertTime(_ time: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        guard let (film, index) = placement else { return time }
        let sceneTime = film.stage.sceneTime(of: index, atLayerTime: time)
        return layer?.placement.map { film.stage.layerTime(of: $0.index, atSceneTime: sceneTime) } ?? sceneTime
    }
}

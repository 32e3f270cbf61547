/// What Auto Layout keeps for one view: the constraints it holds (those whose items' closest
/// common ancestor it is), its layout guides, its priorities and margins, and whether it needs
/// layout.
@MainActor
final class ViewLayoutState {
    var constraints: [NSLayoutConstraint] = []
    var guides: [UILayoutGuide] = []
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?
    var needsLayout = false
    var needsUpdateConstraints = false
    /// Content hugging by axis (horizontal, vertical); nil: the kind's default.
    var hugging: [UILayoutPriority?] = [nil, nil]
    /// Compression resistance by axis.
    var compressionResistance: [UILayoutPriority] = [.defaultHigh, .defaultHigh]
    var margins = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    var insetsLayoutMarginsFromSafeArea = true
    private var storedVariables: LayoutItemVariables?

    /// The view's four unknowns, made on first use.
    func variables(named name: @autoclosure () -> String) -> LayoutItemVariables {
        if let storedVariables { return storedVariables }
        let made = LayoutItemVariables(name())
        storedVariables = made
        return made
    }
}

/// Mirrors `UINavigationItem`: what a controller shows in a navigation bar while it is on top
/// (its `title`, or a `titleView`; bar button items left and right; whether the back button
/// shows). Changing it redraws the bar at once.
@MainActor
open class UINavigationItem {
    /// Mirrors `title`.
    open var title: String? { didSet { changed() } }
    /// Mirrors `titleView`: drawn centred in place of the title.
    open var titleView: UIView? { didSet { changed() } }
    /// Mirrors `leftBarButtonItems` (left to right).
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// Mirrors `rightBarButtonItems` (right to left, as in UIKit).
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// Mirrors `hidesBackButton`.
    open var hidesBackButton = false { didSet { changed() } }
    /// Mirrors `backBarButtonItem`: its title is the back button's when this item is the one
    /// below the top.
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    /// Mirrors `backButtonTitle`.
    open var backButtonTitle: String? { didSet { changed() } }
    /// Mirrors `leftItemsSupplementBackButton`.
    open var leftItemsSupplementBackButton = false { didSet { changed() } }
    /// Mirrors `largeTitleDisplayMode` (kept; large titles are not drawn).
    open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic
    /// The bar showing the item.
    weak var navigationBar: UINavigationBar?

    /// Mirrors `UINavigationItem.LargeTitleDisplayMode`.
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never }

    /// Mirrors `init(title:)`.
    public init(title: String) {
        self.title = title
    }

    /// Mirrors `leftBarButtonItem`: the first of `leftBarButtonItems`.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// Mirrors `rightBarButtonItem`: the first of `rightBarButtonItems`.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// Mirrors `setLeftBarButton(_:animated:)` (set at once).
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }

    /// Mirrors `setRightBarButton(_:animated:)` (set at once).
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }

    /// Mirrors `setHidesBackButton(_:animated:)` (set at once).
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    private func changed() { navigationBar?.itemChanged(self) }
}

/// Mirrors `UIBarButtonItem`: a title (or a system item's) in the bar's tint colour, bold for
/// `.done`, that runs its action when tapped (`Film.tap(_:time:)`). Linux has no selectors: the
/// action is a `UIAction` (`primaryAction`) or an unapplied method
/// (`init(title:style:target:action:)` with `ViewController.save` for `#selector(save)`).
/// System items are drawn as their titles ("Done", "Cancel", "Edit", "Save"…; `.add` as "+",
/// `.close` as "✕"): SF Symbols are not on Linux.
@MainActor
open class UIBarButtonItem {
    /// Mirrors `UIBarButtonItem.Style`.
    public enum Style: Int, Sendable { case plain = 0, bordered, done }
    /// Mirrors `UIBarButtonItem.SystemItem`.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
             search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
    }

    /// Mirrors `title`.
    open var title: String? { didSet { changed() } }
    /// Mirrors `style`.
    open var style: Style { didSet { changed() } }
    /// Mirrors `image` (kept: drawn as the title, or the system item's).
    open var image: UIImage?
    /// Mirrors `primaryAction`.
    open var primaryAction: UIAction?
    /// Mirrors `isEnabled`: a disabled item is drawn grey and does not run its action.
    open var isEnabled = true { didSet { changed() } }
    /// Mirrors `tintColor` (nil: the bar's).
    open var tintColor: UIColor? { didSet { changed() } }
    /// Mirrors `width` (for `.fixedSpace`).
    open var width: CGFloat = 0
    /// Mirrors `customView`: drawn in the item's place.
    open var customView: UIView? { didSet { changed() } }
    /// Mirrors `tag`.
    open var tag = 0
    /// The system item it was made as.
    public let systemItem: SystemItem?
    private var handler: ((UIBarButtonItem) -> Void)?
    /// The item that shows it (for redrawing).
    weak var navigationItem: UINavigationItem?

    /// Mirrors `init()`.
    public init() {
        style = .plain
        systemItem = nil
    }

    /// Mirrors `init(title:style:target:action:)` with no target: a title and no action.
    public init(title: String?, style: Style) {
        self.title = title
        self.style = style
        systemItem = nil
    }

    /// Mirrors `init(title:style:target:action:)`, the action an unapplied method taking no
    /// argument (`ViewController.save` for `#selector(save)`); the target is held weakly.
    public convenience init<Target: AnyObject>(title: String?, style: Style, target: Target, action: @escaping (Target) -> () -> Void) {
        self.init(title: title, style: style)
        handler = { [weak target] _ in if let target { action(target)() } }
    }

    /// Mirrors `init(title:style:target:action:)`, the action an unapplied method taking the item.
    public convenience init<Target: AnyObject>(title: String?, style: Style, target: Target,
                                               action: @escaping (Target) -> (UIBarButtonItem) -> Void) {
        self.init(title: title, style: style)
        handler = { [weak target] item in if let target { action(target)(item) } }
    }

    /// Mirrors `init(title:image:primaryAction:menu:)` (no menus).
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction?) {
        self.title = title
        self.image = image
        self.primaryAction = primaryAction
        style = .plain
        systemItem = nil
    }

    /// Mirrors `init(systemItem:primaryAction:menu:)` (no menus).
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        style = systemItem == .done || systemItem == .save ? .done : .plain
    }

    /// Mirrors `init(barButtonSystemItem:target:action:)`, the action an unapplied method
    /// taking no argument; the target is held weakly.
    public convenience init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target,
                                               action: @escaping (Target) -> () -> Void) {
        self.init(systemItem: systemItem)
        handler = { [weak target] _ in if let target { action(target)() } }
    }

    /// Mirrors `init(barButtonSystemItem:target:action:)`, the action an unapplied method
    /// taking the item.
    public convenience init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target,
                                               action: @escaping (Target) -> (UIBarButtonItem) -> Void) {
        self.init(systemItem: systemItem)
        handler = { [weak target] item in if let target { action(target)(item) } }
    }

    /// Mirrors `init(customView:)`.
    public init(customView: UIView) {
        self.customView = customView
        style = .plain
        systemItem = nil
    }

    /// What the bar draws for the item: its title, else its system item's.
    var displayedTitle: String {
        if let title { return title }
        switch systemItem {
        case .done: return "Done"
        case .cancel: return "Cancel"
        case .edit: return "Edit"
        case .save: return "Save"
        case .add: return "+"
        case .close, .stop: return "✕"
        case .compose: return "Compose"
        case .reply: return "Reply"
        case .action: return "Share"
        case .organize: return "Organize"
        case .bookmarks: return "Bookmarks"
        case .search: return "Search"
        case .refresh: return "Refresh"
        case .camera: return "Camera"
        case .trash: return "Delete"
        case .play: return "▶"
        case .pause: return "❙❙"
        case .rewind: return "◀◀"
        case .fastForward: return "▶▶"
        case .undo: return "Undo"
        case .redo: return "Redo"
        case .flexibleSpace, .fixedSpace, .pageCurl, nil: return ""
        }
    }

    /// Runs the item's action (a tap): the `primaryAction`, else the target's method.
    func perform() {
        guard isEnabled else { return }
        if let primaryAction { primaryAction.handler(primaryAction) }
        handler?(self)
    }

    private func changed() {
        if let item = navigationItem { item.navigationBar?.itemChanged(item) }
    }
}

extension Film {
    /// Taps a bar button item at film time `time` (a Zoetrope addition: a film's touches are
    /// scripted): its action runs, as a tap on it in the bar runs it.
    public func tap(_ item: UIBarButtonItem, time: TimeInterval) {
        at(time) { item.perform() }
    }
}

/// Mirrors `UINavigationBar`, drawn as iOS draws its standard bar: 44 points tall, a light
/// translucent background (`#F7F7F7` at 94 %, reaching up to the top of the screen behind the
/// safe area) with a hairline under it (black at 30 %, half a point), the top item's title
/// centred in 17-point semibold, a back button ("‹" chevron and the previous item's title, 17
/// points, in `tintColor`) when there is an item below, and bar button items 16 points in from
/// the edges. The blur iOS puts behind the bar is not drawn.
open class UINavigationBar: UIView {
    /// The height of the bar's content: 44 points, as on an iPhone.
    public static let standardHeight: CGFloat = 44
    /// The bar's background colour when `barTintColor` is nil.
    public static let standardBackground = UIColor(red: 247 / 255, green: 247 / 255, blue: 247 / 255, alpha: 0.94)

    /// Mirrors `items`, bottom to top.
    public private(set) var items: [UINavigationItem]?
    /// Mirrors `tintColor`: the back button's and the bar button items' colour.
    open var tintColor: UIColor = .systemBlue { didSet { redraw() } }
    /// Mirrors `barTintColor`: the background's colour (nil: the standard translucent grey).
    open var barTintColor: UIColor? { didSet { background.backgroundColor = barTintColor ?? Self.standardBackground } }
    /// Mirrors `isTranslucent` (kept: the standard background is translucent either way).
    open var isTranslucent = true
    /// Mirrors `prefersLargeTitles` (kept; large titles are not drawn).
    open var prefersLargeTitles = false
    /// Mirrors `barStyle` (kept).
    open var barStyle = UIBarStyle.default

    /// The background (it reaches `extendsUp` points above the bar) and its hairline.
    private let background = UIView()
    private let hairline = UIView()
    /// How far the background reaches up behind the safe area.
    var extendsUp: CGFloat = 0 { didSet { layoutBackground() } }
    /// The content drawn for the top item (and, during a transition, the one leaving).
    private(set) var contentView: UIView?

    /// Mirrors `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        assemble()
    }

    /// Mirrors `init(coder:)`: made as `init(frame: .zero)` makes it (there are no archives).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        assemble()
    }

    /// The parts and looks `init(frame:)` and `init(coder:)` both give.
    private func assemble() {
        background.accessibilityIdentifier = "navigationBarBackground"
        background.backgroundColor = Self.standardBackground
        hairline.accessibilityIdentifier = "navigationBarHairline"
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        addSubview(background)
        addSubview(hairline)
        layoutBackground()
    }

    /// Mirrors `topItem`.
    open var topItem: UINavigationItem? { items?.last }

    /// Mirrors `backItem`.
    open var backItem: UINavigationItem? {
        guard let items, items.count > 1 else { return nil }
        return items[items.count - 2]
    }

    /// Mirrors `setItems(_:animated:)` (set at once; a navigation controller cross-fades the
    /// titles as it pushes and pops).
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        setItemsDrawing(items)
    }

    open override var frame: CGRect {
        didSet { if oldValue.size != frame.size { layoutBackground(); redraw() } }
    }

    private func layoutBackground() {
        background.frame = CGRect(x: 0, y: -extendsUp, width: bounds.width, height: bounds.height + extendsUp)
        hairline.frame = CGRect(x: 0, y: bounds.height, width: bounds.width, height: 0.5)
    }

    /// Sets the items and draws the top one; returns the content drawn before (still in the
    /// bar: a navigation controller fades it out, then removes it).
    @discardableResult
    func setItemsDrawing(_ newItems: [UINavigationItem]?) -> UIView? {
        for item in items ?? [] where item.navigationBar === self { item.navigationBar = nil }
        items = newItems
        for item in newItems ?? [] { item.navigationBar = self }
        let old = contentView
        contentView = makeContent()
        if let contentView { addSubview(contentView) }
        return old
    }

    /// Redraws the top item when it (or the one below, whose title is the back button's) changes.
    func itemChanged(_ item: UINavigationItem) {
        guard item === topItem || item === backItem else { return }
        redraw()
    }

    private func redraw() {
        guard let items else { return }
        setItemsDrawing(items)?.removeFromSuperview()
    }

    /// The title, back button and bar button items of the top item, laid out in the bar.
    private func makeContent() -> UIView? {
        guard let item = topItem else { return nil }
        let width = bounds.width, height = Self.standardHeight
        let content = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        content.accessibilityIdentifier = "navigationBarContent"
        var left: CGFloat = 8, right = width - 16

        for button in item.leftBarButtonItems ?? [] {
            button.navigationItem = item
            left = max(left, 16)
            left = place(button, in: content, x: left, alignRight: false) + 8
        }
        if let back = backItem, !item.hidesBackButton, item.leftBarButtonItems == nil || item.leftItemsSupplementBackButton {
            left = max(8, left)
            let chevron = ChevronView(frame: CGRect(x: left, y: 11, width: 13, height: 22))
            chevron.accessibilityIdentifier = "backChevron"
            chevron.shape.strokeColor = tintColor.cgColor
            content.addSubview(chevron)
            let label = UILabel()
            label.accessibilityIdentifier = "backTitle"
            label.text = back.backBarButtonItem?.title ?? back.backButtonTitle ?? back.title ?? "Back"
            label.font = .systemFont(ofSize: 17)
            label.textColor = tintColor
            label.sizeToFit()
            label.frame = CGRect(x: left + 18, y: 0, width: min(label.bounds.width, width / 3), height: height)
            content.addSubview(label)
            left = label.frame.maxX + 8
        }
        for button in item.rightBarButtonItems ?? [] {
            button.navigationItem = item
            right = place(button, in: content, x: right, alignRight: true) - 8
        }
        let titleWidth = max(0, 2 * min(width / 2 - left, right - width / 2))
        if let titleView = item.titleView {
            titleView.center = CGPoint(x: width / 2, y: height / 2)
            content.addSubview(titleView)
        } else if let title = item.title, !title.isEmpty {
            let label = UILabel(frame: CGRect(x: (width - titleWidth) / 2, y: 0, width: titleWidth, height: height))
            label.accessibilityIdentifier = "navigationTitle"
            label.text = title
            label.font = .systemFont(ofSize: 17, weight: .semibold)
            label.textColor = .black
            label.textAlignment = .center
            content.addSubview(label)
        }
        return content
    }

    /// Puts a bar button item's label (or custom view) at `x`; returns its far edge.
    private func place(_ button: UIBarButtonItem, in content: UIView, x: CGFloat, alignRight: Bool) -> CGFloat {
        let height = Self.standardHeight
        let view: UIView
        if let custom = button.customView {
            view = custom
        } else {
            let label = UILabel()
            label.text = button.displayedTitle
            label.font = .systemFont(ofSize: button.systemItem == .add ? 26 : 17, weight: button.style == .done ? .semibold : .regular)
            label.textColor = button.isEnabled ? (button.tintColor ?? tintColor) : .systemGray3
            label.sizeToFit()
            label.frame.size.height = height
            view = label
        }
        let size = view.bounds.size, itemWidth = button.systemItem == .fixedSpace ? button.width : size.width
        view.frame = CGRect(x: alignRight ? x - itemWidth : x, y: (height - size.height) / 2, width: itemWidth, height: size.height)
        content.addSubview(view)
        return alignRight ? view.frame.minX : view.frame.maxX
    }
}

/// Mirrors `UIBarStyle` (kept).
public enum UIBarStyle: Int, Sendable { case `default` = 0, black = 1 }

/// The back button's chevron: two strokes meeting at a point on the left.
private final class ChevronView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }

    // The layer is made from `layerClass`, so it is always a shape layer.
    var shape: CAShapeLayer { layer as! CAShapeLayer }

    override init(frame: CGRect) {
        super.init(frame: frame)
        assemble()
    }

    /// Mirrors `init(coder:)`: made as `init(frame: .zero)` makes it (there are no archives).
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        assemble()
    }

    /// The parts and looks `init(frame:)` and `init(coder:)` both give.
    private func assemble() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 11, y: 1.5))
        path.addLine(to: CGPoint(x: 1.5, y: 11))
        path.addLine(to: CGPoint(x: 11, y: 20.5))
        shape.path = path.cgPath
        shape.fillColor = nil
        shape.lineWidth = 3
        shape.lineCap = .round
        shape.lineJoin = .round
    }
}

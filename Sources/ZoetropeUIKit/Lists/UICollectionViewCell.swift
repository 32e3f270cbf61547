/// Mirrors `UICollectionReusableView`: a view a collection view reuses.
open class UICollectionReusableView: UIView {
    /// Mirrors `reuseIdentifier`.
    public internal(set) var reuseIdentifier: String?

    /// Mirrors `init(frame:)`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Mirrors `init(coder:)` (there are no archives).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// What a collection view makes a registered class with (a Zoetrope addition):
    /// `init(frame:)`, the subclass's own when it overrides it, as UIKit's dequeue does. A
    /// subclass overriding `init(frame:)` and `init(coder:)` inherits it (Swift makes a class
    /// held as a type only through a required initializer; UIKit's runtime needs none).
    public required convenience init(dequeuedWithFrame frame: CGRect) {
        self.init(frame: frame)
    }

    /// Mirrors `prepareForReuse()`: called as the view is dequeued again.
    open func prepareForReuse() {}

    /// Mirrors `apply(_:)`: the layout's attributes for the view (its frame and alpha are set
    /// by the collection view).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}

/// Mirrors `UICollectionViewCell`: an item, its `contentView` holding what it shows.
open class UICollectionViewCell: UICollectionReusableView {
    /// Mirrors `contentView`.
    public let contentView: UIView
    /// Mirrors `backgroundView`.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let backgroundView { insertSubview(backgroundView, at: 0); backgroundView.frame = bounds } }
    }
    /// Mirrors `selectedBackgroundView`: shown while selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView {
                insertSubview(selectedBackgroundView, at: backgroundView == nil ? 0 : 1)
                selectedBackgroundView.frame = bounds
                selectedBackgroundView.alpha = isSelected || isHighlighted ? 1 : 0
            }
        }
    }
    /// Mirrors `isSelected`.
    open var isSelected = false {
        didSet { selectedBackgroundView?.alpha = isSelected || isHighlighted ? 1 : 0 }
    }
    /// Mirrors `isHighlighted`.
    open var isHighlighted = false {
        didSet { selectedBackgroundView?.alpha = isSelected || isHighlighted ? 1 : 0 }
    }

    /// Mirrors `init(frame:)`: an empty content view filling the cell.
    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        addSubview(contentView)
    }

    /// Mirrors `init(coder:)`: an empty content view (there are no archives).
    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        super.init(coder: coder)
        addSubview(contentView)
    }

    override class var layerKind: String { "item" }

    open override var frame: CGRect {
        get { super.frame }
        set {
            super.frame = newValue
            let bounds = CGRect(origin: .zero, size: newValue.size)
            contentView.frame = bounds
            backgroundView?.frame = bounds
            selectedBackgroundView?.frame = bounds
        }
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }
}

/// Mirrors `UICollectionViewDataSource`.
@MainActor
public protocol UICollectionViewDataSource: AnyObject {
    /// Mirrors `numberOfSections(in:)` (1 by default).
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// Mirrors `collectionView(_:numberOfItemsInSection:)`.
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// Mirrors `collectionView(_:cellForItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

extension UICollectionViewDataSource {
    /// The default: one section.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// Mirrors `UICollectionViewDelegate`.
@MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// Mirrors `collectionView(_:willDisplay:forItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// Mirrors `collectionView(_:didEndDisplaying:forItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    /// Mirrors `collectionView(_:didSelectItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// Mirrors `collectionView(_:didDeselectItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    /// The default does nothing.
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// The default does nothing.
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    /// The default does nothing.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    /// The default does nothing.
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

/// Mirrors `UICollectionViewDelegateFlowLayout`: per-item sizes and per-section spacing for a
/// flow layout (the layout's own values by default).
@MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// Mirrors `collectionView(_:layout:sizeForItemAt:)`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    /// Mirrors `collectionView(_:layout:insetForSectionAt:)`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    /// Mirrors `collectionView(_:layout:minimumLineSpacingForSectionAt:)`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    /// Mirrors `collectionView(_:layout:minimumInteritemSpacingForSectionAt:)`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
}

extension UICollectionViewDelegateFlowLayout {
    /// The default: the flow layout's own value.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }
    /// The default: the flow layout's own value.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    /// The default: the flow layout's own value.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 10
    }
    /// The default: the flow layout's own value.
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
    }
}

/// Mirrors `UICollectionViewLayoutAttributes`: where a collection view puts one item.
@MainActor
open class UICollectionViewLayoutAttributes {
    /// Mirrors `UICollectionView.ElementCategory`.
    public enum ElementCategory: Int, Sendable { case cell, supplementaryView, decorationView }

    /// Mirrors `indexPath`.
    public var indexPath: IndexPath
    /// Mirrors `representedElementCategory`.
    public let representedElementCategory: ElementCategory
    /// Mirrors `frame`.
    open var frame: CGRect = .zero
    /// Mirrors `center` (the frame's middle).
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// Mirrors `size`.
    open var size: CGSize {
        get { frame.size }
        set {
            let middle = center
            frame.size = newValue
            center = middle
        }
    }
    /// Mirrors `bounds`.
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    /// Mirrors `alpha`.
    open var alpha: CGFloat = 1
    /// Mirrors `transform`.
    open var transform: CGAffineTransform = .identity
    /// Mirrors `zIndex` (kept: cells are drawn in the order they are shown).
    open var zIndex = 0
    /// Mirrors `isHidden`.
    open var isHidden = false

    /// Mirrors `init(forCellWith:)`.
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
    }

    /// A copy, for the initial and final attributes of appearing and disappearing items.
    open func copy() -> UICollectionViewLayoutAttributes {
        let copy = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        copy.frame = frame
        copy.alpha = alpha
        copy.transform = transform
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }
}

/// Mirrors `UICollectionViewLayout`: an abstract layout. Subclass it as in UIKit: `prepare()`
/// computes, `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)` answer.
@MainActor
open class UICollectionViewLayout {
    /// Mirrors `collectionView`.
    public internal(set) weak var collectionView: UICollectionView?

    /// A layout on no collection view yet.
    public init() {}

    /// Mirrors `prepare()`: called before the collection view asks for attributes, after each
    /// invalidation (a reload, an update, a size change).
    open func prepare() {}

    /// Mirrors `collectionViewContentSize`.
    open var collectionViewContentSize: CGSize { .zero }

    /// Mirrors `layoutAttributesForElements(in:)`: the items in `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// Mirrors `layoutAttributesForItem(at:)`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Mirrors `initialLayoutAttributesForAppearingItem(at:)`: where an inserted item comes
    /// from (by default its place, transparent: it fades in).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = layoutAttributesForItem(at: itemIndexPath)?.copy() else { return nil }
        attributes.alpha = 0
        return attributes
    }

    /// Mirrors `finalLayoutAttributesForDisappearingItem(at:)`: where a deleted item goes (by
    /// default, transparent where it was; `nil` here means that).
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Mirrors `invalidateLayout()`: `prepare()` runs again before the next layout.
    open func invalidateLayout() {
        collectionView?.layoutIsValid = false
        collectionView?.setNeedsLayout()
    }

    /// Mirrors `shouldInvalidateLayout(forBoundsChange:)`: true when the size changes.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != collectionView?.bounds.size
    }
}

/// Mirrors `UICollectionViewFlowLayout`: items in lines, wrapping as lines fill (rows when
/// scrolling vertically, columns horizontally), sections one after another.
///
/// Items in a line are spread as UIKit spreads them: the leftover space shared evenly between
/// them (a full line), a last line left-aligned at `minimumInteritemSpacing`; a line's items
/// are centred on its height.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// Mirrors `UICollectionView.ScrollDirection`.
    public typealias ScrollDirection = UICollectionView.ScrollDirection
    /// Mirrors `UICollectionViewFlowLayout.automaticSize`.
    public static let automaticSize = CGSize(width: -1, height: -1)

    /// Mirrors `itemSize` (50 × 50 by default).
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Mirrors `estimatedItemSize` (kept: items take `itemSize` or the delegate's size).
    open var estimatedItemSize = CGSize.zero
    /// Mirrors `minimumLineSpacing` (10).
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Mirrors `minimumInteritemSpacing` (10).
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Mirrors `sectionInset`.
    open var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }
    /// Mirrors `scrollDirection`.
    open var scrollDirection = ScrollDirection.vertical { didSet { invalidateLayout() } }
    /// Mirrors `headerReferenceSize` (kept: no supplementary views are shown).
    open var headerReferenceSize = CGSize.zero
    /// Mirrors `footerReferenceSize` (kept).
    open var footerReferenceSize = CGSize.zero

    /// The attributes of every item, by section, from the last `prepare()`.
    private var attributes: [[UICollectionViewLayoutAttributes]] = []
    private var contentSize = CGSize.zero

    /// A flow layout of 50 × 50 items, 10 pt apart, scrolling vertically.
    public override init() { super.init() }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        super.prepare()
        attributes = []
        contentSize = .zero
        guard let collectionView else { return }
        let flow = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        let vertical = scrollDirection == .vertical
        let bounds = collectionView.bounds.size
        // Along: the scrolling axis; across: the other (the lines' length).
        var along: CGFloat = 0
        var across: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let inset = flow?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = flow?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let itemSpacing = flow?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
            let lineStart = vertical ? inset.left : inset.top
            let lineLength = (vertical ? bounds.width - inset.left - inset.right : bounds.height - inset.top - inset.bottom)
            along += vertical ? inset.top : inset.left
            var lines: [[(path: IndexPath, size: CGSize)]] = [[]]
            var used: CGFloat = 0
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                let size = flow?.collectionView(collectionView, layout: self, sizeForItemAt: path) ?? itemSize
                let length = vertical ? size.width : size.height
                let needed = (lines[lines.count - 1].isEmpty ? 0 : used + itemSpacing) + length
                if !lines[lines.count - 1].isEmpty, needed > lineLength + 1e-6 {
                    lines.append([])
                    used = length
                } else {
                    used = needed
                }
                lines[lines.count - 1].append((path, size))
            }
            var placed: [UICollectionViewLayoutAttributes] = []
            for (index, line) in lines.enumerated() where !line.isEmpty {
                let depth = line.map { vertical ? $0.size.height : $0.size.width }.max() ?? 0
                let lengths = line.map { vertical ? $0.size.width : $0.size.height }
                let total = lengths.reduce(0, +)
                let isLast = index == lines.count - 1
                let gap = line.count > 1 && !isLast ? max((lineLength - total) / CGFloat(line.count - 1), itemSpacing) : itemSpacing
                var position = lineStart
                for (entry, length) in zip(line, lengths) {
                    let attribute = UICollectionViewLayoutAttributes(forCellWith: entry.path)
                    let thickness = vertical ? entry.size.height : entry.size.width
                    let offset = (depth - thickness) / 2
                    attribute.frame = vertical
                        ? CGRect(x: position, y: along + offset, width: entry.size.width, height: entry.size.height)
                        : CGRect(x: along + offset, y: position, width: entry.size.width, height: entry.size.height)
                    placed.append(attribute)
                    position += length + gap
                }
                across = max(across, position - gap + (vertical ? inset.right : inset.bottom))
                along += depth + (isLast ? 0 : lineSpacing)
            }
            along += vertical ? inset.bottom : inset.right
            attributes.append(placed)
        }
        contentSize = vertical ? CGSize(width: max(across, bounds.width), height: along)
                               : CGSize(width: along, height: max(across, bounds.height))
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attributes.flatMap { $0 }.filter { $0.frame.overlaps(rect) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard attributes.indices.contains(indexPath.section), attributes[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return attributes[indexPath.section][indexPath.item]
    }
}

extension CGRect {
    /// Whether the two rectangles share some area (Foundation on Linux counts rectangles that
    /// only touch as intersecting; UIKit's visible items are those that overlap the bounds).
    func overlaps(_ other: CGRect) -> Bool {
        minX < other.maxX && maxX > other.minX && minY < other.maxY && maxY > other.minY
    }
}

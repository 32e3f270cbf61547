import ZoetropeCore

/// Mirrors `UICollectionView`: a scroll view of items placed by its `collectionViewLayout`
/// (`UICollectionViewFlowLayout`, or a subclass of `UICollectionViewLayout`), asking its
/// `dataSource` for the cells of the items on screen only and reusing those scrolled off.
/// Inserted and deleted items fade (as the layout's initial and final attributes say) while the
/// others move to their new places, in 0.3 s.
///
/// As a table's, a cell scrolled off stays a subview, hidden, until dequeued again.
open class UICollectionView: UIScrollView {
    /// Mirrors `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable {
        /// Lines are rows; the content scrolls up and down.
        case vertical
        /// Lines are columns; the content scrolls sideways.
        case horizontal
    }

    /// Mirrors `UICollectionView.ScrollPosition` (the ones a film uses).
    public struct ScrollPosition: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// The options of `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item at the top.
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item in the middle, vertically.
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item at the bottom.
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item at the left.
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item in the middle, horizontally.
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item at the right.
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// How long item updates animate: 0.3 s, ease-in-out.
    public static let itemAnimationDuration: TimeInterval = 0.3

    /// Mirrors `collectionViewLayout`.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            layoutIsValid = false
            setNeedsLayout()
        }
    }
    /// Mirrors `dataSource`.
    open weak var dataSource: UICollectionViewDataSource? {
        didSet { needsReload = true; setNeedsLayout() }
    }
    /// Mirrors `allowsSelection`.
    open var allowsSelection = true
    /// Mirrors `allowsMultipleSelection`.
    open var allowsMultipleSelection = false

    /// Whether the layout's `prepare()` must run before it is asked again.
    var layoutIsValid = false
    private var needsReload = true
    private var itemCounts: [Int] = []
    private var visibleCellsByPath: [IndexPath: UICollectionViewCell] = [:]
    private var reusePool: [String: [UICollectionViewCell]] = [:]
    private var registeredCells: [String: UICollectionViewCell.Type] = [:]
    private var selectedPaths: [IndexPath] = []
    private var isApplyingUpdates = false
    private var batchDepth = 0
    private var pendingUpdates: [RowUpdate] = []

    /// Mirrors `init(frame:collectionViewLayout:)`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        backgroundColor = .systemBackground
        if (layout as? UICollectionViewFlowLayout)?.scrollDirection == .horizontal { alwaysBounceHorizontal = true } else { alwaysBounceVertical = true }
    }

    /// Mirrors `init(coder:)`: a vertical flow layout (there are no archives).
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
        backgroundColor = .systemBackground
        alwaysBounceVertical = true
    }

    override class var layerKind: String { "collection" }

    /// The delegate as a `UICollectionViewDelegate`, when it is one.
    private var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    // MARK: - Reuse

    /// Mirrors `register(_:forCellWithReuseIdentifier:)`.
    open func register(_ cellClass: UICollectionViewCell.Type?, forCellWithReuseIdentifier identifier: String) {
        registeredCells[identifier] = cellClass
    }

    /// Mirrors `dequeueReusableCell(withReuseIdentifier:for:)`: a cell scrolled off (after its
    /// `prepareForReuse()`), else a new one of the registered class (which must be registered:
    /// UIKit raises an exception; this stops the program).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if var pool = reusePool[identifier], !pool.isEmpty {
            let cell = pool.removeFirst()
            reusePool[identifier] = pool
            cell.prepareForReuse()
            return cell
        }
        guard let type = registeredCells[identifier] else {
            preconditionFailure("could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier")
        }
        let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
        let cell = type.init(dequeuedWithFrame: frame)
        cell.reuseIdentifier = identifier
        return cell
    }

    // MARK: - Data

    /// Mirrors `reloadData()`.
    open func reloadData() {
        needsReload = false
        for cell in visibleCellsByPath.values { recycle(cell) }
        visibleCellsByPath = [:]
        selectedPaths = []
        countItems()
        prepareLayout()
        tileCells()
    }

    private func countItems() {
        let sections = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        itemCounts = (0..<max(sections, 0)).map { max(dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0, 0) }
    }

    /// Runs the layout's `prepare()` and takes its content size.
    private func prepareLayout() {
        collectionViewLayout.prepare()
        layoutIsValid = true
        let size = collectionViewLayout.collectionViewContentSize
        if contentSize != size { contentSize = size }
    }

    /// Mirrors `numberOfSections`.
    open var numberOfSections: Int { itemCounts.count }

    /// Mirrors `numberOfItems(inSection:)`.
    open func numberOfItems(inSection section: Int) -> Int {
        itemCounts.indices.contains(section) ? itemCounts[section] : 0
    }

    /// Mirrors `layoutAttributesForItem(at:)`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// Mirrors `visibleCells`.
    open var visibleCells: [UICollectionViewCell] { indexPathsForVisibleItems.compactMap { visibleCellsByPath[$0] } }

    /// Mirrors `indexPathsForVisibleItems`, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        visibleCellsByPath.keys.sorted { ($0.section, $0.item) < ($1.section, $1.item) }
    }

    /// Mirrors `cellForItem(at:)`.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { visibleCellsByPath[indexPath] }

    /// Mirrors `indexPath(for:)`.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        visibleCellsByPath.first { $0.value === cell }?.key
    }

    /// Mirrors `indexPathForItem(at:)`.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        collectionViewLayout.layoutAttributesForElements(in: CGRect(origin: point, size: CGSize(width: 1, height: 1)))?
            .first { $0.frame.contains(point) }?.indexPath
    }

    /// Mirrors `indexPathsForSelectedItems`.
    open var indexPathsForSelectedItems: [IndexPath]? { selectedPaths }

    /// Mirrors `selectItem(at:animated:scrollPosition:)`.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { selectedPaths.forEach { deselectItem(at: $0, animated: animated) }; return }
        if !allowsMultipleSelection { selectedPaths.filter { $0 != indexPath }.forEach { deselectItem(at: $0, animated: animated) } }
        if !selectedPaths.contains(indexPath) { selectedPaths.append(indexPath) }
        visibleCellsByPath[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Mirrors `deselectItem(at:animated:)`.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedPaths.removeAll { $0 == indexPath }
        visibleCellsByPath[indexPath]?.isSelected = false
    }

    /// Mirrors `scrollToItem(at:at:animated:)`.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        let size = bounds.size
        var target = contentOffset
        if scrollPosition.contains(.top) { target.y = frame.minY }
        if scrollPosition.contains(.centeredVertically) { target.y = frame.midY - size.height / 2 }
        if scrollPosition.contains(.bottom) { target.y = frame.maxY - size.height }
        if scrollPosition.contains(.left) { target.x = frame.minX }
        if scrollPosition.contains(.centeredHorizontally) { target.x = frame.midX - size.width / 2 }
        if scrollPosition.contains(.right) { target.x = frame.maxX - size.width }
        target = CGPoint(x: min(max(target.x, minimumOffset.x), maximumOffset.x), y: min(max(target.y, minimumOffset.y), maximumOffset.y))
        setContentOffset(target, animated: animated)
    }

    // MARK: - Tiling

    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsReload {
            reloadData()
        } else if !layoutIsValid {
            prepareLayout()
            UIView.performWithoutAnimation {
                for (path, cell) in visibleCellsByPath { apply(layoutAttributesForItem(at: path), to: cell) }
            }
            tileCells()
        }
    }

    override func contentOffsetDidChange() {
        if !needsReload { tileCells() }
    }

    private var visibleRect: CGRect { CGRect(origin: contentOffset, size: bounds.size) }

    private func tileCells() {
        guard !isApplyingUpdates else { return }
        let rect = visibleRect
        let shown = (collectionViewLayout.layoutAttributesForElements(in: rect) ?? []).filter { $0.frame.overlaps(rect) }
        let paths = Set(shown.map(\.indexPath))
        for (path, cell) in visibleCellsByPath where !paths.contains(path) {
            visibleCellsByPath[path] = nil
            recycle(cell)
            collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        }
        for attributes in shown where visibleCellsByPath[attributes.indexPath] == nil {
            _ = showCell(at: attributes.indexPath, attributes: attributes)
        }
    }

    private func showCell(at path: IndexPath, attributes: UICollectionViewLayoutAttributes?) -> UICollectionViewCell? {
        guard let dataSource else { return nil }
        let cell = dataSource.collectionView(self, cellForItemAt: path)
        UIView.performWithoutAnimation {
            if cell.superview !== self { insertSubview(cell, at: 0) }
            cell.isHidden = false
            apply(attributes, to: cell)
            cell.isSelected = selectedPaths.contains(path)
        }
        visibleCellsByPath[path] = cell
        collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
        return cell
    }

    private func apply(_ attributes: UICollectionViewLayoutAttributes?, to cell: UICollectionViewCell) {
        guard let attributes else { return }
        cell.frame = attributes.frame
        cell.alpha = attributes.alpha
        if cell.transform != attributes.transform { cell.transform = attributes.transform }
        cell.apply(attributes)
    }

    private func recycle(_ cell: UICollectionViewCell) {
        UIView.performWithoutAnimation { cell.isHidden = true }
        guard let identifier = cell.reuseIdentifier else { cell.removeFromSuperview(); return }
        if !(reusePool[identifier] ?? []).contains(where: { $0 === cell }) { reusePool[identifier, default: []].append(cell) }
    }

    // MARK: - Updates

    /// Mirrors `insertItems(at:)`: they fade in while the others move.
    open func insertItems(at indexPaths: [IndexPath]) { enqueue(.insert(indexPaths, .fade)) }
    /// Mirrors `deleteItems(at:)`: they fade out while the others move.
    open func deleteItems(at indexPaths: [IndexPath]) { enqueue(.delete(indexPaths, .fade)) }
    /// Mirrors `reloadItems(at:)`.
    open func reloadItems(at indexPaths: [IndexPath]) { enqueue(.reload(indexPaths, .fade)) }
    /// Mirrors `moveItem(at:to:)`.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { enqueue(.move(indexPath, newIndexPath)) }

    /// Mirrors `performBatchUpdates(_:completion:)`.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        batchDepth += 1
        updates?()
        batchDepth -= 1
        guard batchDepth == 0 else { return }
        let collected = pendingUpdates
        pendingUpdates = []
        apply(collected, completion: completion)
    }

    private func enqueue(_ update: RowUpdate) {
        if batchDepth > 0 { pendingUpdates.append(update) } else { apply([update], completion: nil) }
    }

    private func apply(_ updates: [RowUpdate], completion: ((Bool) -> Void)?) {
        guard !needsReload, !updates.isEmpty else {
            if needsReload { reloadData() }
            completion?(true)
            return
        }
        let oldCounts = itemCounts
        let oldVisible = visibleCellsByPath
        var oldFrames: [IndexPath: CGRect] = [:]
        for path in oldVisible.keys { oldFrames[path] = layoutAttributesForItem(at: path)?.frame }
        countItems()
        let mapping = RowMapping(updates: updates, oldCounts: oldCounts, newCounts: itemCounts)
        for (section, count) in itemCounts.enumerated() {
            let before = section < oldCounts.count ? oldCounts[section] : 0
            let inserted = mapping.inserted.keys.filter { $0.section == section }.count
            let deleted = mapping.deleted.keys.filter { $0.section == section }.count
            precondition(count == before + inserted - deleted, """
                Invalid update: invalid number of items in section \(section). The number of items contained in an existing \
                section after the update (\(count)) must be equal to the number of items contained in that section before \
                the update (\(before)), plus or minus the number of items inserted or deleted from that section \
                (\(inserted) inserted, \(deleted) deleted).
                """)
        }
        // The old frames of the rows that stay, for those coming on screen.
        let oldPathOf = Dictionary(mapping.newPath.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var oldFrameOfNew: [IndexPath: CGRect] = [:]
        for (new, old) in oldPathOf { oldFrameOfNew[new] = layoutAttributesForItem(at: old)?.frame }
        prepareLayout()
        let target = CGPoint(x: min(max(contentOffset.x, minimumOffset.x), maximumOffset.x),
                             y: min(max(contentOffset.y, minimumOffset.y), maximumOffset.y))

        var leaving: [(cell: UICollectionViewCell, end: UICollectionViewLayoutAttributes?, from: CGRect)] = []
        var moving: [(cell: UICollectionViewCell, to: UICollectionViewLayoutAttributes?)] = []
        var coming: [(cell: UICollectionViewCell, to: UICollectionViewLayoutAttributes?)] = []
        var cells: [IndexPath: UICollectionViewCell] = [:]
        for (old, cell) in oldVisible {
            if mapping.deleted[old] != nil {
                leaving.append((cell, collectionViewLayout.finalLayoutAttributesForDisappearingItem(at: old), oldFrames[old] ?? cell.frame))
            } else if let new = mapping.newPath[old] {
                cells[new] = cell
                moving.append((cell, layoutAttributesForItem(at: new)))
            } else {
                recycle(cell)
            }
        }
        visibleCellsByPath = [:]
        isApplyingUpdates = true
        let shownAfter = CGRect(origin: target, size: bounds.size)
        for attributes in collectionViewLayout.layoutAttributesForElements(in: shownAfter) ?? []
        where cells[attributes.indexPath] == nil && attributes.frame.overlaps(shownAfter) {
            let path = attributes.indexPath
            if mapping.inserted[path] != nil {
                let start = collectionViewLayout.initialLayoutAttributesForAppearingItem(at: path)
                if let cell = showCell(at: path, attributes: start ?? attributes) { coming.append((cell, attributes)) }
            } else if let frame = oldFrameOfNew[path] {
                let start = attributes.copy()
                start.frame = frame
                if let cell = showCell(at: path, attributes: start) { moving.append((cell, attributes)) }
            }
            cells[path] = visibleCellsByPath[path]
        }
        visibleCellsByPath = cells
        UIView.performWithoutAnimation {
            for (cell, _, _) in leaving { sendSubviewToBack(cell) }
        }
        let animations = { [self] in
            for (cell, to) in moving + coming { apply(to, to: cell) }
            for (cell, end, from) in leaving {
                if let end { apply(end, to: cell) } else { cell.frame = from; cell.alpha = 0 }
            }
            if target != contentOffset { contentOffset = target }
        }
        let finish = { [self] (finished: Bool) in
            for (cell, _, _) in leaving where !visibleCellsByPath.values.contains(where: { $0 === cell }) { recycle(cell) }
            isApplyingUpdates = false
            tileCells()
            completion?(finished)
        }
        animateUpdate(duration: UICollectionView.itemAnimationDuration, animations: animations, completion: finish)
    }
}

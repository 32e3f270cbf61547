import ZoetropeCore

/// Mirrors `UITableView`: a scroll view of rows in sections, asking its `dataSource` for the
/// cells of the rows on screen only and reusing the cells scrolled off
/// (`dequeueReusableCell(withIdentifier:for:)`), animating inserted, deleted, moved and
/// reloaded rows (UITableView+Updates.swift).
///
/// A cell scrolled off stays a subview, hidden, until it is dequeued again (UIKit takes it out
/// of the view tree): on a film a view's layer stays on the stage, so a hidden cell costs the
/// scene nothing more, where re-adding one would add its layers again.
///
/// ```swift
/// let table = UITableView(frame: film.rootView.bounds, style: .plain)
/// table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
/// table.dataSource = model
/// ```
open class UITableView: UIScrollView {
    /// Mirrors `UITableView.Style`.
    public enum Style: Int, Sendable {
        /// Rows edge to edge on white, section headers in grey bars.
        case plain
        /// Sections apart on a grey background.
        case grouped
        /// Grouped, the sections' corners rounded and inset (drawn as `.grouped` here).
        case insetGrouped
    }

    /// Mirrors `UITableView.RowAnimation`: how an inserted row comes in and a deleted one goes
    /// (the other rows move to their new places in the same 0.3 s).
    public enum RowAnimation: Int, Sendable {
        /// Fades in (out) in its place.
        case fade
        /// Slides in from (out to) the right.
        case right
        /// Slides in from (out to) the left.
        case left
        /// Slides down from (up into) the row above, fading.
        case top
        /// Slides up from (down into) the row below, fading.
        case bottom
        /// Appears (goes) at once; the other rows still move.
        case none
        /// Fades, as `.fade` (UIKit also shrinks it to its middle).
        case middle
        /// The table's choice: `.fade`, as iOS chooses for most updates.
        case automatic = 100
    }

    /// Mirrors `UITableView.ScrollPosition`.
    public enum ScrollPosition: Int, Sendable {
        /// The least scroll that shows the row.
        case none
        /// The row at the top.
        case top
        /// The row in the middle.
        case middle
        /// The row at the bottom.
        case bottom
    }

    /// Mirrors `UITableViewCell.SeparatorStyle`.
    public enum SeparatorStyle: Int, Sendable {
        /// No separators.
        case none
        /// A hairline between rows.
        case singleLine
        /// Drawn as `.singleLine`.
        case singleLineEtched
    }

    /// Mirrors `UITableView.automaticDimension`.
    public static let automaticDimension: CGFloat = -1
    /// The separators' thickness: one pixel of a film drawn at scale 1, iOS's hairline.
    static let hairline: CGFloat = 1
    /// iOS's separator colour on white (`UIColor.separator` over white: #C6C6C8).
    static let defaultSeparatorColor = UIColor(red: 198 / 255, green: 198 / 255, blue: 200 / 255, alpha: 1)
    /// How long row updates animate: 0.3 s on the ease-in-out curve (UIKit's take about that).
    public static let rowAnimationDuration: TimeInterval = 0.3

    /// Mirrors `style`.
    public let style: Style
    /// Mirrors `dataSource`.
    open weak var dataSource: UITableViewDataSource? {
        didSet { needsReload = true; setNeedsLayout() }
    }
    /// Mirrors `rowHeight` (44 by default; `automaticDimension` takes `estimatedRowHeight`, or 44).
    open var rowHeight: CGFloat = 44
    /// Mirrors `estimatedRowHeight`.
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    /// Mirrors `sectionHeaderHeight`.
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension
    /// Mirrors `sectionFooterHeight`.
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension
    /// Mirrors `estimatedSectionHeaderHeight` (kept).
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    /// Mirrors `separatorStyle`.
    open var separatorStyle = SeparatorStyle.singleLine {
        didSet { for cell in visibleCellsByPath.values { styleSeparator(of: cell) } }
    }
    /// Mirrors `separatorColor`.
    open var separatorColor: UIColor? = UITableView.defaultSeparatorColor {
        didSet { for cell in visibleCellsByPath.values { styleSeparator(of: cell) } }
    }
    /// Mirrors `separatorInset`.
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// Mirrors `allowsSelection`.
    open var allowsSelection = true
    /// Mirrors `allowsMultipleSelection`.
    open var allowsMultipleSelection = false
    /// Mirrors `isEditing` (kept: no editing controls are drawn).
    open var isEditing = false
    /// Mirrors `tableHeaderView`: above the first section, the table's width.
    open var tableHeaderView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let tableHeaderView { addSubview(tableHeaderView) }; relayOut() }
    }
    /// Mirrors `tableFooterView`: below the last section.
    open var tableFooterView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let tableFooterView { addSubview(tableFooterView) }; relayOut() }
    }

    /// The geometry of every section: computed by `reloadData()` and each update.
    struct SectionGeometry {
        var headerY: CGFloat = 0
        var headerHeight: CGFloat = 0
        var rowYs: [CGFloat] = []
        var rowHeights: [CGFloat] = []
        var footerY: CGFloat = 0
        var footerHeight: CGFloat = 0
    }
    var sections: [SectionGeometry] = []
    /// The cells on screen, by the row they show.
    var visibleCellsByPath: [IndexPath: UITableViewCell] = [:]
    /// Cells scrolled off, hidden, by reuse identifier.
    private var reusePool: [String: [UITableViewCell]] = [:]
    /// The classes registered for reuse identifiers.
    private var registeredCells: [String: UITableViewCell.Type] = [:]
    /// Section header and footer views shown, by section.
    private var headerViews: [Int: UIView] = [:]
    private var footerViews: [Int: UIView] = [:]
    /// The selected rows.
    private(set) var selectedPaths: [IndexPath] = []
    /// Whether the data has yet to be (re)loaded by the next layout.
    var needsReload = true
    /// Whether an update is animating the cells (tiling waits for its end).
    var isApplyingUpdates = false
    /// Updates collected between `beginUpdates()` and `endUpdates()`.
    var batchDepth = 0
    var pendingUpdates: [RowUpdate] = []

    /// Mirrors `init(frame:style:)`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        alwaysBounceVertical = true
        backgroundColor = style == .plain ? .systemBackground : .secondarySystemBackground
    }

    /// Mirrors `init(coder:)`: a plain table (there are no archives).
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        alwaysBounceVertical = true
        backgroundColor = .systemBackground
    }

    /// Mirrors `init(frame:)`: a plain table.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    override class var layerKind: String { "table" }

    /// The table's delegate as a `UITableViewDelegate`, when it is one.
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    // MARK: - Reuse

    /// Mirrors `register(_:forCellReuseIdentifier:)`.
    open func register(_ cellClass: UITableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        registeredCells[identifier] = cellClass
    }

    /// Mirrors `dequeueReusableCell(withIdentifier:)`: a cell scrolled off (after its
    /// `prepareForReuse()`), else a new one of the registered class, else nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var pool = reusePool[identifier], !pool.isEmpty {
            let cell = pool.removeFirst()
            reusePool[identifier] = pool
            cell.prepareForReuse()
            return cell
        }
        guard let type = registeredCells[identifier] else { return nil }
        return type.init(dequeuedWithReuseIdentifier: identifier)
    }

    /// Mirrors `dequeueReusableCell(withIdentifier:for:)`: as the other, sized for the row; the
    /// identifier must be registered (UIKit raises an exception; this stops the program).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure("unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier")
        }
        cell.frame = rectForRow(at: indexPath)
        return cell
    }

    // MARK: - Data

    /// Mirrors `reloadData()`: asks the data source again for everything; the cells on screen
    /// go back to the reuse pool and the rows on screen get new ones.
    open func reloadData() {
        needsReload = false
        for cell in visibleCellsByPath.values { recycle(cell) }
        visibleCellsByPath = [:]
        for view in headerViews.values { view.removeFromSuperview() }
        for view in footerViews.values { view.removeFromSuperview() }
        headerViews = [:]
        footerViews = [:]
        selectedPaths = []
        computeGeometry()
        tileCells()
    }

    /// Mirrors `numberOfSections`.
    open var numberOfSections: Int { sections.count }

    /// Mirrors `numberOfRows(inSection:)`.
    open func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].rowHeights.count : 0
    }

    /// The height of a row, from the delegate or `rowHeight`.
    private func height(ofRowAt indexPath: IndexPath) -> CGFloat {
        let height = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        guard height >= 0 else { return estimatedRowHeight > 0 ? estimatedRowHeight : 44 }
        return height
    }

    /// The header's height: the delegate's, else `sectionHeaderHeight`, else the style's for a
    /// title or view (28 pt plain, 55 grouped; 35 for a grouped section without one).
    private func headerHeight(of section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? UITableView.automaticDimension
        if asked >= 0 { return asked }
        if sectionHeaderHeight >= 0 { return sectionHeaderHeight }
        let hasHeader = dataSource?.tableView(self, titleForHeaderInSection: section) != nil
            || tableDelegate?.tableView(self, viewForHeaderInSection: section) != nil
        switch style {
        case .plain: return hasHeader ? 28 : 0
        case .grouped, .insetGrouped: return hasHeader ? 55 : 35
        }
    }

    private func footerHeight(of section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? UITableView.automaticDimension
        if asked >= 0 { return asked }
        if sectionFooterHeight >= 0 { return sectionFooterHeight }
        let hasFooter = dataSource?.tableView(self, titleForFooterInSection: section) != nil
        switch style {
        case .plain: return hasFooter ? 28 : 0
        case .grouped, .insetGrouped: return hasFooter ? 40 : 0
        }
    }

    /// Asks the data source and delegate for the counts and heights and places every section.
    func computeGeometry() {
        var y = tableHeaderView?.frame.height ?? 0
        let count = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        sections = (0..<max(count, 0)).map { section in
            var geometry = SectionGeometry()
            geometry.headerY = y
            geometry.headerHeight = headerHeight(of: section)
            y += geometry.headerHeight
            let rows = max(dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0, 0)
            for row in 0..<rows {
                let height = self.height(ofRowAt: IndexPath(row: row, section: section))
                geometry.rowYs.append(y)
                geometry.rowHeights.append(height)
                y += height
            }
            geometry.footerY = y
            geometry.footerHeight = footerHeight(of: section)
            y += geometry.footerHeight
            return geometry
        }
        if let footer = tableFooterView {
            footer.frame = CGRect(x: 0, y: y, width: super.bounds.width, height: footer.frame.height)
            y += footer.frame.height
        }
        if let header = tableHeaderView {
            header.frame = CGRect(x: 0, y: 0, width: super.bounds.width, height: header.frame.height)
        }
        let size = CGSize(width: super.bounds.width, height: y)
        if contentSize != size { contentSize = size }
    }

    /// Recomputes the geometry and places what is shown (a header or footer view changed).
    private func relayOut() {
        guard !needsReload else { return }
        computeGeometry()
        placeAllVisible()
        tileCells()
    }

    // MARK: - Geometry

    /// Mirrors `rectForRow(at:)`, in the table's content coordinates.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].rowYs.indices.contains(indexPath.row) else { return .zero }
        let section = sections[indexPath.section]
        return CGRect(x: 0, y: section.rowYs[indexPath.row], width: super.bounds.width, height: section.rowHeights[indexPath.row])
    }

    /// Mirrors `rect(forSection:)`.
    open func rect(forSection section: Int) -> CGRect {
        guard sections.indices.contains(section) else { return .zero }
        let geometry = sections[section]
        return CGRect(x: 0, y: geometry.headerY, width: super.bounds.width,
                      height: geometry.footerY + geometry.footerHeight - geometry.headerY)
    }

    /// Mirrors `rectForHeader(inSection:)`.
    open func rectForHeader(inSection section: Int) -> CGRect {
        guard sections.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: sections[section].headerY, width: super.bounds.width, height: sections[section].headerHeight)
    }

    /// Mirrors `indexPathForRow(at:)`: the row under a point of the content.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        for (index, section) in sections.enumerated() {
            for (row, y) in section.rowYs.enumerated() where point.y >= y && point.y < y + section.rowHeights[row] {
                return IndexPath(row: row, section: index)
            }
        }
        return nil
    }

    /// Mirrors `indexPathsForRows(in:)`.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        var paths: [IndexPath] = []
        for (index, section) in sections.enumerated() {
            for (row, y) in section.rowYs.enumerated() where y < rect.maxY && y + section.rowHeights[row] > rect.minY {
                paths.append(IndexPath(row: row, section: index))
            }
        }
        return paths
    }

    /// Mirrors `visibleCells`, top to bottom.
    open var visibleCells: [UITableViewCell] {
        (indexPathsForVisibleRows ?? []).compactMap { visibleCellsByPath[$0] }
    }

    /// Mirrors `indexPathsForVisibleRows`, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath]? {
        visibleCellsByPath.keys.sorted { ($0.section, $0.row) < ($1.section, $1.row) }
    }

    /// Mirrors `cellForRow(at:)`: the cell showing the row, nil when it is off screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        visibleCellsByPath[indexPath]
    }

    /// Mirrors `indexPath(for:)`: the row a visible cell shows.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visibleCellsByPath.first { $0.value === cell }?.key
    }

    /// Mirrors `headerView(forSection:)`.
    open func headerView(forSection section: Int) -> UIView? { headerViews[section] }

    // MARK: - Scrolling

    /// Mirrors `scrollToRow(at:at:animated:)`: the row at the top, middle or bottom of the
    /// view (`.none`: the least scroll that shows it), within the content.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath), height = super.bounds.height, inset = adjustedContentInset
        var y: CGFloat
        switch scrollPosition {
        case .top: y = rect.minY - inset.top
        case .middle: y = rect.midY - height / 2
        case .bottom: y = rect.maxY - height + inset.bottom
        case .none:
            scrollRectToVisible(rect, animated: animated)
            return
        }
        y = min(max(y, minimumOffset.y), maximumOffset.y)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    // MARK: - Selection

    /// Mirrors `indexPathForSelectedRow`.
    open var indexPathForSelectedRow: IndexPath? { selectedPaths.first }
    /// Mirrors `indexPathsForSelectedRows`.
    open var indexPathsForSelectedRows: [IndexPath]? { selectedPaths.isEmpty ? nil : selectedPaths }

    /// Mirrors `selectRow(at:animated:scrollPosition:)`: the cell shows the grey selected
    /// background (the delegate is not told, as in UIKit).
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedPaths { deselectRow(at: path, animated: animated) }
            return
        }
        if !allowsMultipleSelection { for path in selectedPaths where path != indexPath { deselectRow(at: path, animated: animated) } }
        if !selectedPaths.contains(indexPath) { selectedPaths.append(indexPath) }
        visibleCellsByPath[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Mirrors `deselectRow(at:animated:)`: the grey fades (0.3 s) when animated.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selectedPaths.removeAll { $0 == indexPath }
        visibleCellsByPath[indexPath]?.setSelected(false, animated: animated)
    }

    /// Selects a row as a tap on it does (a Zoetrope addition, for films: nothing taps the
    /// screen): `willSelectRowAt`, the selection, then `didSelectRowAt`.
    public func tapRow(at indexPath: IndexPath) {
        guard allowsSelection else { return }
        guard let chosen = tableDelegate?.tableView(self, willSelectRowAt: indexPath) ?? Optional(indexPath) else { return }
        selectRow(at: chosen, animated: false, scrollPosition: .none)
        tableDelegate?.tableView(self, didSelectRowAt: chosen)
    }

    /// Mirrors `setEditing(_:animated:)` (kept: no editing controls are drawn).
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        for cell in visibleCellsByPath.values { cell.setEditing(editing, animated: animated) }
    }

    // MARK: - Tiling

    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsReload {
            reloadData()
        } else if contentSize.width != super.bounds.width {
            computeGeometry()
            placeAllVisible()
            tileCells()
        }
    }

    override func contentOffsetDidChange() {
        if !needsReload { tileCells() }
    }

    /// What is on screen: the bounds, in content coordinates.
    var visibleRect: CGRect { CGRect(origin: contentOffset, size: super.bounds.size) }

    /// Shows the rows on screen: the cells of rows scrolled off go to the reuse pool, the rows
    /// come on screen get cells from the data source; and the section headers and footers.
    func tileCells() {
        guard !isApplyingUpdates else { return }
        let shown = Set(indexPathsForRows(in: visibleRect) ?? [])
        for (path, cell) in visibleCellsByPath where !shown.contains(path) {
            visibleCellsByPath[path] = nil
            recycle(cell)
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        }
        for path in shown.sorted(by: { ($0.section, $0.row) < ($1.section, $1.row) }) where visibleCellsByPath[path] == nil {
            _ = showCell(at: path, frame: rectForRow(at: path))
        }
        tileHeaders()
    }

    /// Asks the data source for the cell of `path`, puts it at `frame` (at once, whatever
    /// animation is open) and shows it.
    func showCell(at path: IndexPath, frame: CGRect) -> UITableViewCell? {
        guard let dataSource else { return nil }
        let cell = dataSource.tableView(self, cellForRowAt: path)
        UIView.performWithoutAnimation {
            if cell.superview !== self { insertSubview(cell, at: 0) }
            cell.isHidden = false
            cell.frame = frame
            cell.alpha = 1
            // The labels as the data source filled them (UIKit lays the cell out before display).
            cell.layoutCell()
            styleSeparator(of: cell, at: path)
            cell.setSelected(selectedPaths.contains(path), animated: false)
        }
        visibleCellsByPath[path] = cell
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
        return cell
    }

    /// The cell goes off screen: hidden, into the pool of its reuse identifier.
    func recycle(_ cell: UITableViewCell) {
        UIView.performWithoutAnimation { cell.isHidden = true }
        guard let identifier = cell.reuseIdentifier else {
            cell.removeFromSuperview()
            return
        }
        if !(reusePool[identifier] ?? []).contains(where: { $0 === cell }) { reusePool[identifier, default: []].append(cell) }
    }

    /// Frames the cells on screen by their rows (after the width changed).
    func placeAllVisible() {
        UIView.performWithoutAnimation {
            for (path, cell) in visibleCellsByPath { cell.frame = rectForRow(at: path) }
        }
    }

    /// The separator of `cell` as the table's style asks: hidden for `.none`, and for the last
    /// row of a grouped section.
    func styleSeparator(of cell: UITableViewCell, at path: IndexPath? = nil) {
        let path = path ?? indexPath(for: cell)
        let lastInGroup = style != .plain && path.map { $0.row == numberOfRows(inSection: $0.section) - 1 } == true
        cell.separator.isHidden = separatorStyle == .none || lastInGroup
        cell.separator.backgroundColor = separatorColor ?? UITableView.defaultSeparatorColor
    }

    /// Shows the headers and footers of the sections on screen (made once per section after
    /// each reload: not reused). A plain table's header stays pinned at the top while its
    /// section's rows scroll under it, and is pushed up by the next section's, as in UIKit.
    private func tileHeaders() {
        let rect = visibleRect
        for (index, section) in sections.enumerated() {
            let header = headerFrame(of: index, offset: contentOffset)
            if section.headerHeight > 0, header.overlaps(rect), headerViews[index] == nil,
               let view = makeHeader(section: index, footer: false) {
                headerViews[index] = view
                UIView.performWithoutAnimation {
                    view.frame = header
                    addSubview(view)
                }
            } else if let view = headerViews[index], view.frame != header {
                UIView.performWithoutAnimation { view.frame = header }
            }
            let footer = CGRect(x: 0, y: section.footerY, width: super.bounds.width, height: section.footerHeight)
            if section.footerHeight > 0, footer.overlaps(rect), footerViews[index] == nil,
               let view = makeHeader(section: index, footer: true) {
                footerViews[index] = view
                UIView.performWithoutAnimation {
                    view.frame = footer
                    addSubview(view)
                }
            }
        }
    }

    /// Where the header of `section` is when the content is at `offset`: its place, or for a
    /// plain table pinned to the top of the view until its section's end pushes it up.
    func headerFrame(of section: Int, offset: CGPoint) -> CGRect {
        let geometry = sections[section]
        var y = geometry.headerY
        if style == .plain {
            let top = offset.y + adjustedContentInset.top
            let end = geometry.footerY + geometry.footerHeight - geometry.headerHeight
            y = max(geometry.headerY, min(top, end))
        }
        return CGRect(x: 0, y: y, width: super.bounds.width, height: geometry.headerHeight)
    }

    /// Moves the header and footer views to their sections' places for the content at `offset`
    /// (inside an update's animation: they move with the rows).
    func placeHeaders(offset: CGPoint) {
        for (index, view) in headerViews where sections.indices.contains(index) {
            view.frame = headerFrame(of: index, offset: offset)
        }
        for (index, view) in footerViews where sections.indices.contains(index) {
            view.frame = CGRect(x: 0, y: sections[index].footerY, width: super.bounds.width, height: sections[index].footerHeight)
        }
    }

    /// The delegate's header (footer) view, else one for the data source's title: plain, a
    /// grey bar with the title in 15 pt semibold; grouped, the title in 13 pt grey capitals at
    /// its foot.
    private func makeHeader(section: Int, footer: Bool) -> UIView? {
        if let view = footer ? tableDelegate?.tableView(self, viewForFooterInSection: section)
                             : tableDelegate?.tableView(self, viewForHeaderInSection: section) { return view }
        guard let title = footer ? dataSource?.tableView(self, titleForFooterInSection: section)
                                 : dataSource?.tableView(self, titleForHeaderInSection: section) else { return nil }
        let view = UIView()
        let label = UILabel()
        let height = footer ? footerHeight(of: section) : headerHeight(of: section)
        if style == .plain {
            view.backgroundColor = .systemGray6
            label.text = title
            label.font = .systemFont(ofSize: 15, weight: .semibold)
            label.frame = CGRect(x: 16, y: 0, width: super.bounds.width - 32, height: height)
        } else {
            label.text = footer ? title : title.uppercased()
            label.font = .systemFont(ofSize: 13)
            label.textColor = .secondaryLabel
            label.frame = footer ? CGRect(x: 20, y: 6, width: super.bounds.width - 40, height: 18)
                                 : CGRect(x: 20, y: height - 24, width: super.bounds.width - 40, height: 18)
        }
        view.addSubview(label)
        return view
    }
}

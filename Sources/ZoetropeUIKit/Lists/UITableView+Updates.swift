import ZoetropeCore

/// One change a table's data went through, as `insertRows`, `deleteRows`, `reloadRows` and
/// `moveRow` tell it: deleted and reloaded rows by their old paths, inserted ones by their new.
enum RowUpdate {
    case insert([IndexPath], UITableView.RowAnimation)
    case delete([IndexPath], UITableView.RowAnimation)
    case reload([IndexPath], UITableView.RowAnimation)
    case move(IndexPath, IndexPath)
}

/// Where each old row went in an update: its new path, or nil when it was deleted (or
/// reloaded); and the rows that are new. UIKit's rules: deletions and reloads name old paths,
/// insertions new ones; the rows left keep their order in their section around the inserted
/// and moved ones.
struct RowMapping {
    var newPath: [IndexPath: IndexPath] = [:]
    var inserted: [IndexPath: UITableView.RowAnimation] = [:]
    var deleted: [IndexPath: UITableView.RowAnimation] = [:]

    init(updates: [RowUpdate], oldCounts: [Int], newCounts: [Int]) {
        var movedFrom: [IndexPath: IndexPath] = [:]
        var taken: [Int: Set<Int>] = [:]
        for update in updates {
            switch update {
            case .insert(let paths, let animation):
                for path in paths { inserted[path] = animation; taken[path.section, default: []].insert(path.row) }
            case .delete(let paths, let animation):
                for path in paths { deleted[path] = animation }
            case .reload(let paths, let animation):
                for path in paths {
                    deleted[path] = animation
                    inserted[path] = animation
                    taken[path.section, default: []].insert(path.row)
                }
            case .move(let from, let to):
                movedFrom[from] = to
                taken[to.section, default: []].insert(to.row)
            }
        }
        for (section, oldCount) in oldCounts.enumerated() {
            let newCount = section < newCounts.count ? newCounts[section] : 0
            var free = (0..<newCount).filter { !(taken[section] ?? []).contains($0) }.makeIterator()
            for row in 0..<oldCount {
                let old = IndexPath(row: row, section: section)
                if let to = movedFrom[old] { newPath[old] = to; continue }
                if deleted[old] != nil { continue }
                if let next = free.next() { newPath[old] = IndexPath(row: next, section: section) }
            }
        }
    }
}

extension UITableView {
    /// Mirrors `insertRows(at:with:)`: the rows come in as `animation` says while the rows
    /// below move down, in `rowAnimationDuration` (0.3 s) on the ease-in-out curve.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        enqueue(.insert(indexPaths, animation))
    }

    /// Mirrors `deleteRows(at:with:)`: the rows go as `animation` says while the rows below
    /// move up.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        enqueue(.delete(indexPaths, animation))
    }

    /// Mirrors `reloadRows(at:with:)`: the old cells go and new ones come, in place.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        enqueue(.reload(indexPaths, animation))
    }

    /// Mirrors `moveRow(at:to:)`: the cell slides to its new place, the others make room.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        enqueue(.move(indexPath, newIndexPath))
    }

    /// Mirrors `insertSections(_:with:)`: reloads the table (sections do not animate here).
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) { reloadData() }
    /// Mirrors `deleteSections(_:with:)`: reloads the table (sections do not animate here).
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { reloadData() }
    /// Mirrors `reloadSections(_:with:)`: reloads the table (sections do not animate here).
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { reloadData() }

    /// Mirrors `beginUpdates()`: the updates until `endUpdates()` animate together.
    public func beginUpdates() {
        batchDepth += 1
    }

    /// Mirrors `endUpdates()`.
    public func endUpdates() {
        batchDepth = max(batchDepth - 1, 0)
        guard batchDepth == 0 else { return }
        let updates = pendingUpdates
        pendingUpdates = []
        apply(updates, completion: nil)
    }

    /// Mirrors `performBatchUpdates(_:completion:)`: `completion` runs when the animation ends.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        batchDepth += 1
        updates?()
        batchDepth = max(batchDepth - 1, 0)
        guard batchDepth == 0 else { return }
        let collected = pendingUpdates
        pendingUpdates = []
        apply(collected, completion: completion)
    }

    private func enqueue(_ update: RowUpdate) {
        if batchDepth > 0 {
            pendingUpdates.append(update)
        } else {
            apply([update], completion: nil)
        }
    }

    /// Applies `updates` against the data source's new counts: the cells on screen move to
    /// their rows' new places, deleted ones go and inserted ones come, all in one animation.
    private func apply(_ updates: [RowUpdate], completion: ((Bool) -> Void)?) {
        guard !needsReload, !updates.isEmpty else {
            if needsReload { reloadData() }
            completion?(true)
            return
        }
        let oldSections = sections
        let oldCounts = oldSections.map(\.rowHeights.count)
        let oldRect = { (path: IndexPath) -> CGRect in
            CGRect(x: 0, y: oldSections[path.section].rowYs[path.row], width: self.bounds.width,
                   height: oldSections[path.section].rowHeights[path.row])
        }
        let oldVisible = visibleCellsByPath
        computeGeometry()
        let newCounts = sections.map(\.rowHeights.count)
        let mapping = RowMapping(updates: updates, oldCounts: oldCounts, newCounts: newCounts)
        for (section, newCount) in newCounts.enumerated() {
            let before = section < oldCounts.count ? oldCounts[section] : 0
            let inserted = mapping.inserted.keys.filter { $0.section == section }.count
            let deleted = mapping.deleted.keys.filter { $0.section == section }.count
            let movedIn = mapping.newPath.filter { $0.key.section != section && $0.value.section == section }.count
            let movedOut = mapping.newPath.filter { $0.key.section == section && $0.value.section != section }.count
            precondition(newCount == before + inserted - deleted + movedIn - movedOut, """
                Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing \
                section after the update (\(newCount)) must be equal to the number of rows contained in that section before \
                the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(inserted) \
                inserted, \(deleted) deleted) and plus or minus the number of rows moved into or out of that section \
                (\(movedIn) moved in, \(movedOut) moved out).
                """)
        }
        let oldPathOf = Dictionary(mapping.newPath.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })

        // Where the offset ends: within the new content.
        let target = CGPoint(x: contentOffset.x, y: min(max(contentOffset.y, minimumOffset.y), maximumOffset.y))
        let shownAfter = CGRect(origin: target, size: super.bounds.size)

        // The cells of the update: leaving, moving and coming.
        var leaving: [(cell: UITableViewCell, from: CGRect, animation: RowAnimation)] = []
        var moving: [(cell: UITableViewCell, to: CGRect)] = []
        var coming: [(cell: UITableViewCell, to: CGRect, animation: RowAnimation)] = []
        var cells: [IndexPath: UITableViewCell] = [:]
        for (old, cell) in oldVisible {
            if let animation = mapping.deleted[old] {
                leaving.append((cell, oldRect(old), animation))
            } else if let new = mapping.newPath[old] {
                cells[new] = cell
                moving.append((cell, rectForRow(at: new)))
            } else {
                recycle(cell)
            }
        }
        visibleCellsByPath = [:]
        isApplyingUpdates = true
        for path in indexPathsForRows(in: shownAfter) ?? [] where cells[path] == nil {
            if let animation = mapping.inserted[path] {
                guard let cell = showCell(at: path, frame: rectForRow(at: path)) else { continue }
                coming.append((cell, rectForRow(at: path), animation))
            } else if let old = oldPathOf[path], let cell = showCell(at: path, frame: oldRect(old)) {
                // A row that was off screen slides in from where it was.
                moving.append((cell, rectForRow(at: path)))
            }
            cells[path] = visibleCellsByPath[path]
        }
        visibleCellsByPath = cells
        for (path, cell) in cells { styleSeparator(of: cell, at: path) }

        // Start states, at once: leaving and coming cells go behind the others.
        UIView.performWithoutAnimation {
            for (cell, from, _) in leaving { sendSubviewToBack(cell); cell.frame = from }
            for (cell, to, animation) in coming {
                sendSubviewToBack(cell)
                let start = edgeState(of: to, for: animation)
                cell.frame = start.frame
                cell.alpha = start.alpha
            }
        }
        let animations = { [self] in
            for (cell, to) in moving { cell.frame = to }
            for (cell, to, _) in coming { cell.frame = to; cell.alpha = 1 }
            for (cell, from, animation) in leaving where animation != .none {
                let end = edgeState(of: from, for: animation)
                cell.frame = end.frame
                cell.alpha = end.alpha
            }
            placeHeaders(offset: target)
            if target != contentOffset { contentOffset = target }
        }
        for (cell, _, animation) in leaving where animation == .none { recycle(cell) }
        let finish = { [self] (finished: Bool) in
            for (cell, _, animation) in leaving where animation != .none {
                // A cell dequeued again while leaving (a reload's new cell) stays.
                if !visibleCellsByPath.values.contains(where: { $0 === cell }) { recycle(cell) }
            }
            isApplyingUpdates = false
            tileCells()
            completion?(finished)
        }
        animateUpdate(duration: UITableView.rowAnimationDuration, animations: animations, completion: finish)
    }

    /// Where a row at `rect` comes from (or goes to) for `animation`, and its alpha there.
    private func edgeState(of rect: CGRect, for animation: RowAnimation) -> (frame: CGRect, alpha: CGFloat) {
        switch animation {
        case .fade, .middle, .automatic: return (rect, 0)
        case .right: return (rect.offsetBy(dx: rect.width, dy: 0), 1)
        case .left: return (rect.offsetBy(dx: -rect.width, dy: 0), 1)
        case .top: return (rect.offsetBy(dx: 0, dy: -rect.height), 0)
        case .bottom: return (rect.offsetBy(dx: 0, dy: rect.height), 0)
        case .none: return (rect, 1)
        }
    }
}

/// Mirrors `UITableViewDataSource`: what a table shows. The optional methods have defaults in
/// the extension (one section, no titles).
@MainActor
public protocol UITableViewDataSource: AnyObject {
    /// Mirrors `numberOfSections(in:)` (1 by default).
    func numberOfSections(in tableView: UITableView) -> Int
    /// Mirrors `tableView(_:numberOfRowsInSection:)`.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// Mirrors `tableView(_:cellForRowAt:)`: a cell, usually from `dequeueReusableCell(withIdentifier:for:)`.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// Mirrors `tableView(_:titleForHeaderInSection:)` (nil by default: no header).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// Mirrors `tableView(_:titleForFooterInSection:)` (nil by default).
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Mirrors `tableView(_:canEditRowAt:)` (kept).
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Mirrors `tableView(_:commit:forRowAt:)` (kept: a film has no swipe to delete).
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
}

extension UITableViewDataSource {
    /// The default: the requirement's (see its summary).
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
}

/// Mirrors `UITableViewDelegate`: row heights, headers, display and selection. Set it as the
/// table's `delegate` (the scroll view's, typed `UIScrollViewDelegate` here: the table calls
/// these methods when the delegate has them).
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// Mirrors `tableView(_:heightForRowAt:)` (the table's `rowHeight` by default).
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// Mirrors `tableView(_:heightForHeaderInSection:)` (`UITableView.automaticDimension` by
    /// default: the style's height when there is a header).
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// Mirrors `tableView(_:heightForFooterInSection:)`.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// Mirrors `tableView(_:viewForHeaderInSection:)` (nil by default: the title's, if any).
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// Mirrors `tableView(_:viewForFooterInSection:)`.
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    /// Mirrors `tableView(_:willDisplay:forRowAt:)`: a cell is about to come on screen.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Mirrors `tableView(_:didEndDisplaying:forRowAt:)`: a cell went off screen.
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Mirrors `tableView(_:willSelectRowAt:)` (the row itself by default; nil: not selected).
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// Mirrors `tableView(_:didSelectRowAt:)`.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// Mirrors `tableView(_:didDeselectRowAt:)`.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// The default: the requirement's (see its summary).
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}

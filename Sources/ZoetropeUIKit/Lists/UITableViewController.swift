/// Mirrors `UITableViewController`: a controller whose `view` is a table (its `tableView`),
/// the table's data source and delegate. Subclasses override the data source and delegate
/// methods they need (`override func tableView(_:numberOfRowsInSection:)`).
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The style the table is made in.
    public let style: UITableView.Style
    /// Mirrors `clearsSelectionOnViewWillAppear`: the selected rows are deselected (animated)
    /// as the view appears again.
    open var clearsSelectionOnViewWillAppear = true

    /// Mirrors `init(style:)`.
    public init(style: UITableView.Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    /// Mirrors `init(nibName:bundle:)`: a plain table (and `init()`, which calls it).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Mirrors `init(coder:)`: a plain table.
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }

    /// Mirrors `tableView`: the controller's view.
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    /// Mirrors `loadView()`: a table of the controller's style, the canvas's size, whose data
    /// source and delegate the controller is.
    open override func loadView() {
        let table = UITableView(frame: Film.running?.rootView.bounds ?? .zero, style: style)
        table.dataSource = self
        table.delegate = self
        view = table
    }

    /// Mirrors `viewWillAppear(_:)`: clears the selection when `clearsSelectionOnViewWillAppear`.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let table = tableView {
            for path in table.indexPathsForSelectedRows ?? [] { table.deselectRow(at: path, animated: animated) }
        }
    }

    /// Mirrors `setEditing(_:animated:)`: the table's too.
    open func setEditing(_ editing: Bool, animated: Bool) {
        tableView?.setEditing(editing, animated: animated)
    }

    // MARK: - Data source (override these)

    /// The data source method of the same name (UIKit's default); override it.
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    /// The data source method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// The data source method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    /// The data source method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// The data source method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// The data source method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// The data source method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    // MARK: - Delegate (override these)

    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// The delegate method of the same name (UIKit's default); override it.
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}

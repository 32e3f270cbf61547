import Testing
import ZoetropePipeline
import ZoetropeRender
import ZoetropeUIKit

// Code in the shapes animation chapters write it (the names of issue #49's table): a login
// screen whose fields slide in from `viewDidAppear`, a packing list animating a constraint
// found by walking `constraints`, a navigation delegate with the Swift 4 operation name, a
// scroll view's delegate, a search bar over a collection view. Each compiles as UIKit code does
// and runs on a film.

private final class LoginViewController: UIViewController, UITextFieldDelegate {
    let heading = UILabel()
    let username = UITextField()
    let password = UITextField()
    let loginButton = UIButton(type: .system)
    let spinner = UIActivityIndicatorView(style: .whiteLarge)
    let status = UIImageView()
    private(set) var laidOut = 0

    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0, green: 154 / 255, blue: 222 / 255, alpha: 1)
        heading.text = "Bahama Air"
        heading.font = .boldSystemFont(ofSize: 28)
        heading.sizeToFit()
        heading.center = CGPoint(x: view.bounds.midX, y: 80)
        for (field, y) in [(username, 160.0), (password, 210.0)] {
            field.frame = CGRect(x: 40, y: y, width: view.bounds.width - 80, height: 34)
            field.borderStyle = .roundedRect
            field.delegate = self
            view.addSubview(field)
        }
        password.isSecureTextEntry = true
        loginButton.frame = CGRect(x: 40, y: 270, width: view.bounds.width - 80, height: 44)
        loginButton.setTitle("Log In", for: .normal)
        loginButton.addSubview(spinner)
        view.addSubview(heading)
        view.addSubview(loginButton)
        view.bringSubviewToFront(heading)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        laidOut += 1
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        heading.center.x -= view.bounds.width
        username.center.x -= view.bounds.width
        password.center.x -= view.bounds.width
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        UIView.animate(withDuration: 0.5) { self.heading.center.x += self.view.bounds.width }
        UIView.animate(withDuration: 0.5, delay: 0.3, options: [], animations: {
            self.username.center.x += self.view.bounds.width
        }, completion: nil)
        UIView.animate(withDuration: 0.5, delay: 0.4, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [], animations: {
            self.password.center.x += self.view.bounds.width
        }, completion: nil)
    }

    func logIn() {
        view.endEditing(true)
        spinner.center = CGPoint(x: 40, y: loginButton.frame.height / 2)
        spinner.startAnimating()
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        let next = textField === username ? password : username
        next.becomeFirstResponder()
        return true
    }
}

private final class PackingListViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let menu = UIView()
    let titleLabel = UILabel()
    let tableView = UITableView()
    var menuHeight: NSLayoutConstraint!
    var items = ["Icecream money", "Great weather", "Beach ball"]
    var isMenuOpen = false

    override func viewDidLoad() {
        super.viewDidLoad()
        for subview in [menu, tableView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        titleLabel.text = "Packing List"
        menu.addSubview(titleLabel)
        menuHeight = menu.heightAnchor.constraint(equalToConstant: 60)
        NSLayoutConstraint.activate([
            menu.topAnchor.constraint(equalTo: view.topAnchor),
            menu.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            menu.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            menuHeight,
            tableView.topAnchor.constraint(equalTo: menu.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        menu.addConstraint(NSLayoutConstraint(item: titleLabel, attribute: .centerX, relatedBy: .equal, toItem: menu,
                                              attribute: .centerX, multiplier: 1, constant: 0))
        menu.addConstraint(NSLayoutConstraint(item: titleLabel, attribute: .centerY, relatedBy: .equal, toItem: menu,
                                              attribute: .centerY, multiplier: 1, constant: 5))
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        tableView.dataSource = self
        tableView.delegate = self
    }

    func toggleMenu() {
        isMenuOpen.toggle()
        titleLabel.superview?.constraints.forEach { constraint in
            if constraint.firstItem === titleLabel && constraint.firstAttribute == .centerY {
                constraint.constant = isMenuOpen ? -100 : 5
            }
        }
        menuHeight.constant = isMenuOpen ? 200 : 60
        titleLabel.text = isMenuOpen ? "Select Item" : "Packing List"
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 10, options: .curveEaseIn, animations: {
            self.view.layoutIfNeeded()
        }, completion: nil)
    }

    func numberOfSections(in tableView: UITableView) -> Int { 1 }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        cell.accessoryType = .none
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        items.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .fade)
    }
}

private final class RevealAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var operation: UINavigationControllerOperation = .push
    private(set) var ran = 0

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        ran += 1
        let toView = transitionContext.view(forKey: .to)!
        transitionContext.containerView.addSubview(toView)
        toView.alpha = 0
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: { toView.alpha = 1 }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

private final class MasterViewController: UIViewController, UINavigationControllerDelegate {
    let transition = RevealAnimator()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Start"
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Next", style: .plain)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        navigationController?.delegate = self
    }

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationControllerOperation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        transition.operation = operation
        return transition
    }

    /// Storyboard code compiles; calling it says there is no storyboard.
    func openDetailFromStoryboard() {
        let detail = storyboard?.instantiateViewController(withIdentifier: "Detail")
        _ = detail
        performSegue(withIdentifier: "details", sender: nil)
    }
}

/// A view that starts animating once it is in a window, as such chapters' views do.
private final class PulseView: UIView {
    private(set) var pulsing = false

    override func didMoveToWindow() {
        super.didMoveToWindow()
        guard window != nil, !pulsing else { return }
        pulsing = true
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: { self.alpha = 0.5 }, completion: nil)
    }
}

private final class RefreshViewController: UIViewController, UIScrollViewDelegate {
    let scrollView = UIScrollView()
    private(set) var offsets: [CGFloat] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.frame = view.bounds
        scrollView.contentSize = CGSize(width: view.bounds.width, height: view.bounds.height * 2)
        scrollView.delegate = self
        view.addSubview(scrollView)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        offsets.append(scrollView.contentOffset.y)
    }
}

private final class WidgetsViewController: UIViewController, UICollectionViewDataSource, UISearchBarDelegate, UIPreviewInteractionDelegate {
    let searchBar = UISearchBar()
    var collectionView: UICollectionView!
    var preview: UIPreviewInteraction!
    private(set) var progress: [CGFloat] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        searchBar.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 56)
        searchBar.delegate = self
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 56, width: view.bounds.width, height: 200), collectionViewLayout: layout)
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Icon")
        collectionView.dataSource = self
        view.addSubview(searchBar)
        view.addSubview(collectionView)
        preview = UIPreviewInteraction(view: view)
        preview.delegate = self
        let swipe = UISwipeGestureRecognizer { _ in }
        swipe.direction = .left
        view.addGestureRecognizer(swipe)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 8 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Icon", for: indexPath)
        cell.contentView.backgroundColor = indexPath.item % 2 == 0 ? .systemBlue : .systemGreen
        return cell
    }

    func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdatePreviewTransition transitionProgress: CGFloat, ended: Bool) {
        progress.append(transitionProgress)
    }

    func previewInteractionDidCancel(_ previewInteraction: UIPreviewInteraction) {}
}

@MainActor @Suite struct AppShapedCodeTests {
    @Test func theLoginScreenSlidesItsFieldsInAndSpins() {
        let film = Film(size: CGSize(width: 320, height: 480), framesPerSecond: 30)
        let login = LoginViewController()
        film.show(login)
        #expect(abs((login.heading.layer.presentation()?.position.x ?? 0) + 160) < 1e-9, "moved off in viewWillAppear, sliding back from there")
        #expect(login.heading.center.x == 160, "the model is where viewDidAppear's animation ends")
        #expect(login.laidOut >= 1, "viewWillLayoutSubviews ran")
        film.advance(to: 2)
        #expect(login.heading.center.x == 160 && login.username.center.x == 160 && abs(login.password.center.x - 160) < 1e-6)
        film.at(2) {
            login.username.becomeFirstResponder()
            _ = login.textFieldShouldReturn(login.username)
            login.logIn()
        }
        film.advance(to: 2.1)
        #expect(!login.password.isFirstResponder && !login.username.isFirstResponder, "endEditing(true) resigned the field")
        #expect(login.spinner.isAnimating)
        #expect(login.preferredStatusBarStyle == .lightContent && UIScreen.main.bounds.width > 0)
    }

    @Test func thePackingListAnimatesAConstraintFoundByWalkingConstraints() {
        let film = Film(size: CGSize(width: 320, height: 480), framesPerSecond: 30)
        let list = PackingListViewController()
        film.show(list)
        film.advance(to: 0.1)
        #expect(list.menu.frame.height == 60 && list.tableView.visibleCells.count == 3)
        film.at(0.1) { list.toggleMenu() }
        film.advance(to: 2)
        #expect(abs(list.menu.frame.height - 200) < 1e-6)
        #expect(abs(list.titleLabel.center.y - 0) < 1e-6, "centre Y 100 above the menu's centre (100)")
        film.at(2) { list.tableView(list.tableView, didSelectRowAt: IndexPath(row: 1, section: 0)) }
        film.advance(to: 3)
        #expect(list.tableView.visibleCells.count == 2 && list.items == ["Icecream money", "Beach ball"])
    }

    @Test func aNavigationDelegatesAnimatorRunsForThePush() {
        let film = Film(size: CGSize(width: 320, height: 480), framesPerSecond: 30)
        let master = MasterViewController()
        let navigation = UINavigationController(rootViewController: master)
        film.show(navigation)
        let detail = UIViewController()
        film.at(0.2) { navigation.pushViewController(detail, animated: true) }
        film.advance(to: 1)
        #expect(master.transition.ran == 1 && master.transition.operation == .push && navigation.topViewController === detail)
        #expect(master.navigationItem.rightBarButtonItem?.title == "Next" && master.title == "Start")
        #expect(master.storyboard == nil)
    }

    @Test func aViewStartsPulsingInItsWindowAndTheScrollViewReportsOffsets() {
        let film = Film(size: CGSize(width: 200, height: 300), framesPerSecond: 10)
        let pulse = PulseView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(!pulse.pulsing)
        film.rootView.addSubview(pulse)
        #expect(pulse.pulsing, "didMoveToWindow() ran as the view went on the film")
        let refresh = RefreshViewController()
        film.show(refresh)
        film.at(0.5) { refresh.scrollView.setContentOffset(CGPoint(x: 0, y: 100), animated: true) }
        film.advanceUntilIdle()
        #expect(refresh.offsets.last == 100 && refresh.offsets.count > 2, "scrollViewDidScroll each frame of the animated scroll")
    }

    @Test func aSearchBarOverACollectionAndAPreviewPress() {
        let film = Film(size: CGSize(width: 320, height: 480), framesPerSecond: 30)
        let widgets = WidgetsViewController()
        film.show(widgets)
        film.advance(to: 0.1)
        #expect(widgets.collectionView.visibleCells.count == 8)
        film.press(widgets.preview, at: CGPoint(x: 100, y: 300), force: [0, 0.5], from: 0.2, to: 0.7)
        film.advance(to: 1)
        #expect(widgets.progress.last == 1, "the preview transition reached 1 at half force")
    }

    @Test func aViewGivesItsPlaceToAnotherCrossDissolving() throws {
        let film = Film(size: CGSize(width: 60, height: 60), framesPerSecond: 10)
        let front = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50)), back = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        front.backgroundColor = .red
        back.backgroundColor = .blue
        film.rootView.addSubview(front)
        nonisolated(unsafe) var finished = false
        film.at(0) {
            UIView.transition(from: front, to: back, duration: 1, options: .transitionCrossDissolve) { finished = $0 }
        }
        film.advance(to: 0.5)
        #expect(front.superview == nil && back.superview === film.rootView && !finished)
        let middle = try film.movie.image(ofFrame: 5)[30, 30]
        #expect(middle.red > 90 && middle.red < 165 && middle.blue > 90 && middle.blue < 165, "half red, half blue (\(middle))")
        film.advance(to: 1)
        let end = try film.movie.image(ofFrame: 10)[30, 30]
        #expect(finished && end.red == 0 && end.blue == 255)

        let shown = UIView(frame: .zero), hidden = UIView(frame: .zero)
        hidden.isHidden = true
        film.rootView.addSubview(shown)
        film.rootView.addSubview(hidden)
        film.at(1) { UIView.transition(from: shown, to: hidden, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews]) }
        film.advance(to: 1.1)
        #expect(shown.isHidden && !hidden.isHidden && shown.superview === film.rootView, ".showHideTransitionViews keeps both in place")
    }
}

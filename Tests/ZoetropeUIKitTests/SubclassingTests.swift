import Testing
import ZoetropeUIKit

// The shapes UIKit code subclasses in, written as an iOS app writes them: each compiles here as
// it does against UIKit (initialisers included), and runs.

/// A view made in code and, in UIKit, from a storyboard: `init(frame:)` and `init(coder:)`.
private final class BadgeView: UIView {
    private(set) var madeBy = ""

    override init(frame: CGRect) {
        super.init(frame: frame)
        madeBy = "frame"
        backgroundColor = .systemRed
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        madeBy = "coder"
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        madeBy += "+nib"
    }
}

/// A controller with an initialiser of its own, and the coder one UIKit requires.
private final class DetailViewController: UIViewController {
    let item: String

    init(item: String) {
        self.item = item
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A cell made in code with a style of its own, registered with a table.
private final class SubtitleCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        accessoryType = .disclosureIndicator
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A collection cell building its content in `init(frame:)`.
private final class TileCell: UICollectionViewCell {
    let title = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(title)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

@MainActor @Suite struct SubclassingTests {
    @Test func aViewSubclassKeepsInitAndItsCoderInitialiserRuns() throws {
        let made = BadgeView()
        #expect(made.madeBy == "frame" && made.frame == .zero, "init() of a subclass overriding init(frame:) and init(coder:)")
        let framed = BadgeView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(framed.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        let decoded = try #require(BadgeView(coder: NSCoder()))
        #expect(decoded.madeBy == "coder" && decoded.bounds == .zero, "nothing is read from the coder: a zero-frame view")
        decoded.awakeFromNib()
        #expect(decoded.madeBy == "coder+nib")
        #expect(UISwitch(coder: NSCoder())?.bounds.size == CGSize(width: 51, height: 31), "a library view made from a coder is whole")
    }

    @Test func aControllerWithItsOwnInitialiserIsShownAndPushed() {
        let film = Film(size: CGSize(width: 200, height: 300), framesPerSecond: 10)
        let navigation = UINavigationController(rootViewController: UIViewController())
        film.show(navigation)
        let detail = DetailViewController(item: "Fox")
        film.at(0.1) { navigation.pushViewController(detail, animated: false) }
        film.advance(to: 0.2)
        #expect(navigation.topViewController === detail && detail.item == "Fox")
        #expect(detail.view.window != nil, "its view is on the film")
        #expect(UITableViewController().tableView != nil, "UITableViewController() is init(nibName: nil, bundle: nil): a plain table")
    }

    @Test func registeredSubclassesAreMadeThroughTheirOwnInitialisers() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), style: .plain)
        table.register(SubtitleCell.self, forCellReuseIdentifier: "cell")
        let cell = table.dequeueReusableCell(withIdentifier: "cell", for: IndexPath(row: 0, section: 0))
        #expect(cell is SubtitleCell && cell.style == .subtitle && cell.accessoryType == .disclosureIndicator,
                "the subclass's override of init(style:reuseIdentifier:) ran")
        #expect(cell.reuseIdentifier == "cell")

        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 50, height: 50)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), collectionViewLayout: layout)
        collection.register(TileCell.self, forCellWithReuseIdentifier: "tile")
        let tile = collection.dequeueReusableCell(withReuseIdentifier: "tile", for: IndexPath(item: 0, section: 0))
        #expect((tile as? TileCell)?.title.superview === tile.contentView, "the subclass's init(frame:) ran")
        #expect(tile.reuseIdentifier == "tile")
    }
}

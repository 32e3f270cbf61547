import Foundation
import Testing
import ZoetropePipeline
import ZoetropeRender
import ZoetropeUIKit

/// A cell that counts how many were made.
final class CountedCell: UITableViewCell {
    @MainActor static var made = 0
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        CountedCell.made += 1
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// Rows titled by number, recording the data source's calls.
@MainActor final class NumberedRows: UITableViewDataSource, UITableViewDelegate {
    var rows: [String]
    var asked: [IndexPath] = []
    var displayed: [IndexPath] = []
    init(count: Int) { rows = (0..<count).map { "Row \($0)" } }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        asked.append(indexPath)
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        displayed.append(indexPath)
    }
}

@MainActor @Suite(.serialized) struct UITableViewTests {
    func table(rows: Int, height: CGFloat = 440) -> (Film, UITableView, NumberedRows) {
        let film = Film(size: CGSize(width: 320, height: height), framesPerSecond: 30)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: height), style: .plain)
        table.register(CountedCell.self, forCellReuseIdentifier: "row")
        let model = NumberedRows(count: rows)
        table.dataSource = model
        table.delegate = model
        film.rootView.addSubview(table)
        film.advance(to: 0)
        return (film, table, model)
    }

    @Test func indexPathsHaveRowsSectionsAndItems() {
        let path = IndexPath(row: 3, section: 1)
        #expect(path.row == 3 && path.section == 1 && path.item == 3)
        #expect(IndexPath(item: 2, section: 0) == IndexPath(row: 2, section: 0))
        #expect(Array(path) == [1, 3])
    }

    @Test func onlyTheRowsOnScreenAreAskedFor() {
        let (_, table, model) = table(rows: 100)
        // 440 pt of 44 pt rows: ten.
        #expect(table.indexPathsForVisibleRows == (0..<10).map { IndexPath(row: $0, section: 0) })
        #expect(model.asked == (0..<10).map { IndexPath(row: $0, section: 0) })
        #expect(model.displayed == model.asked)
        #expect(table.visibleCells.map { $0.textLabel?.text } == (0..<10).map { "Row \($0)" })
        #expect(table.contentSize.height == 4400)
        #expect(table.rectForRow(at: IndexPath(row: 5, section: 0)) == CGRect(x: 0, y: 220, width: 320, height: 44))
        #expect(table.cellForRow(at: IndexPath(row: 50, section: 0)) == nil)
    }

    @Test func scrollingAHundredRowsReusesCells() {
        CountedCell.made = 0
        let (film, table, model) = table(rows: 100)
        for step in 1...90 {
            film.at(Double(step) / 30) { table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 40) }
        }
        film.advance(to: 3)
        #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 81, section: 0))
        #expect(Set(model.asked.map(\.row)) == Set(0...91), "every row that came on screen, once or more")
        // Ten rows on screen, eleven while one is half off: never more cells than that, and a
        // spare at most.
        #expect(CountedCell.made <= 12, "made \(CountedCell.made) cells for 100 rows")
        let cell = table.visibleCells[0]
        #expect(table.indexPath(for: cell) == IndexPath(row: 81, section: 0))
        #expect(cell.textLabel?.text == "Row 81")
    }

    @Test func anInsertedRowFadesInWhileTheRowsBelowMoveDown() {
        let (film, table, model) = table(rows: 20)
        let below = table.cellForRow(at: IndexPath(row: 2, section: 0))
        film.at(1) {
            model.rows.insert("New", at: 2)
            table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .fade)
        }
        film.advance(to: 1)
        let inserted = table.cellForRow(at: IndexPath(row: 2, section: 0))
        #expect(inserted?.textLabel?.text == "New")
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === below, "the old row 2 is row 3 now")
        film.advance(to: 1.15)
        // Halfway through the 0.3 s ease-in-out: the old row 2 is halfway from 88 to 132.
        let middle = below?.layer.presentation()?.frame.minY ?? 0
        #expect(abs(middle - 110) < 0.5, "at \(middle)")
        #expect(abs(CGFloat(inserted?.layer.presentation()?.opacity ?? 0) - 0.5) < 0.01)
        film.advanceUntilIdle()
        #expect(below?.frame.minY == 132)
        #expect(inserted?.alpha == 1)
        #expect(table.contentSize.height == CGFloat(21 * 44))
    }

    @Test func aDeletedRowGoesAndTheRowsBelowMoveUp() {
        let (film, table, model) = table(rows: 20)
        let deleted = table.cellForRow(at: IndexPath(row: 1, section: 0))
        let below = table.cellForRow(at: IndexPath(row: 2, section: 0))
        film.at(0.5) {
            model.rows.remove(at: 1)
            table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .left)
        }
        film.advance(to: 0.65)
        #expect(abs((below?.layer.presentation()?.frame.minY ?? 0) - 66) < 0.5)
        #expect(abs((deleted?.layer.presentation()?.frame.minX ?? 0) + 160) < 0.5, "slid half its width left")
        film.advanceUntilIdle()
        #expect(below?.frame.minY == 44)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === below)
        #expect(table.visibleCells.count == 10)
        #expect(table.visibleCells.map { $0.textLabel?.text } == (0..<10).map { model.rows[$0] })
    }

    @Test func batchUpdatesCompleteAfterTheAnimation() {
        let (film, table, model) = table(rows: 5)
        var completed: TimeInterval?
        film.at(0.2) {
            table.performBatchUpdates({
                model.rows.remove(at: 0)
                model.rows.append("Last")
                table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
                table.insertRows(at: [IndexPath(row: 4, section: 0)], with: .bottom)
            }, completion: { _ in completed = film.time })
        }
        film.advanceUntilIdle()
        #expect(completed.map { abs($0 - 0.5) < 1e-9 } == true)
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["Row 1", "Row 2", "Row 3", "Row 4", "Last"])
    }

    @Test func selectionShowsTheGreyBackground() throws {
        let (film, table, model) = table(rows: 3, height: 132)
        defer { withExtendedLifetime(model) {} }
        film.at(0.1) { table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none) }
        film.advance(to: 0.2)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
        let image = try film.movie.image(ofFrame: 6)
        // systemGray4 (209, 209, 214) behind the row, away from its text.
        #expect(image[300, 66] == RasterImage.Pixel(red: 209, green: 209, blue: 214))
        #expect(image[300, 22] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
        // The separator between rows 0 and 1: a hairline from x 16.
        #expect(image[100, 43] == RasterImage.Pixel(red: 198, green: 198, blue: 200))
        #expect(image[8, 43] == RasterImage.Pixel(red: 255, green: 255, blue: 255))
    }

    @Test func scrollToRowPutsItAtTheTop() {
        // The data source is held weakly, as in UIKit: the test keeps it.
        let (film, table, model) = table(rows: 100)
        defer { withExtendedLifetime(model) {} }
        film.at(0) { table.scrollToRow(at: IndexPath(row: 30, section: 0), at: .top, animated: true) }
        film.advanceUntilIdle()
        #expect(table.contentOffset.y == CGFloat(30 * 44))
        #expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 30, section: 0))
    }
}

/// Two titled sections of ten rows.
@MainActor final class TitledSections: UITableViewDataSource {
    func numberOfSections(in tableView: UITableView) -> Int { 2 }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 10 }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
        cell.textLabel?.text = "\(indexPath.section).\(indexPath.row)"
        return cell
    }
}

@MainActor @Suite(.serialized) struct UITableViewHeaderTests {
    @Test func aPlainTablesHeaderStaysPinnedUntilTheNextPushesItUp() {
        let film = Film(size: CGSize(width: 320, height: 300), framesPerSecond: 30)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300), style: .plain)
        let sections = TitledSections()
        table.dataSource = sections
        film.rootView.addSubview(table)
        film.advance(to: 0)
        // Section 0: header 0…28, rows to 468; section 1's header at 468.
        #expect(table.rectForHeader(inSection: 1).minY == 468)
        film.at(0.1) { table.contentOffset = CGPoint(x: 0, y: 100) }
        film.advance(to: 0.1)
        #expect(table.headerView(forSection: 0)?.frame.minY == 100, "pinned at the top of the view")
        film.at(0.2) { table.contentOffset = CGPoint(x: 0, y: 450) }
        film.advance(to: 0.2)
        #expect(table.headerView(forSection: 0)?.frame.minY == 440, "pushed up by section 1's")
        #expect(table.headerView(forSection: 1)?.frame.minY == 468)
        withExtendedLifetime(sections) {}
    }
}

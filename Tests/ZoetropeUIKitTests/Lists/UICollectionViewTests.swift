import Foundation
import Testing
import ZoetropeUIKit

@MainActor final class Tiles: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var items: [Int]
    init(count: Int) { items = Array(0..<count) }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cell.tag = items[indexPath.item]
        return cell
    }
}

/// A layout of its own: one column of 30 pt rows.
final class ColumnLayout: UICollectionViewLayout {
    var frames: [UICollectionViewLayoutAttributes] = []
    override func prepare() {
        guard let collectionView else { return }
        frames = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = CGRect(x: 0, y: CGFloat(item) * 30, width: 100, height: 30)
            return attributes
        }
    }
    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: CGFloat(frames.count) * 30) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { frames.filter { $0.frame.intersects(rect) } }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { frames[indexPath.item] }
}

@MainActor @Suite(.serialized) struct UICollectionViewTests {
    func grid(count: Int) -> (Film, UICollectionView, Tiles) {
        let film = Film(size: CGSize(width: 320, height: 300), framesPerSecond: 30)
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 90, height: 90)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 300), collectionViewLayout: layout)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        let tiles = Tiles(count: count)
        collection.dataSource = tiles
        collection.delegate = tiles
        film.rootView.addSubview(collection)
        film.advance(to: 0)
        return (film, collection, tiles)
    }

    @Test func aFlowLayoutFillsLinesAndSpreadsTheirItems() {
        let (_, collection, _) = grid(count: 10)
        // 300 pt of line: three 90 pt items, the 30 pt left shared by the two gaps (15 each).
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 10, y: 10, width: 90, height: 90))
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 115, y: 10, width: 90, height: 90))
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 220, y: 10, width: 90, height: 90))
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 10, y: 110, width: 90, height: 90))
        // Four lines: 10 + 4 × 90 + 3 × 10 + 10.
        #expect(collection.contentSize.height == 410)
        #expect(collection.indexPathsForVisibleItems == (0..<9).map { IndexPath(item: $0, section: 0) })
        #expect(collection.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == CGRect(x: 115, y: 110, width: 90, height: 90))
    }

    @Test func insertedItemsFadeInWhileTheOthersMove() {
        let (film, collection, tiles) = grid(count: 6)
        let second = collection.cellForItem(at: IndexPath(item: 1, section: 0))
        film.at(0.5) {
            tiles.items.insert(99, at: 0)
            collection.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        film.advance(to: 0.65)
        let inserted = collection.cellForItem(at: IndexPath(item: 0, section: 0))
        #expect(inserted?.tag == 99)
        #expect(abs(CGFloat(inserted?.layer.presentation()?.opacity ?? 0) - 0.5) < 0.01)
        // The old second item moves from (115, 10) to the third place (220, 10): halfway.
        #expect(abs((second?.layer.presentation()?.frame.minX ?? 0) - 167.5) < 0.5)
        film.advanceUntilIdle()
        #expect(second?.frame.origin == CGPoint(x: 220, y: 10))
        #expect(collection.visibleCells.map(\.tag) == [99, 0, 1, 2, 3, 4, 5])
    }

    @Test func deletedItemsGoAndTheOthersCloseUp() {
        let (film, collection, tiles) = grid(count: 6)
        film.at(0.2) {
            collection.performBatchUpdates({
                tiles.items.remove(at: 0)
                collection.deleteItems(at: [IndexPath(item: 0, section: 0)])
            })
        }
        film.advanceUntilIdle()
        #expect(collection.visibleCells.map(\.tag) == [1, 2, 3, 4, 5])
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.origin == CGPoint(x: 10, y: 10))
    }

    @Test func aCustomLayoutPlacesTheItems() {
        let film = Film(size: CGSize(width: 100, height: 90), framesPerSecond: 30)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 90), collectionViewLayout: ColumnLayout())
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        let tiles = Tiles(count: 10)
        collection.dataSource = tiles
        film.rootView.addSubview(collection)
        film.advance(to: 0)
        #expect(collection.contentSize == CGSize(width: 100, height: 300))
        #expect(collection.visibleCells.map(\.frame.minY) == [0, 30, 60])
        film.at(0.1) { collection.contentOffset = CGPoint(x: 0, y: 100) }
        film.advance(to: 0.2)
        #expect(collection.indexPathsForVisibleItems.map(\.item) == [3, 4, 5, 6])
    }
}

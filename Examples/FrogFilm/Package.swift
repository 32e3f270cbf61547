// swift-tools-version:6.0
import Foundation
import PackageDescription

// An app's package rendering animations with Zoetrope from Swift code, and testing them with
// swift-snapshot-testing. It depends on Zoetrope by path; in your own package that line is
// `.package(url: "https://github.com/<owner>/zoetrope", from: "…")` and `package:` is then
// "zoetrope" (the last part of the URL). ZoetropeSnapshotTesting is a package of its own, in
// Zoetrope's Packages/ folder, taken by path.

// A package met by path is known by its folder's name, which is the clone's: read it.
let zoetrope = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "FrogFilm",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(path: "../../Packages/ZoetropeSnapshotTesting"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .executableTarget(name: "FrogFilm", dependencies: [
            .product(name: "ZoetropeCore", package: zoetrope),
            .product(name: "ZoetropePipeline", package: zoetrope),
        ]),
        .testTarget(name: "FrogFilmTests", dependencies: [
            .product(name: "ZoetropeCore", package: zoetrope),
            .product(name: "ZoetropeFormat", package: zoetrope),
            .product(name: "ZoetropePipeline", package: zoetrope),
            .product(name: "ZoetropeUIKit", package: zoetrope),
            .product(name: "ZoetropeSnapshotTesting", package: "ZoetropeSnapshotTesting"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ]
)

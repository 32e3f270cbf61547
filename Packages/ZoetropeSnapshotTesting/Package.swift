// swift-tools-version:6.0
import Foundation
import PackageDescription

// ZoetropeSnapshotTesting: swift-snapshot-testing strategies for Zoetrope's scenes and movies,
// a package of its own so that depending on Zoetrope's libraries does not resolve
// swift-snapshot-testing, swift-syntax and their dependencies. SwiftPM takes a package by URL
// only at a repository's root, so this one is taken by path, from a clone or a submodule of
// Zoetrope: .package(path: "<zoetrope>/Packages/ZoetropeSnapshotTesting") (README: Snapshot
// tests in Swift).

// Zoetrope, met by path, is known by its folder's name, which is the clone's: read it.
let zoetrope = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "ZoetropeSnapshotTesting",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ZoetropeSnapshotTesting", targets: ["ZoetropeSnapshotTesting"]),
    ],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .target(
            name: "ZoetropeSnapshotTesting",
            dependencies: [
                .product(name: "ZoetropeCore", package: zoetrope),
                .product(name: "ZoetropeRender", package: zoetrope),
                .product(name: "ZoetropePipeline", package: zoetrope),
                .product(name: "ZoetropeUIKit", package: zoetrope),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["README.md"]
        ),
        .testTarget(
            name: "ZoetropeSnapshotTestingTests",
            dependencies: [
                "ZoetropeSnapshotTesting",
                .product(name: "ZoetropeCore", package: zoetrope),
                .product(name: "ZoetropeFormat", package: zoetrope),
                .product(name: "ZoetropePipeline", package: zoetrope),
                .product(name: "ZoetropeRender", package: zoetrope),
                .product(name: "ZoetropeUIKit", package: zoetrope),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
    ]
)

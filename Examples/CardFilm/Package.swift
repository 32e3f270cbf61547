// swift-tools-version:6.0
import Foundation
import PackageDescription

// UIKit animation code on Linux: a program written against UIKit's names and a `Film`, built
// against Zoetrope by path (in your own package: `.package(url: "<where you get Zoetrope>", from: "…")`).

// A package met by path is known by its folder's name, which is the clone's: read it.
let zoetrope = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "CardFilm",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(name: "CardFilm", dependencies: [.product(name: "ZoetropeUIKit", package: zoetrope)]),
    ]
)

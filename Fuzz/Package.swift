// swift-tools-version:6.0
import Foundation
import PackageDescription

// libFuzzer targets for Zoetrope's inputs (see docs/reliability.md). `make fuzz-build` builds
// them with `-sanitize=fuzzer` (and FuzzFirstFrame also with `address`, in .build-asan): each
// product is then a libFuzzer binary taking corpus folders, `-max_total_time=S` and the like.
// Each has a main of its own (SwiftPM gives executables one) that hands over to libFuzzer's
// driver; `make fuzz` and `make fuzz-short` run them through run.sh.

// A package met by path is known by its folder's name, which is the clone's: read it.
let zoetrope = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "ZoetropeFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "FuzzSceneReader", dependencies: ["CLibFuzzer", .product(name: "ZoetropeFormat", package: zoetrope)]),
        .executableTarget(name: "FuzzFirstFrame", dependencies: [
            "CLibFuzzer", .product(name: "ZoetropeFormat", package: zoetrope), .product(name: "ZoetropeRender", package: zoetrope),
        ]),
        .executableTarget(name: "FuzzSceneAtSize", dependencies: [
            "CLibFuzzer", .product(name: "ZoetropeFormat", package: zoetrope), .product(name: "ZoetropeRender", package: zoetrope),
        ]),
        .executableTarget(name: "FuzzCommandLine", dependencies: [
            "CLibFuzzer", .product(name: "ZoetropeFormat", package: zoetrope), .product(name: "ZoetropeRender", package: zoetrope), .product(name: "ZoetropePipeline", package: zoetrope),
        ]),
        .executableTarget(name: "FuzzCurveSpec", dependencies: ["CLibFuzzer", .product(name: "ZoetropeFormat", package: zoetrope)]),
        .executableTarget(name: "FuzzSVGPath", dependencies: ["CLibFuzzer", .product(name: "ZoetropeCore", package: zoetrope)]),
    ]
)

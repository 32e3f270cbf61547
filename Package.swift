// swift-tools-version:6.0
import PackageDescription

// The layers of docs/architecture.md. Imports only point down this list:
// zoetrope (CLI), ZoetropeUIKit → ZoetropePipeline → ZoetropeRender, ZoetropeFormat → ZoetropeCore, ZoetropeFiles (every
// system call and the one error type, importing nothing of ours); CCairo, CPango, CDeflate, CZlib, CCrypto, CJPEG and CWebP only under ZoetropeRender;
// CDuktape only under ZoetropeFormat;
// CMalloc only in the executable's main.
let package = Package(
    name: "Zoetrope",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "zoetrope", targets: ["zoetrope"]),
        .library(name: "ZoetropeCore", targets: ["ZoetropeCore"]),
        .library(name: "ZoetropeFiles", targets: ["ZoetropeFiles"]),
        .library(name: "ZoetropeFormat", targets: ["ZoetropeFormat"]),
        .library(name: "ZoetropeRender", targets: ["ZoetropeRender"]),
        .library(name: "ZoetropePipeline", targets: ["ZoetropePipeline"]),
        .library(name: "ZoetropeUIKit", targets: ["ZoetropeUIKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "ZoetropeCore",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            exclude: ["README.md"]
        ),
        .target(
            name: "ZoetropeFiles",
            exclude: ["README.md"]
        ),
        .target(
            name: "ZoetropeFormat",
            dependencies: ["ZoetropeCore", "ZoetropeFiles", "Yams", "CZlib", "CDuktape", .product(name: "RealModule", package: "swift-numerics")],
            exclude: ["README.md"]
        ),
        // Debian's Duktape (duktape-dev: /usr/share/duktape/duktape.c, compiled in place with an
        // instruction budget), the JavaScript engine of Lottie expressions, for ZoetropeFormat alone.
        .target(name: "CDuktape", linkerSettings: [.linkedLibrary("m")]),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // Text: Pango with PangoCairo (HarfBuzz shaping, fontconfig, bidi, line breaking), for
        // ZoetropeRender/Text/ alone.
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]
        ),
        // glibc's malloc.h, for the executable alone (Sources/CMalloc/shim.h says why).
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        .target(
            name: "ZoetropeRender",
            dependencies: [
                "ZoetropeCore",
                "ZoetropeFiles",
                "CCairo",
                "CPango",
                "CDeflate",
                "CZlib",
                "CCrypto",
                "CJPEG",
                "CWebP",
            ],
            exclude: ["README.md"]
        ),
        .target(
            name: "ZoetropePipeline",
            dependencies: ["ZoetropeCore", "ZoetropeFiles", "ZoetropeFormat", "ZoetropeRender", "Yams"],
            exclude: ["README.md"]
        ),
        .target(
            name: "ZoetropeUIKit",
            dependencies: ["ZoetropeCore", "ZoetropeFiles", "ZoetropeFormat", "ZoetropePipeline"],
            exclude: ["README.md"]
        ),
        .executableTarget(
            name: "zoetrope",
            dependencies: [
                "ZoetropeCore", "ZoetropeFiles", "ZoetropeFormat", "ZoetropeRender", "ZoetropePipeline", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["README.md"]
        ),
        // The seed chapters' UIKit code, filmed (Examples/README.md): built with the package,
        // compared frame by frame with their scenes by `make test-seeds`.
        .executableTarget(name: "Dismiss", dependencies: ["ZoetropeUIKit"], path: "Examples/Dismiss"),
        .executableTarget(name: "Navigation", dependencies: ["ZoetropeUIKit"], path: "Examples/Navigation"),
        .executableTarget(name: "SignUp", dependencies: ["ZoetropeUIKit"], path: "Examples/SignUp"),
        .executableTarget(name: "StackToggle", dependencies: ["ZoetropeUIKit"], path: "Examples/StackToggle"),
        .executableTarget(name: "Table", dependencies: ["ZoetropeUIKit"], path: "Examples/Table"),
        .executableTarget(name: "BlurPreview", dependencies: ["ZoetropeUIKit"], path: "Examples/BlurPreview"),
        .executableTarget(name: "ChatText", dependencies: ["ZoetropeUIKit"], path: "Examples/ChatText"),
        .executableTarget(name: "LayerTime", dependencies: ["ZoetropeUIKit"], path: "Examples/LayerTime"),
        .executableTarget(name: "Animalation", dependencies: ["ZoetropeUIKit"], path: "Examples/Animalation",
                          resources: [.copy("Resources")]),
        // The Swift side of `make test-layout`: solves the random constraint systems of
        // Tests/Layout/kiwi_check.py with ZoetropeUIKit's ConstraintSolver, to compare with kiwisolver.
        .executableTarget(name: "LayoutCheck", dependencies: ["ZoetropeUIKit"], path: "Tools/LayoutCheck"),
        .testTarget(name: "ZoetropeCoreTests", dependencies: ["ZoetropeCore"]),
        .testTarget(name: "ZoetropeFilesTests", dependencies: ["ZoetropeFiles", "ZoetropeCore"]),
        .testTarget(name: "ZoetropeFormatTests", dependencies: ["ZoetropeFormat", "ZoetropeCore", "ZoetropeFiles"]),
        .testTarget(name: "ZoetropeRenderTests", dependencies: ["ZoetropeRender", "ZoetropeFormat", "ZoetropeCore", "ZoetropeFiles"], exclude: ["Goldens"]),
        .testTarget(name: "ZoetropeCLITests", dependencies: ["ZoetropePipeline", "ZoetropeRender", "ZoetropeFormat", "ZoetropeCore", "ZoetropeFiles"], exclude: ["SeedGoldens", "LottieGoldens"]),
        .testTarget(name: "ZoetropePipelineTests", dependencies: ["ZoetropePipeline", "ZoetropeRender", "ZoetropeFormat", "ZoetropeFiles"]),
        .testTarget(name: "ZoetropeUIKitTests", dependencies: ["ZoetropeUIKit", "ZoetropePipeline", "ZoetropeRender", "ZoetropeFormat", "ZoetropeCore", "ZoetropeFiles"]),
    ]
)

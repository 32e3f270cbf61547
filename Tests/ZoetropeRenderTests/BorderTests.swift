import Foundation
import Testing

/// The C boundaries stay in their folders (STYLE.md, "The C boundary fits in one folder"):
/// `cairo_*` is called only under `Sources/ZoetropeRender/Cairo/`, Pango and fontconfig only under
/// `Sources/ZoetropeRender/Text/`, and each C module is imported
/// only where it is owned. Every `.swift` file under `Sources/` is read; a failure names the file
/// and line.
@Suite struct BorderTests {
    /// Where each C module may be imported: a folder (ending in `/`) or one file, relative to the
    /// package root.
    static let allowedImports: [String: [String]] = [
        "CCairo": ["Sources/ZoetropeRender/Cairo/"],
        "CPango": ["Sources/ZoetropeRender/Text/"],
        "CDeflate": ["Sources/ZoetropeRender/PNG/"],
        "CZlib": ["Sources/ZoetropeRender/PNG/", "Sources/ZoetropeFormat/Lottie/Archive/"],
        "CCrypto": ["Sources/ZoetropeRender/Hashing/SHA256Digest.swift"],
        "CMalloc": ["Sources/zoetrope/Zoetrope.swift"],
        "CDuktape": ["Sources/ZoetropeFormat/Lottie/Expressions/ExpressionEngine.swift"],
    ]

    /// The only folder that may call `cairo_*`.
    static let cairoFolder = "Sources/ZoetropeRender/Cairo/"

    /// The text engine's folder: the only one that calls Pango, and so PangoCairo's
    /// `pango_cairo_*` (never Cairo's own functions).
    static let textFolder = "Sources/ZoetropeRender/Text/"

    /// The only folder that may ask the file system what a path is (`stat`, `lstat`, `fstat`).
    static let filesFolder = "Sources/ZoetropeFiles/"

    /// The package root: this file is `Tests/ZoetropeRenderTests/BorderTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `.swift` file under `Sources/`, as (path relative to the root, text), sorted.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        guard let enumerator = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        var files: [(path: String, text: String)] = []
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources.appendingPathComponent(relative).path, encoding: .utf8)
            files.append(("Sources/" + relative, text))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// `path:line: what` for every line of `text` (the file at `path`) that crosses a border.
    /// Comments count too: a `cairo_` name in a comment outside `Cairo/` is a call waiting to happen.
    static func violations(in text: String, path: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let cairoLine = path.hasPrefix(textFolder) ? line.replacingOccurrences(of: "pango_cairo_", with: "") : String(line)
            if cairoLine.contains("cairo_") && !path.hasPrefix(cairoFolder) {
                found.append("\(path):\(number + 1): calls Cairo outside \(cairoFolder): \(line.trimmingCharacters(in: .whitespaces))")
            }
            if !path.hasPrefix(textFolder), line.range(of: #"(^|[^A-Za-z0-9_])(pango_|Fc[A-Z])"#, options: .regularExpression) != nil {
                found.append("\(path):\(number + 1): calls a text API outside \(textFolder): \(line.trimmingCharacters(in: .whitespaces))")
            }
            if !path.hasPrefix(filesFolder), line.range(of: #"(^|[^A-Za-z0-9_.])[lf]?stat\("#, options: .regularExpression) != nil {
                found.append("\(path):\(number + 1): calls stat outside \(filesFolder): \(line.trimmingCharacters(in: .whitespaces))")
            }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let position = words.firstIndex(of: "import"), position + 1 < words.count else { continue }
            // `import X`, `internal import X`, `@_implementationOnly import X`, `import struct X.Y`…
            let module = words[(position + 1)...].first { !["struct", "class", "enum", "func", "var", "let", "protocol", "typealias"].contains(String($0)) }
                .map { String($0.split(separator: ".")[0]) }
            guard let module, let allowed = allowedImports[module] else { continue }
            if !allowed.contains(where: { $0.hasSuffix("/") ? path.hasPrefix($0) : path == $0 }) {
                found.append("\(path):\(number + 1): imports \(module), allowed only in \(allowed.joined(separator: ", "))")
            }
        }
        return found
    }

    @Test func cairoAndTheCModulesStayInsideTheirFolders() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 100, "found only \(files.count) files under \(Self.root.path)/Sources")
        let violations = files.flatMap { Self.violations(in: $0.text, path: $0.path) }
        #expect(violations.isEmpty, "\n\(violations.joined(separator: "\n"))")
    }

    /// The scan sees what it is looking for: the owning folders do use what they own.
    @Test func theOwningFilesAreWhereTheBordersSay() throws {
        let files = try Self.sourceFiles()
        #expect(files.contains { $0.path.hasPrefix(Self.cairoFolder) && $0.text.contains("cairo_image_surface_create(") })
        #expect(files.contains { $0.path.hasPrefix(Self.textFolder) && $0.text.contains("pango_layout_new(") })
        #expect(files.contains { $0.path == "Sources/ZoetropeRender/Hashing/SHA256Digest.swift" && $0.text.contains("import CCrypto") })
        #expect(files.contains { $0.path.hasPrefix("Sources/ZoetropeRender/PNG/") && $0.text.contains("import CDeflate") })
        #expect(files.contains { $0.path.hasPrefix(Self.filesFolder) && $0.text.contains("fstat(") })
    }

    @Test(arguments: [
        ("Sources/ZoetropeRender/Drawing/X.swift", "        cairo_save(pointer)", "calls Cairo"),
        ("Sources/ZoetropeRender/PNG/X.swift", "internal import CCairo", "imports CCairo"),
        ("Sources/ZoetropeRender/Frames/X.swift", "import CCrypto", "imports CCrypto"),
        ("Sources/zoetrope/X.swift", "@_implementationOnly import CZlib", "imports CZlib"),
        ("Sources/ZoetropeRender/Cairo/X.swift", "import CDeflate", "imports CDeflate"),
        ("Sources/ZoetropeRender/Cairo/X.swift", "internal import CPango", "imports CPango"),
        ("Sources/ZoetropeRender/Drawing/X.swift", "        pango_layout_set_text(layout, text, -1)", "calls a text API"),
        ("Sources/ZoetropeRender/Text/X.swift", "        cairo_show_text(pointer, text)", "calls Cairo"),
        ("Sources/ZoetropeFormat/X.swift", "        guard lstat(path, &info) == 0 else { return nil }", "calls stat"),
    ])
    func aCrossingIsNamedWithItsFileAndLine(path: String, line: String, expected: String) {
        let found = Self.violations(in: "import ZoetropeCore\n\n" + line + "\n", path: path)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("\(path):3: \(expected)") == true, "\(found)")
    }

    @Test(arguments: [
        ("Sources/ZoetropeRender/Cairo/X.swift", "internal import CCairo\n    cairo_save(pointer)"),
        ("Sources/ZoetropeRender/Text/X.swift", "internal import CPango\n    pango_cairo_show_layout(context.pointer, layout)"),
        ("Sources/ZoetropeRender/PNG/X.swift", "internal import CDeflate\ninternal import CZlib"),
        ("Sources/ZoetropeRender/Hashing/SHA256Digest.swift", "internal import CCrypto"),
        ("Sources/ZoetropeRender/Drawing/X.swift", "import ZoetropeCore\n/// Draws like Cairo's `translate`."),
        ("Sources/ZoetropeFiles/X.swift", "        guard fstat(descriptor, &info) == 0 else { return nil }"),
        ("Sources/ZoetropeRender/X.swift", "        FileSystem.stat(path); let x = image.stat(); restat(0)"),
    ])
    func linesInsideTheirFolderPass(path: String, text: String) {
        #expect(Self.violations(in: text, path: path).isEmpty)
    }
}

import Foundation
import Testing

/// Two rooms keep what is dangerous or global in one place each (docs/architecture.md,
/// "Borders"): every system call is made in `Sources/ZoetropeFiles/`, and every exit status is
/// chosen in the command's one table, `Sources/zoetrope/Support/ExitStatus.swift` (the
/// libraries throw `ZoetropeError` kinds). Every `.swift` file under `Sources/` is read, its
/// comments and the text of its string literals left out (interpolations are code and are
/// read); a failure names the file and line.
@Suite struct RoomTests {
    /// The one folder that may make system calls.
    static let filesFolder = "Sources/ZoetropeFiles/"
    /// The command-line target: the only one that may end the process (`exit`, `ExitCode`).
    static let commandFolder = "Sources/zoetrope/"
    /// The one file that may spell an exit status as a number.
    static let exitTable = "Sources/zoetrope/Support/ExitStatus.swift"

    /// C library functions that are system calls (or wrap one) and have no other meaning in
    /// Swift: a call of one outside the files room, unqualified or as `Glibc.name(`, is a
    /// crossing.
    static let systemCalls: Set<String> = [
        "stat", "lstat", "fstat", "fstatat", "statfs", "access", "faccessat", "openat", "creat", "mkdir", "mkdirat",
        "rmdir", "unlink", "unlinkat", "rename", "renameat", "link", "linkat", "symlink", "readlink", "realpath",
        "chmod", "fchmod", "chown", "truncate", "ftruncate", "fsync", "fdatasync", "lseek", "pread", "pwrite",
        "mmap", "munmap", "flock", "lockf", "fcntl", "ioctl", "dup", "dup2", "pipe", "mkfifo", "mkstemp", "mkdtemp",
        "opendir", "fdopendir", "readdir", "closedir", "scandir", "getcwd", "chdir",
        "fopen", "fdopen", "freopen", "fclose", "fread", "fwrite", "fgets", "fputs", "fflush", "popen", "pclose",
        "posix_spawn", "posix_spawnp", "fork", "vfork", "execv", "execve", "execvp", "system", "waitpid", "wait",
        "getpid", "getppid", "kill", "raise", "signal", "sigaction", "gethostname", "getenv", "setenv", "unsetenv",
        "sysconf", "isatty", "socket", "setsockopt", "getsockopt", "getsockname", "recv", "recvfrom", "sendto",
        "sendmsg", "poll", "select", "epoll_create1", "inotify_init1", "usleep", "nanosleep",
    ]

    /// System calls whose names Swift code also gives its own methods (`read(_:)`, `close()`,
    /// `write(_:to:)`): a crossing when called as `Glibc.name(`, or unqualified with unlabelled
    /// arguments in a file that imports the C library (Glibc, Darwin, or Foundation, which
    /// re-exports it).
    static let sharedNames: Set<String> = ["open", "read", "write", "close", "send", "accept", "bind", "listen", "shutdown"]

    /// Foundation's ways to the file system, the environment and processes.
    static let foundationCalls: [(pattern: NSRegularExpression, name: String)] = [
        (#"\bFileManager\b"#, "FileManager"), (#"\bFileHandle\b"#, "FileHandle"), (#"\bProcessInfo\b"#, "ProcessInfo"),
        (#"(^|[^A-Za-z0-9_.])Process\("#, "Process"), (#"\b(Data|NSData|String|NSString)\(contentsOf(File)?:"#, "a read through Foundation (contentsOf:)"),
        (#"\bwrite\(toFile:"#, "write(toFile:)"), (#"\.write\(to: *URL"#, "write(to: URL)"),
    ].map { (regex($0.0), $0.1) }

    static let exitCodeWord = regex(#"\bexitCode\b"#), exitCodeType = regex(#"\bExitCode\b"#)
    static let numericStatus = regex(#"(\bExitCode\((rawValue: *)?|(^|[^A-Za-z0-9_.])exit\(|\bGlibc\.exit\()-?[0-9]"#)
    static let call = regex(#"(?:([A-Za-z_][A-Za-z0-9_]*)?(\.))?\b([A-Za-z_][A-Za-z0-9_]*)\("#)
    static let declaration = regex(#"\b(func|init|case)\s*$"#)
    static let label = regex(#"(^|,)\s*[A-Za-z_][A-Za-z0-9_]*:(?!:)"#)

    /// A pattern compiled once (a scan of every source file reads some 30,000 lines).
    static func regex(_ pattern: String) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            // The patterns are this file's own literals: one that does not compile is a bug here.
            preconditionFailure("RoomTests: \(pattern) does not compile: \(error)")
        }
    }

    /// True when `regex` matches somewhere in `text`.
    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
    }

    /// The package root: this file is `Tests/ZoetropeFilesTests/RoomTests.swift`.
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

    /// `text` with comments and the characters of string literals replaced by spaces (line
    /// breaks kept, so lines keep their numbers); string interpolations stay, being code. Raw
    /// strings (`#"…"#`) and multi-line ones are followed too.
    static func code(of text: String) -> String {
        enum Mode: Equatable { case code, line, block, string(multiline: Bool, hashes: Int) }
        let characters = Array(text)
        var output = characters
        // What each open interpolation returns to, and the parentheses open inside it.
        var modes: [Mode] = [.code], depths: [Int] = [0]
        var index = 0
        func blank(_ position: Int) { if position < output.count, output[position] != "\n" { output[position] = " " } }
        func starts(_ literal: String, at position: Int) -> Bool {
            var offset = position
            for character in literal {
                guard offset < characters.count, characters[offset] == character else { return false }
                offset += 1
            }
            return true
        }
        while index < characters.count {
            let character = characters[index]
            switch modes[modes.count - 1] {
            case .code:
                if starts("//", at: index) {
                    modes[modes.count - 1] = .line
                    continue
                }
                if starts("/*", at: index) {
                    modes[modes.count - 1] = .block
                    continue
                }
                var hashes = 0
                while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
                if index + hashes < characters.count, characters[index + hashes] == "\"" {
                    let multiline = starts("\"\"\"", at: index + hashes)
                    modes.append(.string(multiline: multiline, hashes: hashes))
                    depths.append(0)
                    index += hashes + (multiline ? 3 : 1)
                    continue
                }
                if character == "(" { depths[depths.count - 1] += 1 }
                if character == ")" {
                    if depths[depths.count - 1] == 0, modes.count > 1 {
                        // The end of an interpolation: back into its string.
                        modes.removeLast()
                        depths.removeLast()
                    } else {
                        depths[depths.count - 1] -= 1
                    }
                }
                index += max(hashes, 1)
            case .line:
                if character == "\n" { modes[modes.count - 1] = .code } else { blank(index) }
                index += 1
            case .block:
                if starts("*/", at: index) {
                    blank(index)
                    blank(index + 1)
                    modes[modes.count - 1] = .code
                    index += 2
                } else {
                    blank(index)
                    index += 1
                }
            case .string(let multiline, let hashes):
                let delimiter = String(repeating: "#", count: hashes)
                let escape = "\\" + delimiter
                if starts(escape + "(", at: index) {
                    for offset in 0..<(escape.count + 1) { blank(index + offset) }
                    modes.append(.code)
                    depths.append(0)
                    index += escape.count + 1
                } else if starts(escape, at: index) {
                    for offset in 0...escape.count { blank(index + offset) }
                    index += escape.count + 1
                } else if starts((multiline ? "\"\"\"" : "\"") + delimiter, at: index) {
                    modes.removeLast()
                    depths.removeLast()
                    index += (multiline ? 3 : 1) + hashes
                } else {
                    blank(index)
                    index += 1
                }
            }
        }
        return String(output)
    }

    /// True when the file imports the C library (directly, or through Foundation).
    static func importsC(_ text: String) -> Bool {
        text.range(of: #"(?m)^\s*(@_exported |internal |@preconcurrency )?import (Glibc|Darwin|Foundation)\s*$"#, options: .regularExpression) != nil
    }

    /// `path:line: what` for every system call outside the files room and every exit status
    /// chosen outside the command's table, in `text` (the file at `path`).
    static func violations(in text: String, path: String) -> [String] {
        let cLibrary = importsC(text)
        var found: [String] = []
        let lines = code(of: text).split(separator: "\n", omittingEmptySubsequences: false)
        let original = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            let line = String(line)
            let shown = original[number].trimmingCharacters(in: .whitespaces)
            let calls = line.contains("(") ? calls(in: line) : []
            func report(_ what: String) { found.append("\(path):\(number + 1): \(what): \(shown)") }
            if !path.hasPrefix(filesFolder) {
                for call in calls {
                    let qualified = call.qualifier == "Glibc" || call.qualifier == "Darwin" || call.qualifier == "Foundation"
                    if call.qualifier == nil || qualified, !call.isDeclaration {
                        if systemCalls.contains(call.name) || call.name.hasPrefix("posix_spawn") {
                            report("calls \(call.name) outside \(filesFolder)")
                        } else if sharedNames.contains(call.name), qualified || (cLibrary && call.unlabelled) {
                            report("calls \(call.name) outside \(filesFolder)")
                        }
                    }
                }
                for (pattern, name) in foundationCalls where matches(pattern, line) {
                    report("uses \(name) outside \(filesFolder)")
                }
            }
            if !path.hasPrefix(commandFolder) {
                if matches(exitCodeWord, line) {
                    report("speaks of an exit code outside \(commandFolder) (throw a ZoetropeError kind)")
                }
                if calls.contains(where: { ["exit", "_exit", "abort"].contains($0.name) && ($0.qualifier == nil || $0.qualifier == "Glibc") && !$0.isDeclaration }) {
                    report("ends the process outside \(commandFolder)")
                }
                if matches(exitCodeType, line) {
                    report("uses ExitCode outside \(commandFolder)")
                }
            } else if path != exitTable,
                      matches(numericStatus, line) {
                report("spells an exit status as a number outside \(exitTable)")
            }
        }
        return found
    }

    /// A call in a line of code: the name, what it is called on (`Glibc` in `Glibc.read(`, nil
    /// for a free call, "." for a method on a value), whether it is the name of a declaration
    /// (`func read(`), and whether none of its arguments has a label (C functions' have none).
    struct Call {
        var name: String
        var qualifier: String?
        var isDeclaration: Bool
        var unlabelled: Bool
    }

    /// True when the arguments that start `text` (just after a call's `(`, to its `)` or the end
    /// of the line) have a label (`to: path`) at their own depth.
    static func hasLabel(_ text: [UInt16]) -> Bool {
        var depth = 0, arguments = ""
        for unit in text {
            let character = Character(UnicodeScalar(unit) ?? " ")
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) {
                if depth == 0 { break }
                depth -= 1
            }
            arguments.append(depth == 0 ? character : " ")
        }
        return matches(label, arguments)
    }

    static func calls(in line: String) -> [Call] {
        let text = line as NSString
        return call.matches(in: line, range: NSRange(location: 0, length: text.length)).map { match in
            func group(_ index: Int) -> String? {
                let range = match.range(at: index)
                return range.location == NSNotFound ? nil : text.substring(with: range)
            }
            let dot = group(2) != nil
            let qualifier = dot ? (group(1) ?? ".") : nil
            let before = text.substring(to: match.range.location)
            let isDeclaration = matches(declaration, before)
            return Call(name: group(3) ?? "", qualifier: qualifier, isDeclaration: isDeclaration,
                        unlabelled: !hasLabel(Array(line.utf16.dropFirst(match.range.location + match.range.length))))
        }
    }

    @Test func systemCallsAndExitStatusesStayInTheirRooms() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 100, "found only \(files.count) files under \(Self.root.path)/Sources")
        let violations = files.flatMap { Self.violations(in: $0.text, path: $0.path) }
        #expect(violations.isEmpty, "\n\(violations.joined(separator: "\n"))")
    }

    /// The scan sees what it looks for: the rooms do hold what they own.
    @Test func theRoomsHoldWhatTheyOwn() throws {
        let files = try Self.sourceFiles()
        func owned(_ path: String) -> [String] {
            files.filter { $0.path.hasPrefix(path) }.flatMap { Self.calls(in: Self.code(of: $0.text)).map(\.name) }
        }
        let inFiles = Set(owned(Self.filesFolder))
        for call in ["lstat", "fstat", "opendir", "flock", "posix_spawn", "getpid", "kill", "mkdir", "rename", "socket"] {
            #expect(inFiles.contains(call), "no \(call)( in \(Self.filesFolder)")
        }
        let table = try #require(files.first { $0.path == Self.exitTable })
        #expect(table.text.contains("static func of(_ kind: ZoetropeError.Kind) -> Int32"))
        #expect(Self.violations(in: table.text, path: Self.exitTable).isEmpty)
    }

    @Test(arguments: [
        ("Sources/ZoetropePipeline/X.swift", "        let fd = open(path, O_RDONLY)", "calls open outside"),
        ("Sources/ZoetropeRender/X.swift", "        guard let d = opendir(folder) else { return [] }", "calls opendir outside"),
        ("Sources/ZoetropePipeline/X.swift", "        let status = posix_spawn(&pid, path, &actions, nil, argv, environ)", "calls posix_spawn outside"),
        ("Sources/ZoetropePipeline/X.swift", "        while flock(lock, LOCK_EX) != 0 {}", "calls flock outside"),
        ("Sources/ZoetropeRender/X.swift", "    static let stamp = \"\\(host)-\\(getpid())\"", "calls getpid outside"),
        ("Sources/ZoetropeRender/X.swift", "    static let stamp = #\"<a b=\"\\#(getpid())\">\"#", "calls getpid outside"),
        ("Sources/ZoetropeFormat/X.swift", "        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))", "uses a read through Foundation"),
        ("Sources/zoetrope/X.swift", "        let names = try FileManager.default.contentsOfDirectory(atPath: folder)", "uses FileManager outside"),
        ("Sources/ZoetropePipeline/X.swift", "        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }", "calls read outside"),
        ("Sources/ZoetropePipeline/X.swift", "        write(STDERR_FILENO, text)", "calls write outside"),
        ("Sources/ZoetropeRender/X.swift", "        throw RenderError(message: m, exitCode: 64)", "speaks of an exit code outside"),
        ("Sources/ZoetropePipeline/X.swift", "    public var exitCode: Int32 { 64 }", "speaks of an exit code outside"),
        ("Sources/ZoetropePipeline/X.swift", "        exit(1)", "ends the process outside"),
        ("Sources/zoetrope/Commands/X.swift", "            throw ExitCode(65)", "spells an exit status as a number"),
        ("Sources/zoetrope/Commands/X.swift", "            Glibc.exit(74)", "spells an exit status as a number"),
    ])
    func aCrossingIsNamedWithItsFileAndLine(path: String, line: String, expected: String) {
        let found = Self.violations(in: "import Glibc\n\n" + line + "\n", path: path)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("\(path):3: \(expected)") == true, "\(found)")
    }

    @Test(arguments: [
        ("Sources/ZoetropeFiles/X.swift", "        guard let d = opendir(folder) else { return [] }\n        while flock(lock, LOCK_EX) != 0 {}"),
        ("Sources/ZoetropeRender/X.swift", "        // opendir(folder) and exit(64) in a comment are not calls"),
        ("Sources/ZoetropeRender/X.swift", "        let text = \"kill(1) or stat( in a string, exitCode: 64\""),
        ("Sources/ZoetropeRender/X.swift", "        let text = \"\"\"\n        accept(null); read(x)\n        \"\"\""),
        ("Sources/ZoetropeRender/X.swift", "        let raw = #\"<a b=\"kill(1)\" c=\"\\#(name)\">\"#; let other = #\"\\(getpid())\"#"),
        ("Sources/ZoetropePipeline/X.swift", "import Foundation\n        try write(bytes, to: path); let x = read(file: a); listener.accept(); connection.close()"),
        ("Sources/ZoetropeFormat/X.swift", "        try parse(read(file), file: file)\n    func stat(_ a: Int) {}\n    static func write(_ b: [UInt8]) {}"),
        ("Sources/ZoetropeRender/X.swift", "        try FileSystem.prefix(of: p, count: 8); AtomicFile.rename(a, to: b); CurrentProcess.id"),
        ("Sources/zoetrope/Commands/X.swift", "            throw ExitCode(error.kind)\n            throw ExitCode(ExitStatus.differences)"),
        ("Sources/zoetrope/Support/ExitStatus.swift", "    static let usage: Int32 = 64\n    let x = ExitCode(65)"),
        ("Sources/ZoetropeRender/X.swift", "    throw RenderError(message: m, kind: .misuse)\n    let blur = (1...64).contains(n)"),
    ])
    func codeInsideItsRoomOrNotACallPasses(path: String, text: String) {
        #expect(Self.violations(in: text, path: path).isEmpty, "\(Self.violations(in: text, path: path))")
    }
}

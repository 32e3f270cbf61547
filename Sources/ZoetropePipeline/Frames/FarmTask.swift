import ZoetropeRender
/// Which task of a job array this process is, as the engine that started it says in its
/// environment, so that one command line (`--shard N`, or `--shard auto`) serves every farm.
public struct FarmTask: Hashable, Sendable {
    /// The engine, for messages ("Slurm", "Kubernetes", …).
    public let engine: String
    /// 0-based.
    public let index: Int
    /// How many tasks the engine runs, where it says.
    public let count: Int?

    /// An engine's variables and how to read them. The order is that of the messages.
    private struct Engine {
        let name: String
        let indexVariable: String
        let countVariable: String?
        let firstIndex: Int
    }

    private static let engines = [
        Engine(name: "Kubernetes Indexed Job", indexVariable: "JOB_COMPLETION_INDEX", countVariable: nil, firstIndex: 0),
        Engine(name: "AWS Batch", indexVariable: "AWS_BATCH_JOB_ARRAY_INDEX", countVariable: "AWS_BATCH_JOB_ARRAY_SIZE", firstIndex: 0),
        Engine(name: "Cloud Run", indexVariable: "CLOUD_RUN_TASK_INDEX", countVariable: "CLOUD_RUN_TASK_COUNT", firstIndex: 0),
        Engine(name: "GitLab CI", indexVariable: "CI_NODE_INDEX", countVariable: "CI_NODE_TOTAL", firstIndex: 1),
        Engine(name: "CircleCI", indexVariable: "CIRCLE_NODE_INDEX", countVariable: "CIRCLE_NODE_TOTAL", firstIndex: 0),
        Engine(name: "Buildkite", indexVariable: "BUILDKITE_PARALLEL_JOB", countVariable: "BUILDKITE_PARALLEL_JOB_COUNT", firstIndex: 0),
    ]

    /// The task `environment` describes; nil when no engine's variables are set. Throws when a
    /// variable is not a number, when two engines claim the process, or when a Slurm array is not
    /// a plain range (its task IDs then say nothing of a task's place).
    public static func current(in environment: [String: String]) throws(FrameSelectionError) -> FarmTask? {
        var found: [FarmTask] = []
        if let slurm = try slurmTask(in: environment) { found.append(slurm) }
        for engine in engines {
            guard let text = environment[engine.indexVariable] else { continue }
            let index = try difference(number(engine.indexVariable, text), engine.firstIndex,
                                       saying: "\(engine.indexVariable) (\(text)) − \(engine.firstIndex)")
            let count = try engine.countVariable.flatMap { name throws(FrameSelectionError) in try number(name, in: environment) }
            found.append(FarmTask(engine: engine.name, index: index, count: count))
        }
        guard found.count <= 1 else {
            throw FrameSelectionError(message: "the environment names a task of \(found.map(\.engine).joined(separator: " and ")); write --shard I/N")
        }
        return found.first
    }

    /// Slurm numbers array tasks by the IDs given to `--array`: a task's place is
    /// (ID − MIN) / STEP only when the IDs are a plain range (`0-7`, `1-7:2`); a list such as
    /// `0,4,9` says nothing of it.
    private static func slurmTask(in environment: [String: String]) throws(FrameSelectionError) -> FarmTask? {
        guard let text = environment["SLURM_ARRAY_TASK_ID"] else { return nil }
        func value(_ name: String) throws(FrameSelectionError) -> Int? { try number(name, in: environment) }
        let id = try number("SLURM_ARRAY_TASK_ID", text)
        let first = try value("SLURM_ARRAY_TASK_MIN") ?? 0
        let step = try value("SLURM_ARRAY_TASK_STEP") ?? 1
        let count = try value("SLURM_ARRAY_TASK_COUNT")
        let offset = try difference(id, first, saying: "SLURM_ARRAY_TASK_ID (\(id)) − SLURM_ARRAY_TASK_MIN (\(first))")
        if let last = try value("SLURM_ARRAY_TASK_MAX"), let count {
            let span = try difference(last, first, saying: "SLURM_ARRAY_TASK_MAX (\(last)) − SLURM_ARRAY_TASK_MIN (\(first))")
            let plain = step > 0 && span % step == 0 && span / step == count &- 1 && count > 0
            guard plain else {
                throw FrameSelectionError(message: "the Slurm array's task IDs (\(first)…\(last), \(count) tasks) are not a plain range, so task \(id) has no place among them; submit --array=0-\(max(count, 1) - 1), or write --shard I/N")
            }
        }
        guard step > 0, offset % step == 0 else {
            throw FrameSelectionError(message: "Slurm task \(id) is not on the array's range from \(first) in steps of \(step); write --shard I/N")
        }
        return FarmTask(engine: "Slurm", index: offset / step, count: count)
    }

    /// `a − b`, or an error saying `what` is out of range where it would overflow: the
    /// environment is anyone's text, and a task index past Int's range names no task.
    private static func difference(_ a: Int, _ b: Int, saying what: String) throws(FrameSelectionError) -> Int {
        let (result, overflow) = a.subtractingReportingOverflow(b)
        guard !overflow else {
            throw FrameSelectionError(message: "\(what) is out of range: it must lie within \(Int.min)...\(Int.max); write --shard I/N")
        }
        return result
    }

    private static func number(_ name: String, in environment: [String: String]) throws(FrameSelectionError) -> Int? {
        guard let text = environment[name] else { return nil }
        return try number(name, text)
    }

    private static func number(_ name: String, _ text: String) throws(FrameSelectionError) -> Int {
        guard let value = Int(text) else {
            throw FrameSelectionError(message: "\(name) is \"\(text)\", not a whole number")
        }
        return value
    }
}

extension FrameShard {
    /// The shard `--shard` names: `I/N`; `N`, with I from the farm engine's environment; or
    /// `auto`, with both from it.
    public init(option text: String, environment: [String: String]) throws(FrameSelectionError) {
        if text.contains("/") {
            try self.init(parsing: text)
            return
        }
        let count: Int?
        if text == "auto" {
            count = nil
        } else if let number = Int(text) {
            count = number
        } else {
            throw FrameSelectionError(message: "\"\(text)\" is not I/N, N or auto")
        }
        guard let task = try FarmTask.current(in: environment) else {
            throw FrameSelectionError(message: "no job array engine's variables are set (Slurm, Kubernetes, AWS Batch, Cloud Run, GitLab, CircleCI, Buildkite); write --shard I/N")
        }
        if let count, let given = task.count, count != given {
            throw FrameSelectionError(message: "\(task.engine) runs \(given) tasks, not \(count)")
        }
        guard let total = count ?? task.count else {
            throw FrameSelectionError(message: "\(task.engine) does not say how many tasks it runs; write --shard N")
        }
        try self.init(index: task.index, count: total)
    }
}

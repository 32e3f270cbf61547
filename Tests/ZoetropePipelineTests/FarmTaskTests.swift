import Testing
import ZoetropePipeline
import ZoetropeRender

/// `--shard N` and `--shard auto` read the task's place from whichever engine started it.
@Suite struct FarmTaskTests {
    @Test(arguments: [
        // Slurm plain ranges, from 0, from 1, stepped (`--array=1-7:2`, the last task).
        (["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "4"], "auto", "2/4"),
        (["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4", "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "4"], "4", "3/4"),
        (["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "4"], "auto", "3/4"),
        // Older Slurm without MAX/STEP/COUNT: ID − MIN, and the count from the command line.
        (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "2"], "8", "3/8"),
        (["JOB_COMPLETION_INDEX": "7"], "8", "7/8"),
        (["AWS_BATCH_JOB_ARRAY_INDEX": "0", "AWS_BATCH_JOB_ARRAY_SIZE": "10"], "auto", "0/10"),
        (["CLOUD_RUN_TASK_INDEX": "3", "CLOUD_RUN_TASK_COUNT": "5"], "5", "3/5"),
        (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"], "auto", "0/3"),
        (["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"], "auto", "2/3"),
        (["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"], "auto", "1/2"),
        (["BUILDKITE_PARALLEL_JOB": "5", "BUILDKITE_PARALLEL_JOB_COUNT": "6"], "auto", "5/6"),
        // I/N on the command line wins over any environment.
        (["JOB_COMPLETION_INDEX": "7"], "1/2", "1/2"),
    ])
    func theEngineGivesTheShard(environment: [String: String], option: String, expected: String) throws {
        #expect(try FrameShard(option: option, environment: environment).description == expected)
    }

    @Test(arguments: [
        // `--array=0,4,9`: task 9 of 3 has no place that its ID tells.
        (["SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "9", "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "3"], "3", "not a plain range"),
        (["JOB_COMPLETION_INDEX": "2"], "auto", "does not say how many tasks"),
        (["AWS_BATCH_JOB_ARRAY_INDEX": "2", "AWS_BATCH_JOB_ARRAY_SIZE": "10"], "4", "AWS Batch runs 10 tasks, not 4"),
        (["CI_NODE_INDEX": "one", "CI_NODE_TOTAL": "3"], "auto", "CI_NODE_INDEX is \"one\", not a whole number"),
        (["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "JOB_COMPLETION_INDEX": "0"], "2", "Kubernetes Indexed Job and GitLab CI"),
        ([:], "4", "no job array engine"),
        ([:], "four", "not I/N, N or auto"),
        (["CIRCLE_NODE_INDEX": "4", "CIRCLE_NODE_TOTAL": "4"], "auto", "within 0..<4"),
    ])
    func anUnclearTaskIsAnError(environment: [String: String], option: String, message: String) {
        #expect {
            try FrameShard(option: option, environment: environment)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}

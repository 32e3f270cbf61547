#!/usr/bin/env bash
# A real Slurm job array on a one-node cluster started here (no systemd): munged, slurmctld and
# slurmd on private ports, sockets and spool folders. The array renders a scene in 4 shards into
# one folder at once; the folder's manifest.json must list every frame and each frame must equal
# a one-process render byte for byte. Every daemon started is stopped on exit.
#
#   Tests/Farm/slurm-array.sh ZOETROPE SCENE [SHARDS]
set -euo pipefail

zoetrope=$(realpath "$1")
scene=$(realpath "$2")
shards=${3:-4}
work=$(mktemp -d /tmp/zoetrope-slurm.XXXXXX)
node=$(hostname -s)
cpus=$(nproc)

stop() {
    for pid_file in "$work"/slurmd.pid "$work"/slurmctld.pid "$work"/munged.pid; do
        [[ -s $pid_file ]] && kill "$(cat "$pid_file")" 2>/dev/null || true
    done
    sleep 1
    for pid_file in "$work"/slurmd.pid "$work"/slurmctld.pid "$work"/munged.pid; do
        [[ -s $pid_file ]] && kill -9 "$(cat "$pid_file")" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap stop EXIT

fail() {
    echo "slurm-array: $*" >&2
    for log in "$work"/*.log; do echo "--- $log" >&2; tail -20 "$log" >&2; done
    exit 1
}

# Waits up to $1 seconds for the command that follows to succeed.
wait_for() {
    local limit=$1; shift
    for _ in $(seq $((limit * 5))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
    return 1
}

mkdir -p "$work"/{state,spool,shared,munge}
# munged wants its key readable by its user only and its folders not writable by others.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1 count=1024 status=none
chmod 700 "$work/munge"; chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
       --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munge/seed" \
    || fail "munged did not start"

port=$((17000 + RANDOM % 2000))
cat > "$work/slurm.conf" <<CONF
ClusterName=zoetrope
SlurmctldHost=$node
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=render Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:$shards
CONF
export SLURM_CONF="$work/slurm.conf"

slurmctld -c -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -c -f "$SLURM_CONF" || fail "slurmd did not start"
wait_for 30 bash -c "sinfo -h -N -o %T | grep -Eq '^(idle|mixed|allocated)'" || fail "the node did not come up: $(sinfo -N 2>&1)"

# Submits an array running `zoetrope render SCENE --shard auto --out DIR`, waits for it, and
# prints each task's exit code and what it said.
run_array() {
    local ids=$1 out=$2 name=$3
    cat > "$work/$name.sh" <<JOB
#!/bin/bash
exec "$zoetrope" render "$scene" --shard auto --out "$out" --progress none --jobs 1
JOB
    local job
    job=$(sbatch --parsable --array="$ids" --job-name="$name" --output="$work/$name-%a.out" "$work/$name.sh") \
        || fail "sbatch refused --array=$ids"
    wait_for 300 bash -c "[[ -z \$(squeue -h -j $job) ]]" || fail "the array $ids did not finish in 5 minutes"
    # Finished tasks stay in slurmctld's memory (MinJobAge) with their exit codes.
    scontrol -o show job "$job" | grep -o 'ArrayTaskId=[0-9]* .*ExitCode=[0-9:]*' | sed -E 's/ArrayTaskId=([0-9]+).*ExitCode=([0-9]+):.*/\1 \2/' > "$work/$name.codes"
    echo "slurm-array: --array=$ids (job $job) exit codes by task: $(tr '\n' ' ' < "$work/$name.codes")"
}

# A stepped range (1, 3, 5, 7 for 4 shards): --shard auto places task ID 7 at index 3 of 4.
run_array "1-$((2 * shards - 1)):2" "$work/shared" stepped
[[ $(wc -l < "$work/stepped.codes") -eq $shards ]] || fail "expected $shards tasks"
awk '$2 != 0 { exit 1 }' "$work/stepped.codes" || { cat "$work"/stepped-*.out >&2; fail "a task failed"; }

# A listed array says nothing of a task's place: every task refuses with exit 64, naming why.
run_array "0,4,9" "$work/listed" listed
awk '$2 != 64 { exit 1 }' "$work/listed.codes" || fail "a listed array was not refused"
grep -q "not a plain range" "$work"/listed-9.out || fail "the refusal does not say why: $(cat "$work"/listed-9.out)"

# The reference: one process, one folder.
"$zoetrope" render "$scene" --out "$work/single" --progress none
python3 - "$work/shared" "$work/single" <<'PY'
import json, sys, os
shared, single = sys.argv[1:]
manifest = json.load(open(os.path.join(shared, "manifest.json")))
reference = json.load(open(os.path.join(single, "manifest.json")))
listed = sorted(f["index"] for f in manifest["frames"])
expected = sorted(f["index"] for f in reference["frames"])
assert listed == expected, f"manifest.json lists {len(listed)} of {len(expected)} frames"
for frame in reference["frames"]:
    a = open(os.path.join(shared, frame["file"]), "rb").read()
    b = open(os.path.join(single, frame["file"]), "rb").read()
    assert a == b, f"{frame['file']} differs from the one-process render"
left = [n for n in os.listdir(shared) if n.startswith(".") and n != ".zoetrope-manifest.lock"]
assert not left, f"left behind: {left}"
print(f"slurm-array: manifest.json lists all {len(listed)} frames; every frame equals the one-process render")
PY

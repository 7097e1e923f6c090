#!/usr/bin/env bash
# What the Wayland plugin costs, release builds, measured (not a timed test):
#   idle      wayland-demo on a headless weston, settled, for IDLE seconds: its commits
#             (WAYLAND_DEBUG=client) and its CPU time;
#   replay    wayland-demo --replay TRACE --exit-after-replay on a headless weston (pixman),
#             against x11-demo on a private Xvfb, the same trace: the app's CPU (user+sys)
#             and the server's (weston or Xvfb, from /proc/PID/stat) over the run.
# Usage: scripts/wayland-perf.sh [TRACE]; RUNS (default 5), IDLE (default 5) seconds.
# Needs weston, Xvfb (scripts/deps.sh) and `swift build -c release --product wayland-demo`
# and `--product x11-demo` (built here if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
trace=${1:-Examples/Traces/drag-past-threshold.json}
runs=${RUNS:-5}
idle=${IDLE:-5}
bin=$(swift build -c release --show-bin-path)
for product in wayland-demo x11-demo; do
    [ -x "$bin/$product" ] || swift build -c release --product "$product" >&2
done
ticks=$(getconf CLK_TCK)
cpu_of() { awk -v t="$ticks" '{ printf "%.3f", ($14 + $15) / t }' "/proc/$1/stat"; }
runtime=$(mktemp -d)
chmod 700 "$runtime"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$runtime"
}
trap cleanup EXIT

XDG_RUNTIME_DIR=$runtime weston --backend=headless-backend.so --use-pixman --socket=wl-perf \
    --idle-time=0 >"$runtime/weston.log" 2>&1 &
weston=$!
pids+=("$weston")
for _ in $(seq 1 100); do [ -e "$runtime/wl-perf" ] && break; sleep 0.1; done
# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_xvfb 150 wayland-perf
pids+=("$xvfb")

# Idle: commits and CPU of a settled window.
WAYLAND_DEBUG=client WAYLAND_DISPLAY=$runtime/wl-perf "$bin/wayland-demo" 2>"$runtime/debug.log" &
demo=$!
pids+=("$demo")
sleep 1.5
commits_before=$(grep -c 'wl_surface@[0-9]*\.commit' "$runtime/debug.log" || true)
cpu_before=$(cpu_of "$demo")
sleep "$idle"
commits_after=$(grep -c 'wl_surface@[0-9]*\.commit' "$runtime/debug.log" || true)
cpu_after=$(cpu_of "$demo")
kill "$demo"
wait "$demo" 2>/dev/null || true
echo "idle ${idle} s: $((commits_after - commits_before)) commits, $(echo "$cpu_after - $cpu_before" | bc) s CPU (wayland-demo)"

# Replays.
measure() {  # name server-pid command...
    local name=$1 server=$2
    shift 2
    local s0 s1 line
    s0=$(cpu_of "$server")
    /usr/bin/time -o "$runtime/time" -f "%U %S %e %M" "$@" >/dev/null 2>&1
    line=$(tail -1 "$runtime/time")
    s1=$(cpu_of "$server")
    read -r user sys wall rss <<<"$line"
    echo "$name $(echo "$user + $sys" | bc) $(echo "$s1 - $s0" | bc) $wall $rss"
}
echo "replay of $trace, $runs runs each: app CPU s, server CPU s, wall s, max RSS KB"
for _ in $(seq 1 "$runs"); do
    WAYLAND_DISPLAY=$runtime/wl-perf measure wayland-demo "$weston" \
        "$bin/wayland-demo" --replay "$trace" --exit-after-replay
    DISPLAY=:$xvfb_number measure x11-demo "$xvfb" \
        "$bin/x11-demo" --replay "$trace" --exit-after-replay
done | sort | awk '
    { n[$1]++; app[$1] += $2; server[$1] += $3; wall[$1] += $4; rss[$1] += $5; print }
    END { for (k in n) printf "mean %s: app %.3f s, server %.3f s, wall %.2f s, RSS %d KB\n",
          k, app[k] / n[k], server[k] / n[k], wall[k] / n[k], rss[k] / n[k] }'

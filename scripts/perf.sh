#!/usr/bin/env bash
# Whole-system cost of x11-demo (release) under a private Xvfb: exec -> first painted frame,
# idle RSS, idle CPU, and the app's and the X server's CPU over one scripted drag (60 moves of
# 5 px, 16 ms apart, with xdotool), per presentation path. Medians over RUNS runs.
# Usage: scripts/perf.sh [PATH...]   (paths: shm put xlib auto; default: shm xlib)
# Env: RUNS (default 3); QT_QML=path/to/drawer.qml adds the Qt Quick Drawer peer (qmlscene,
# software backend) measured the same way in the same run. x11-demo is the small release build
# (scripts/build-small-demo.sh, the last line of its output).
# OTHER=path/to/x11-demo adds a row "other" for that binary (--present shm), measured right
# after each run's own paths on the same Xvfb: an A/B of two builds that beats drift.
# DEMO_ARGS adds flags to every path's x11-demo and OTHER_ARGS to the "other" row's (split on
# spaces): OTHER=same DEMO_ARGS="--scene photo" OTHER_ARGS="--scene photo --source 20,300,120,120"
# is an A/B of two options of one build (OTHER=same: this run's own x11-demo). The first-frame
# probe reads the card's rest grey (alpha 0.3); for a scene that rests otherwise (the photo's
# backdrop is black) set NO_FIRST_FRAME=1: the demo is started directly and exec->frame is "-".
set -uo pipefail
cd "$(dirname "$0")/.."
paths=("$@")
[ ${#paths[@]} -eq 0 ] && paths=(shm xlib)
runs=${RUNS:-3}
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null 2>&1 || { echo "perf: $tool is not installed (make deps)" >&2; exit 1; }
done
demo=$(scripts/build-small-demo.sh 2>/tmp/perf-build.$$.log | tail -1) || { tail -20 /tmp/perf-build.$$.log; exit 1; }
swift build -c release --product swipedismiss-bench >>/tmp/perf-build.$$.log 2>&1 ||
    { tail -20 /tmp/perf-build.$$.log; exit 1; }
rm -f /tmp/perf-build.$$.log
bin=$(swift build -c release --show-bin-path)

# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
app=
xvfb=
trap '[ -n "$app" ] && kill "$app" 2>/dev/null; [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null' EXIT
start_xvfb 120 perf || exit 1
number=$xvfb_number
export DISPLAY=":$number"

ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%.0f\n", s}'; }
now() { date +%s%N; }
steps() { local i s=""; for i in $(seq 60); do s="$s mousemove_relative -- 0 5 sleep 0.016"; done; echo "$s"; }
gone() { for _ in $(seq 100); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.05; done; kill -9 "$1" 2>/dev/null; }

# measure NAME WINDOW-NAME FIRST -> appends "first_ms rss_kB idle_cpu app_cpu server_cpu pss_kB"
# to /tmp/perf-NAME.$$ (RSS and PSS from /proc/PID/smaps_rollup, idle, after the first frame)
measure() {
    local name=$1 title=$2 first=$3
    local win; win=$(timeout 15 xdotool search --sync --onlyvisible --name "$title" | head -1) ||
        { echo "perf: $name: no window" >&2; return 1; }
    sleep 2
    local i0 t0; i0=$(ns "$app"); t0=$(now); sleep 1
    local idle; idle=$(awk -v c=$(($(ns "$app") - i0)) -v t=$(($(now) - t0)) 'BEGIN {printf "%.4f", c / t}')
    local rss pss; rss=$(awk '/^Rss:/ {print $2}' /proc/"$app"/smaps_rollup)
    pss=$(awk '/^Pss:/ {print $2}' /proc/"$app"/smaps_rollup)
    eval "$(xdotool getwindowgeometry --shell "$win")"
    xdotool mousemove $((X + 195)) $((Y + 500)); sleep 0.5
    local a0 x0 s0; a0=$(ns "$app"); x0=$(ns "$xvfb"); s0=$(now)
    # shellcheck disable=SC2046
    xdotool mousedown 1 $(steps) mouseup 1; sleep 1
    local a1 x1 s1; a1=$(ns "$app"); x1=$(ns "$xvfb"); s1=$(now)
    kill "$app" 2>/dev/null; gone "$app"; app=
    awk -v f="$first" -v r="$rss" -v i="$idle" -v a=$((a1 - a0)) -v x=$((x1 - x0)) -v t=$((s1 - s0)) \
        -v p="$pss" 'BEGIN {printf "%s %s %s %.4f %.4f %s\n", f, r, i, a / t, x / t, p}' >>"/tmp/perf-$name.$$"
}

# start_demo PROGRAM PATH [ARG...] -> sets app (its pid) and first (exec -> first frame, ms)
start_demo() {
    local program=$1 path=$2 line
    shift 2
    if [ -n "${NO_FIRST_FRAME:-}" ]; then
        "$program" --size 390x844 --present "$path" "$@" --verbose >/dev/null 2>>"/tmp/perf-log.$$" &
        app=$!
        first=-
        return 0
    fi
    line=$("$bin/swipedismiss-bench" --first-frame "$program" --size 390x844 --present "$path" "$@" \
        --verbose 2>>"/tmp/perf-log.$$") ||
        { echo "perf: $program --present $path $* did not paint" >&2; return 1; }
    app=$(sed -n 's/.*pid=\([0-9]*\).*/\1/p' <<<"$line")
    first=$(sed -n 's/.*first_frame_ms=\([0-9.]*\).*/\1/p' <<<"$line")
}

names=()
for run in $(seq "$runs"); do
    for path in "${paths[@]}"; do
        # shellcheck disable=SC2086
        start_demo "$demo" "$path" ${DEMO_ARGS:-} || exit 1
        measure "$path" "SwipeDismiss demo" "$first" || exit 1
        [ "$run" -eq 1 ] && names+=("$path")
    done
    if [ -n "${OTHER:-}" ]; then
        other=$OTHER
        [ "$other" = same ] && other=$demo
        # shellcheck disable=SC2086
        start_demo "$other" shm ${OTHER_ARGS:-} || exit 1
        measure other "SwipeDismiss demo" "$first" || exit 1
        [ "$run" -eq 1 ] && names+=(other)
    fi
    if [ -n "${QT_QML:-}" ] && command -v qmlscene >/dev/null 2>&1; then
        : >/tmp/perf-qt-log.$$
        start=$(date +%s%3N)
        QT_QPA_PLATFORM=xcb QT_QUICK_BACKEND=software QT_QUICK_CONTROLS_STYLE=Default XDG_RUNTIME_DIR=/tmp \
            qmlscene "$QT_QML" --animate-open >/tmp/perf-qt-log.$$ 2>&1 &
        app=$!
        for _ in $(seq 200); do grep -q FIRST_FRAME /tmp/perf-qt-log.$$ && break; sleep 0.02; done
        first=$(awk -v s="$start" '/FIRST_FRAME/ {print $NF - s; exit}' /tmp/perf-qt-log.$$)
        measure qt '^qt-drawer-peer$' "${first:-nan}" || exit 1
        [ "$run" -eq 1 ] && names+=(qt)
        rm -f /tmp/perf-qt-log.$$
    fi
done

grep -h "presenting with" "/tmp/perf-log.$$" | sort | uniq -c | sed 's/^ */perf: /' >&2
rm -f "/tmp/perf-log.$$"
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
printf '%-6s %16s %10s %10s %14s %13s %13s %15s\n' path "exec->frame ms" "RSS kB" "PSS kB" \
    "idle CPU-s/s" "drag app" "drag X srv" "drag app+X"
for name in "${names[@]}"; do
    file="/tmp/perf-$name.$$"
    col() { cut -d' ' -f"$1" "$file" | median; }
    total=$(awk '{print $4 + $5}' "$file" | median)
    printf '%-6s %16s %10s %10s %14s %13s %13s %15s\n' "$name" "$(col 1)" "$(col 2)" "$(col 6)" \
        "$(col 3)" "$(col 4)" "$(col 5)" "$total"
    rm -f "$file"
done
echo "(CPU in CPU-seconds per second over the drag and 1 s after it; medians of $runs runs on :$number)"

#!/usr/bin/env bash
# gtk-demo against the Qt Quick Controls 2 Drawer peer, side by side in one run, measured the
# way ../shared/peers/qt-drawer/compare.sh measures x11-demo: CPU of the app and of the X
# server over one scripted drag (60 x 5 px at 16 ms, xdotool, from (195, 500) in Qt's window
# and from (195, 544) in gtk-demo's: Row 2 of the sheet at medium, since (195, 500) is on the
# Volume scale, whose presses are the scale's and never move the sheet),
# per second of the drag, medians of RUNS runs; idle RSS (after 2.5 s) and idle CPU (the app's
# CPU over IDLE seconds at rest, before the pointer enters and the drag).
#
# Usage: scripts/gtk-perf.sh [gtk-demo args]   (run from anywhere; release build made if missing)
#   RUNS=3      runs of each
#   VARIANTS    extra gtk-demo runs, each with GSK_RENDERER set to one of these words
#               (e.g. VARIANTS="gl cairo"); "default" is always measured (GSK_RENDERER unset)
#   IDLE=2      seconds of idle CPU measured
#   GTK_DEMO    the gtk-demo binary to measure (default: the release build)
#   OTHERS      more builds to measure in the same runs, as NAME=PATH words
#               (e.g. OTHERS="before=/tmp/gtk-demo-before")
#   FLOOR=1     also measure the GTK floor (scripts/gtk-floor.c, built by scripts/gtk-floor.sh:
#               the same widgets, only a full-window dim animated), as "floor"; its blit mode
#               (the frames of the drag drawn by hand) is OTHERS="blit=.build/gtk-floor/gtk-floor-blit";
#               its overlay modes (the frames drawn by the X server into a depth-24 window of
#               its own over GTK's, the sheet still or following the drag as gtk-demo's) are
#               "overlay=.build/gtk-floor/gtk-floor-overlay" and
#               "overlay-move=.build/gtk-floor/gtk-floor-overlay-move" (give absolute paths)
# Installs what it needs (Debian packages: scripts/deps.sh, plus the Qt peer's). Uses its own
# Xvfb; stops only what it started.
set -u
cd "$(dirname "$0")/.."
peer=../shared/peers/qt-drawer/drawer.qml
[ -f "$peer" ] || peer=/work/shared/peers/qt-drawer/drawer.qml
runs=${RUNS:-3}
idle=${IDLE:-2}
for p in qmlscene qml-module-qtquick2 qml-module-qtquick-window2 qml-module-qtquick-controls2 \
    qml-module-qtquick-templates2 xvfb xdotool; do
    dpkg -s "$p" >/dev/null 2>&1 || apt-get install -y -q "$p" >/dev/null 2>&1 ||
        { echo "gtk-perf: cannot install $p" >&2; exit 1; }
done
if [ -z "${GTK_DEMO:-}" ]; then
    swift build -c release --product gtk-demo >/tmp/gtk-perf-build.log 2>&1 ||
        { tail -5 /tmp/gtk-perf-build.log; exit 1; }
    GTK_DEMO="$(swift build -c release --show-bin-path)/gtk-demo"
fi
if [ "${FLOOR:-0}" = 1 ]; then
    floor=$(scripts/gtk-floor.sh) || { echo "gtk-perf: cannot build the GTK floor" >&2; exit 1; }
    OTHERS="${OTHERS:-} floor=$floor"
fi
# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
start_xvfb 140 gtk-perf || exit 1
XVFB=$xvfb
export DISPLAY=:$xvfb_number
APP=
out=$(mktemp -d)
trap 'kill $APP $XVFB 2>/dev/null; rm -rf "$out"' EXIT

ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s+=$1} END {printf "%.0f\n", s}'; }
steps() { local i s=""; for i in $(seq 60); do s="$s mousemove_relative -- 0 5 sleep 0.016"; done; echo "$s"; }
run() { # NAME WINDOW-REGEX CMD... -> "app_cpu x_cpu rss_kB idle_cpu"
    local name=$1 rx=$2
    shift 2
    "$@" >"$out/$name.log" 2>&1 &
    APP=$!
    local win
    win=$(timeout 20 xdotool search --sync --onlyvisible --name "$rx" | head -1) ||
        { echo "gtk-perf: $name: no window" >&2; exit 1; }
    sleep 2.5
    eval "$(xdotool getwindowgeometry --shell "$win")"
    local rss i0 i1 ti0 ti1
    rss=$(awk '/VmRSS/ {print $2}' /proc/$APP/status)
    # Idle: at rest, the pointer elsewhere (hovering a list starts GTK's scrollbar fade).
    i0=$(ns $APP); ti0=$(date +%s%N)
    sleep "$idle"
    i1=$(ns $APP); ti1=$(date +%s%N)
    xdotool mousemove $((X + 195)) $((Y + ${START_Y:-500}))
    sleep 0.5
    local a0 x0 t0 a1 x1 t1
    a0=$(ns $APP); x0=$(ns $XVFB); t0=$(date +%s%N)
    # shellcheck disable=SC2046
    xdotool mousedown 1 $(steps) mouseup 1
    sleep 1
    a1=$(ns $APP); x1=$(ns $XVFB); t1=$(date +%s%N)
    kill $APP 2>/dev/null
    wait $APP 2>/dev/null
    APP=
    awk -v a=$((a1 - a0)) -v x=$((x1 - x0)) -v t=$((t1 - t0)) -v r="$rss" \
        -v i=$((i1 - i0)) -v ti=$((ti1 - ti0)) \
        'BEGIN {printf "%.4f %.4f %d %.4f\n", a / t, x / t, r, i / ti}'
}
med() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

variants="default ${VARIANTS:-}"
echo "gtk-perf: $(date -u +%H:%M) UTC, load $(cut -d' ' -f1-3 /proc/loadavg), $runs runs, gtk-demo $*"
for _ in $(seq "$runs"); do
    QT_QPA_PLATFORM=xcb QT_QUICK_BACKEND=software QT_QUICK_CONTROLS_STYLE=Default \
        XDG_RUNTIME_DIR=/tmp run qt '^qt-drawer-peer$' qmlscene "$peer" --animate-open \
        >>"$out/qt.tsv"
    for build in "gtk=$GTK_DEMO" ${OTHERS:-}; do
        name=${build%%=*}
        binary=${build#*=}
        for v in $variants; do
            if [ "$v" = default ]; then
                (unset GSK_RENDERER; START_Y=544 GTK_A11Y=none run "$name-$v" 'SwipeDismiss GTK demo' \
                    "$binary" --size 390x844 "$@" >>"$out/$name-$v.tsv")
            else
                START_Y=544 GSK_RENDERER=$v GTK_A11Y=none run "$name-$v" 'SwipeDismiss GTK demo' \
                    "$binary" --size 390x844 "$@" >>"$out/$name-$v.tsv"
            fi
        done
    done
done
names="gtk"
for build in ${OTHERS:-}; do names="$names ${build%%=*}"; done
echo "gtk-perf: load after $(cut -d' ' -f1-3 /proc/loadavg); CPU-s per s over the drag, medians"
for who in qt $(for n in $names; do for v in $variants; do echo "$n-$v"; done; done); do
    f=$out/$who.tsv
    app=$(cut -d' ' -f1 "$f" | med)
    srv=$(cut -d' ' -f2 "$f" | med)
    rss=$(cut -d' ' -f3 "$f" | med)
    idl=$(cut -d' ' -f4 "$f" | med)
    printf '%-12s app %s  X server %s  total %s  RSS %s kB  idle %s CPU-s/s\n' "$who" "$app" \
        "$srv" "$(awk -v a="$app" -v b="$srv" 'BEGIN{printf "%.4f", a + b}')" "$rss" "$idl"
done

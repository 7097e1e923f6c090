#!/usr/bin/env bash
# Writes scripts/x11-demo-start.order: the functions the small x11-demo runs from exec to its
# first frame and idle, one mangled name a line, sorted (so that a re-run's diff says what
# changed; only that they sit together matters, not their order among themselves). The small
# build (scripts/build-small-demo.sh) gives it to the linker (lld --symbol-ordering-file),
# which puts those functions' sections first and together. The kernel maps a binary's code
# 64 kB at a time around each page the process touches, so the start's few hundred kB of code,
# scattered over the 15 MB of code, made about 5 MB of it resident; packed, about 2 MB.
# Run it again when the start path changes much: a listed name the binary lacks costs nothing,
# but a function the start runs and the list lacks stays where it was, and costs its 64 kB.
# Needs valgrind, Xvfb and xdotool (apt-get install valgrind xvfb xdotool).
#
# --check writes nothing: it builds the small demo and fails (status 1) when more than 5 % of
# the order's names from our own modules are missing from the binary, that is when the order
# has gone stale (renamed files and types change mangled names, file-private ones included;
# the link's --no-warn-symbol-ordering would hide it). Needs only nm.
# Usage: scripts/order-demo-start.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
order=scripts/x11-demo-start.order
if [ "${1:-}" = --check ]; then
    demo=$(scripts/build-small-demo.sh | tail -1)
    listed=$(mktemp)
    trap 'rm -f "$listed"' EXIT
    nm --defined-only "$demo" | awk '{print $NF}' | LC_ALL=C sort -u >"$listed"
    # Our modules' names: the module name appears length-prefixed in a Swift mangled name.
    own='(SwipeDismiss|ToolSupport|X11Demo)'
    total=$(grep -Ec "$own" "$order" || true)
    missing=$(grep -E "$own" "$order" | LC_ALL=C comm -23 - "$listed" | wc -l)
    echo "order-demo-start: $missing of $total own-module names in $order are missing from $demo" >&2
    if [ "$total" -eq 0 ] || [ $((missing * 100)) -gt $((total * 5)) ]; then
        grep -E "$own" "$order" | LC_ALL=C comm -23 - "$listed" | head -20 >&2
        echo "order-demo-start: the start order is stale; run scripts/order-demo-start.sh" >&2
        exit 1
    fi
    exit 0
elif [ $# -gt 0 ]; then
    echo "order-demo-start: unknown argument '$1' (usage: order-demo-start.sh [--check])" >&2
    exit 2
fi
for tool in valgrind Xvfb xdotool; do
    command -v "$tool" >/dev/null 2>&1 || { echo "order-demo-start: $tool is not installed" >&2; exit 1; }
done
demo=$(scripts/build-small-demo.sh | tail -1)
work=$(mktemp -d)
# shellcheck source=scripts/xvfb.sh
. scripts/xvfb.sh
app=
xvfb=
trap '[ -n "$app" ] && kill "$app" 2>/dev/null; [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT
start_xvfb 140 order-demo-start || exit 1
number=$xvfb_number
# The run scripts/perf.sh measures (its --size and --present), under callgrind, which records
# every function that runs; --demangle=no keeps the names the linker knows.
DISPLAY=":$number" valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/out" \
    "$demo" --size 390x844 --present shm >/dev/null 2>"$work/log" &
app=$!
DISPLAY=":$number" timeout 120 xdotool search --sync --onlyvisible --name "SwipeDismiss demo" >/dev/null
sleep 5  # the first frame, then idle
kill -TERM "$app"
wait "$app" || true
app=
# Function records ("fn=" and "cfn=", with callgrind's "(id) name" compression) of the
# executable ("ob=" / "cob=" naming it), each once; callgrind's "'2" suffixes (recursion) off.
awk -v exe="$demo" '
    function named(table, text,    id, rest) {
        id = text; sub(/\).*/, ")", id); rest = substr(text, length(id) + 2)
        if (rest != "") table[id] = rest
        return table[id]
    }
    function keep(name) { if (name != "" && name !~ /^0x/ && !(name in seen)) { seen[name] = 1; print name } }
    /^ob=/  { ob = named(objects, substr($0, 4)); callee = ob; next }
    /^cob=/ { callee = named(objects, substr($0, 5)); next }
    /^fn=/  { name = named(functions, substr($0, 4)); callee = ob; if (ob == exe) keep(name); next }
    /^cfn=/ { name = named(functions, substr($0, 5)); if (callee == exe) keep(name); callee = ob; next }
' "$work/out" | sed "s/'[0-9]*\$//" | LC_ALL=C sort -u >"$work/order"
[ -s "$work/order" ] || { echo "order-demo-start: callgrind recorded nothing" >&2; tail "$work/log" >&2; exit 1; }
mv "$work/order" "$order"
rm -f "$demo"  # the order is no input SwiftPM watches: the next build links anew with it
echo "order-demo-start: $(wc -l <scripts/x11-demo-start.order) functions in scripts/x11-demo-start.order" >&2

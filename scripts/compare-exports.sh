#!/usr/bin/env bash
# Behaviour check for refactors: exports every bundled trace in every combination that applies
# (scene, seed/fluid, reduced motion, --confirm, --direction up) with two cairo-export builds
# and compares their samples.csv cell by cell, numbers to 1e-3. Exit 1 on any difference.
#
# Usage: scripts/compare-exports.sh OLD_CAIRO_EXPORT NEW_CAIRO_EXPORT
# (build the old one in a worktree: git worktree add /tmp/old REV && swift build --package-path
# /tmp/old --product cairo-export). Frames are tiny SVGs at scale 0.25, so a run takes minutes.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 OLD_CAIRO_EXPORT NEW_CAIRO_EXPORT" >&2; exit 2; }
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

export_all() {
    local bin=$1 root=$2 trace name scenes scene preset extra tag
    mkdir -p "$root"
    for trace in Examples/Traces/*.json; do
        name=$(basename "$trace" .json)
        case $name in
            sheet-*) scenes="sheet" ;;
            photo-*) scenes="photo" ;;
            stack-*) scenes="stack" ;;
            *) scenes="card sheet" ;;
        esac
        for scene in $scenes; do
            for preset in seed fluid; do
                for extra in "" "--reduce-motion" "--confirm" "--direction up"; do
                    [ "$extra" = "--confirm" ] && [ "$scene" = card ] && continue
                    [ "$extra" = "--direction up" ] && [ "$scene" != card ] && [ "$scene" != sheet ] && continue
                    tag="$name.$scene.$preset$(echo "$extra" | tr -d ' -')"
                    # shellcheck disable=SC2086
                    if "$bin" --trace "$trace" --out "$root/$tag" --scene "$scene" --preset "$preset" \
                        $extra --scale 0.25 --format svg >/dev/null 2>"$root/$tag.err"; then
                        cp "$root/$tag/samples.csv" "$root/$tag.csv"
                    else
                        echo "failed" >"$root/$tag.csv"
                    fi
                    rm -rf "${root:?}/$tag"
                done
            done
        done
    done
}

export_all "$1" "$work/old"
export_all "$2" "$work/new"
python3 - "$work/old" "$work/new" <<'PY'
import csv, glob, os, sys
old, new = sys.argv[1], sys.argv[2]
differ = 0
files = sorted(glob.glob(old + "/*.csv"))
for path in files:
    name = os.path.basename(path)
    a = list(csv.reader(open(path)))
    b = list(csv.reader(open(os.path.join(new, name))))
    problem = None
    if len(a) != len(b):
        problem = f"{len(a)} rows, now {len(b)}"
    else:
        for row, (x, y) in enumerate(zip(a, b)):
            for column, (u, v) in enumerate(zip(x, y)):
                if u == v:
                    continue
                try:
                    if abs(float(u) - float(v)) <= 1e-3:
                        continue
                except ValueError:
                    pass
                problem = f"row {row}, {a[0][column] if a else column}: {u} -> {v}"
                break
            if problem:
                break
    if problem:
        differ += 1
        print(f"compare-exports: {name}: {problem}")
print(f"compare-exports: {len(files)} exports compared, {differ} differ")
sys.exit(1 if differ else 0)
PY

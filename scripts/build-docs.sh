#!/usr/bin/env bash
# Builds the documentation as static HTML with the toolchain's own docc, offline: no SwiftPM
# plugin can be fetched here, so this does what swift-docc-plugin would do by hand.
#
#   1. Compile the core and plugin libraries once with `-emit-symbol-graph` into a scratch
#      folder of their own (.build/docs), so the normal build keeps its flags and its cache.
#   2. Give each module its own folder of symbol graphs (M.symbols.json and M@Other.symbols.json).
#   3. `docc convert` each library product's module (with its catalog where it has one:
#      Sources/SwipeDismiss/SwipeDismiss.docc, Plugins/X11/SwipeDismissX11.docc) into
#      out/docs/<Module>, transformed for static hosting under /<Module>, and write an index
#      page that links them.
#
# Fails on a build error, a docc error, or any docc warning about a catalog's own articles
# (a broken link in them). Warnings about doc comments in the sources are printed and counted;
# DOCS_STRICT=1 makes every warning fatal.
#
# With --symbol-graphs-only it stops after step 1 and prints the folder of symbol graphs on
# stdout (scripts/check-docs.sh uses it).
#
# Environment: SWIFT (swift), DOCC (the docc beside swift), DOCS_OUT (out/docs),
# DOCS_SCRATCH (.build/docs), DOCS_STRICT (0).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

graphs_only=0
case "${1:-}" in
    "") ;;
    --symbol-graphs-only) graphs_only=1 ;;
    *)
        echo "docs: unknown argument '$1' (the only one is --symbol-graphs-only)" >&2
        exit 2
        ;;
esac

SWIFT=${SWIFT:-swift}
# Not OUT: the Makefile's OUT is the export folder, and this one is replaced wholesale.
OUT=${DOCS_OUT:-out/docs}
OUT=${OUT%/}  # out/docs/ would put the staging folder inside the output
SCRATCH=${DOCS_SCRATCH:-.build/docs}
DOCS_STRICT=${DOCS_STRICT:-0}
# Every library product's module, read from Package.swift (a new plugin is documented and
# checked without editing this list), with its folder; a catalog is `<folder>/<Module>.docc`.
declare -A folder_of=()
modules=()
while read -r module folder; do
    modules+=("$module")
    folder_of[$module]=$folder
done < <("$SWIFT" package dump-package 2>/dev/null | python3 -c '
import json, sys
package = json.load(sys.stdin)
paths = {t["name"]: t.get("path") or "Sources/" + t["name"] for t in package["targets"]}
for product in package["products"]:
    if "library" in product["type"]:
        for target in product["targets"]:
            print(target, paths[target])
')
if [ ${#modules[@]} -eq 0 ]; then
    echo "docs: could not read the library products from Package.swift" >&2
    exit 2
fi
catalog_of() {
    local catalog="${folder_of[$1]}/$1.docc"
    if [ -d "$catalog" ]; then echo "$catalog"; else echo ""; fi
}
graphs="$root/$SCRATCH/symbol-graphs"

# 1. Symbol graphs, one library target at a time (each builds what it depends on). The
# compiler writes a module's graph whenever it compiles the module, so an up-to-date build
# keeps up-to-date graphs; if one is missing anyway, build from scratch once.
build_graphs() {
    mkdir -p "$graphs"
    for target in "${modules[@]}"; do
        "$SWIFT" build --scratch-path "$SCRATCH" --target "$target" \
            -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >&2
    done
}
graphs_complete() {
    local module
    for module in "${modules[@]}"; do
        [ -f "$graphs/$module.symbols.json" ] || return 1
    done
}
echo "docs: compiling the libraries with symbol graphs into $SCRATCH" >&2
build_graphs
if ! graphs_complete; then
    echo "docs: symbol graphs missing in $graphs; rebuilding $SCRATCH from scratch" >&2
    rm -rf "${root:?}/$SCRATCH"
    build_graphs
fi

if [ "$graphs_only" = 1 ]; then
    echo "$graphs"
    exit 0
fi

if [ -z "${DOCC:-}" ]; then
    swift_path=$(command -v "$SWIFT" || true)
    if [ -n "$swift_path" ] && [ -x "$(dirname "$(readlink -f "$swift_path")")/docc" ]; then
        DOCC="$(dirname "$(readlink -f "$swift_path")")/docc"
    else
        DOCC=$(command -v docc || true)
    fi
fi
if [ -z "$DOCC" ] || [ ! -x "$DOCC" ]; then
    echo "docs: no docc found beside $SWIFT or on PATH; set DOCC=/path/to/docc" >&2
    exit 1
fi

# 2. and 3. One archive per module, staged beside $OUT and swapped in at the end, so a failed
# run leaves the previous documentation whole.
stage="$OUT.partial"
rm -rf "$stage"
mkdir -p "$stage"
trap 'rm -rf "$stage"' EXIT
warnings_total=0
for module in "${modules[@]}"; do
    dir="$root/$SCRATCH/graphs-$module"
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        echo "docs: the build wrote no symbol graph for $module ($graphs/$module.symbols.json)" >&2
        exit 1
    fi
    cp "$graphs/$module.symbols.json" "$dir/"
    for extension in "$graphs/$module@"*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$dir/"
    done

    lower=$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')
    diagnostics="$root/$SCRATCH/diagnostics-$module.json"
    catalog=$(catalog_of "$module")
    args=(convert)
    if [ -n "$catalog" ]; then args+=("$catalog"); fi
    args+=(--additional-symbol-graph-dir "$dir"
        --fallback-display-name "$module"
        --fallback-bundle-identifier "org.swipedismiss.$lower"
        --fallback-default-module-kind Framework
        --transform-for-static-hosting --hosting-base-path "$module"
        --diagnostics-file "$diagnostics"
        --output-path "$stage/$module")
    if [ "$DOCS_STRICT" = 1 ]; then args+=(--warnings-as-errors); fi
    echo "docs: docc convert $module" >&2
    status=0
    "$DOCC" "${args[@]}" >"$root/$SCRATCH/docc-$module.log" 2>&1 || status=$?

    # The diagnostics file is docc's own JSON; print each one as file:line: severity: summary.
    summary=$(python3 - "$diagnostics" "$root/${catalog:-/no-catalog}" <<'PY'
import json, sys
path, catalog = sys.argv[1], sys.argv[2]
try:
    with open(path) as f:
        diagnostics = json.load(f).get("diagnostics", [])
except (OSError, ValueError) as error:
    print(f"docs: cannot read docc's diagnostics {path}: {error}", file=sys.stderr)
    print("0 0 1")
    sys.exit(0)
counts = {"error": 0, "warning": 0}
in_catalog = 0
for d in diagnostics:
    severity = d.get("severity", "")
    if severity not in counts:
        continue
    counts[severity] += 1
    source = d.get("source") or ""
    if source.startswith("file://"):
        source = source[len("file://"):]
    line = ((d.get("range") or {}).get("start") or {}).get("line", 0)
    if source.startswith(catalog):
        in_catalog += 1
    where = f"{source}:{line}: " if source else ""
    print(f"{where}{severity}: {d.get('summary', '')}", file=sys.stderr)
print(counts["error"], counts["warning"], in_catalog)
PY
)
    read -r errors warnings catalog_problems <<<"$summary"
    warnings_total=$((warnings_total + warnings))
    if [ "$status" -ne 0 ] || [ "$errors" -ne 0 ]; then
        echo "docs: docc failed for $module (status $status, $errors errors); log:" >&2
        cat "$root/$SCRATCH/docc-$module.log" >&2
        exit 1
    fi
    if [ "$catalog_problems" -ne 0 ]; then
        echo "docs: $catalog_problems problems in $catalog (above); fix the articles" >&2
        exit 1
    fi
    echo "docs: $module: $warnings warnings" >&2
done

# An index page for the archives, each hosted under /<Module>/.
{
    echo '<!DOCTYPE html>'
    echo '<html lang="en"><head><meta charset="utf-8"><title>SwipeDismiss documentation</title></head>'
    echo '<body><h1>SwipeDismiss documentation</h1><ul>'
    for module in "${modules[@]}"; do
        lower=$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')
        echo "<li><a href=\"$module/documentation/$lower/\">$module</a></li>"
    done
    echo '</ul></body></html>'
} >"$stage/index.html"
rm -rf "$OUT"
mv "$stage" "$OUT"
trap - EXIT

echo "docs: wrote static HTML to $OUT ($warnings_total warnings about source doc comments)"
echo "docs: to browse it: python3 -m http.server --directory $OUT 8000, then open"
echo "      http://localhost:8000/ (docc's pages load their data over HTTP, not from file://)"

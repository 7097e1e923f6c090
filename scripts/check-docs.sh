#!/usr/bin/env bash
# Documentation coverage: lists every public symbol of the core and plugin modules that has no
# `///` doc comment, as `file:line: kind Module.Symbol`, with a count per module, and exits 1
# if there is one.
#
# It reads the compiler's symbol graphs (built by `scripts/build-docs.sh --symbol-graphs-only`,
# the same ones `make docs` uses): a symbol without a `docComment` has no doc comment of its
# own. Members the compiler synthesises (Equatable's `==`, protocol extension defaults from
# other modules, a raw-value enum's `init(rawValue:)`) have no source to comment and are
# skipped. A member that implements a protocol
# requirement is still listed (DocC does not show the requirement's comment in its place), and
# marked `(implements P.name)` so it is easy to see why it was left out.
#
#   scripts/check-docs.sh                  build the graphs, then check
#   scripts/check-docs.sh --graphs DIR     check the graphs in DIR (no build)
#
# Environment: MODULES (every library product's module, space-separated), SWIFT.
set -euo pipefail
cd "$(dirname "$0")/.."

graphs=""
while [ $# -gt 0 ]; do
    case "$1" in
        --graphs)
            if [ $# -lt 2 ]; then
                echo "check-docs: --graphs needs a folder" >&2
                exit 2
            fi
            graphs=$2
            shift 2
            ;;
        *)
            echo "check-docs: unknown argument '$1' (usage: check-docs.sh [--graphs DIR])" >&2
            exit 2
            ;;
    esac
done
if [ -z "$graphs" ]; then
    graphs=$(scripts/build-docs.sh --symbol-graphs-only)
fi
if [ ! -d "$graphs" ]; then
    echo "check-docs: no symbol graph folder at $graphs" >&2
    exit 2
fi

# Every library product's module, from Package.swift, unless MODULES names them.
if [ -z "${MODULES:-}" ]; then
    MODULES=$("${SWIFT:-swift}" package dump-package 2>/dev/null | python3 -c '
import json, sys
package = json.load(sys.stdin)
print(" ".join(t for p in package["products"] if "library" in p["type"] for t in p["targets"]))
')
fi
if [ -z "$MODULES" ]; then
    echo "check-docs: could not read the library products from Package.swift" >&2
    exit 2
fi
exec python3 - "$graphs" "$PWD" $MODULES <<'PY'
import glob
import json
import os
import sys

graphs, root, modules = sys.argv[1], sys.argv[2], sys.argv[3:]

# Requirements of protocols outside the package that our types commonly implement.
EXTERNAL_REQUIREMENTS = {
    "s:s23CustomStringConvertibleP": ("CustomStringConvertible", {"description"}),
    "s:s28CustomDebugStringConvertibleP": ("CustomDebugStringConvertible", {"debugDescription"}),
    "s:10Foundation14LocalizedErrorP": (
        "LocalizedError",
        {"errorDescription", "failureReason", "recoverySuggestion", "helpAnchor"},
    ),
}


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as error:
        sys.exit(f"check-docs: cannot read {path}: {error}")


def has_comment(symbol):
    lines = (symbol.get("docComment") or {}).get("lines") or []
    return any(line.get("text", "").strip() for line in lines)


def where(symbol):
    location = symbol.get("location") or {}
    uri = location.get("uri", "")
    path = uri[len("file://"):] if uri.startswith("file://") else uri
    if path.startswith(root + "/"):
        path = path[len(root) + 1:]
    line = (location.get("position") or {}).get("line", -1) + 1
    return path or "?", line


# Every module's graphs, so a plugin's implementation of a core protocol can be recognised.
files = {}
for module in modules:
    main = os.path.join(graphs, f"{module}.symbols.json")
    if not os.path.isfile(main):
        sys.exit(f"check-docs: no symbol graph for {module} at {main}")
    files[module] = [main] + sorted(glob.glob(os.path.join(graphs, f"{module}@*.symbols.json")))

symbols = {}  # precise id -> (module, symbol)
relationships = []
for module, paths in files.items():
    for path in paths:
        graph = load(path)
        for symbol in graph.get("symbols", []):
            symbols[symbol["identifier"]["precise"]] = (module, symbol)
        relationships += graph.get("relationships", [])

# protocol id -> {requirement name}, type id -> [protocol ids], member id -> parent type id
requirements = {pid: set(names) for pid, (_, names) in EXTERNAL_REQUIREMENTS.items()}
protocol_names = {pid: name for pid, (name, _) in EXTERNAL_REQUIREMENTS.items()}
conformances = {}
parents = {}
for relation in relationships:
    kind, source, target = relation["kind"], relation["source"], relation["target"]
    if kind in ("requirementOf", "optionalRequirementOf") and source in symbols:
        requirements.setdefault(target, set()).add(symbols[source][1]["names"]["title"])
    elif kind == "conformsTo":
        conformances.setdefault(source, []).append(target)
        fallback = relation.get("targetFallback")
        if target in symbols:
            protocol_names[target] = ".".join(symbols[target][1]["pathComponents"])
        elif fallback:
            protocol_names.setdefault(target, fallback.split(".")[-1])
    elif kind == "memberOf":
        parents[source] = target


def implemented_requirement(precise, symbol):
    title = symbol["names"]["title"]
    for protocol in conformances.get(parents.get(precise), []):
        if title in requirements.get(protocol, ()):
            return f"{protocol_names.get(protocol, '?')}.{title}"
    return None


missing = {module: [] for module in modules}
totals = {module: 0 for module in modules}
for precise, (module, symbol) in symbols.items():
    if "::SYNTHESIZED::" in precise:
        continue
    if symbol.get("accessLevel") not in ("public", "open"):
        continue
    if "location" not in symbol:
        # Declared by the compiler, not in a source file (an enum's `init(rawValue:)`).
        continue
    totals[module] += 1
    if has_comment(symbol):
        continue
    path, line = where(symbol)
    kind = symbol["kind"]["displayName"].lower()
    name = ".".join([module] + symbol["pathComponents"])
    note = implemented_requirement(precise, symbol)
    entry = f"{path}:{line}: {kind} {name}" + (f" (implements {note})" if note else "")
    missing[module].append((path, line, entry, note is not None))

count = 0
for module in modules:
    for _, _, entry, _ in sorted(missing[module]):
        print(entry)
    count += len(missing[module])
print("", file=sys.stderr)
for module in modules:
    witnesses = sum(1 for item in missing[module] if item[3])
    print(
        f"check-docs: {module}: {len(missing[module])} of {totals[module]} public symbols "
        f"without a doc comment ({witnesses} of them implement a protocol requirement)",
        file=sys.stderr,
    )
if count:
    print(f"check-docs: {count} public symbols without a /// doc comment", file=sys.stderr)
    sys.exit(1)
print("check-docs: every public symbol has a doc comment", file=sys.stderr)
PY

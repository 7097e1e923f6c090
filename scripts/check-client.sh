#!/usr/bin/env bash
# Builds and runs Tests/ClientPackage, a package outside this one that uses only the public API
# (DESIGN §4b "Host API"), against a clone of the committed tree named SwipeDismiss.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/SwipeDismiss"
cp -r "$root/Tests/ClientPackage" "$work/client"
cd "$work/client"
if ! swift build -q > build.log 2>&1; then
    grep -v "^warning: you may be able to install" build.log >&2
    echo "check-client: the client package does not build against the public API" >&2
    exit 1
fi
"$(swift build --show-bin-path)/HostAPIClient"

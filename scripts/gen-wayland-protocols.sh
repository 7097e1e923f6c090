#!/usr/bin/env bash
# Generates the Wayland protocol glue from the protocol XML files of wayland-protocols with
# wayland-scanner, into the folders SwiftPM builds:
#   Sources/CWaylandProtocols          client headers + the interface tables (private-code),
#                                      used by Plugins/Wayland
#   Sources/CWaylandTestCompositor     server headers in generated/ (no tables: it links the
#                                      ones above), for the scripted compositor of the tests
#
# The output is committed, so that `swift build` needs no wayland-scanner and no build-tool
# plugin (SwiftPM runs none for a plain C target, and a package plugin would be a second
# package-level mechanism for four files). This script regenerates them; `--check` regenerates
# into a temporary folder and fails if the committed files differ (the tests run it when
# wayland-scanner is installed, so a changed XML or scanner cannot go unnoticed).
set -euo pipefail
cd "$(dirname "$0")/.."

protocols_dir=${WAYLAND_PROTOCOLS_DIR:-$(pkg-config --variable=pkgdatadir wayland-protocols 2>/dev/null || echo /usr/share/wayland-protocols)}
scanner=${WAYLAND_SCANNER:-wayland-scanner}
# name : path under the wayland-protocols folder
protocols=(
    "xdg-shell:stable/xdg-shell/xdg-shell.xml"
    "viewporter:stable/viewporter/viewporter.xml"
    "fractional-scale-v1:staging/fractional-scale/fractional-scale-v1.xml"
    "pointer-gestures-unstable-v1:unstable/pointer-gestures/pointer-gestures-unstable-v1.xml"
)

check=0
[ "${1:-}" = "--check" ] && check=1
command -v "$scanner" >/dev/null || { echo "gen-wayland-protocols: $scanner not found (apt-get install libwayland-bin)" >&2; exit 1; }

client_out=Sources/CWaylandProtocols
server_out=Sources/CWaylandTestCompositor
if [ $check -eq 1 ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    client_out=$tmp/client
    server_out=$tmp/server
fi
mkdir -p "$client_out/include" "$server_out/generated"

for entry in "${protocols[@]}"; do
    name=${entry%%:*}
    xml=$protocols_dir/${entry#*:}
    [ -f "$xml" ] || { echo "gen-wayland-protocols: $xml missing (apt-get install wayland-protocols)" >&2; exit 1; }
    "$scanner" client-header "$xml" "$client_out/include/$name-client-protocol.h"
    "$scanner" private-code "$xml" "$client_out/$name-protocol.c"
    "$scanner" server-header "$xml" "$server_out/generated/$name-server-protocol.h"
done

if [ $check -eq 1 ]; then
    status=0
    for file in "$client_out"/include/*.h "$client_out"/*.c; do
        committed=Sources/CWaylandProtocols/${file#"$client_out"/}
        cmp -s "$file" "$committed" || { echo "gen-wayland-protocols: $committed is stale; run scripts/gen-wayland-protocols.sh" >&2; status=1; }
    done
    for file in "$server_out"/generated/*.h; do
        committed=Sources/CWaylandTestCompositor/${file#"$server_out"/}
        cmp -s "$file" "$committed" || { echo "gen-wayland-protocols: $committed is stale; run scripts/gen-wayland-protocols.sh" >&2; status=1; }
    done
    exit $status
fi
echo "gen-wayland-protocols: wrote $client_out and $server_out" >&2

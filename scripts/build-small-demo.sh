#!/usr/bin/env bash
# Builds x11-demo (release) and prints the binary's path. The release build is the small one:
# Package.swift gives x11-demo's link (release only) the flags below, so plain
# `swift build -c release --product x11-demo` makes the same binary. Idle RSS falls from about
# 25 MiB to about 14 MiB (scripts/perf.sh; README "Speed"):
#   -static-stdlib          the Swift runtime and Foundation linked in: only the pages used are
#                           loaded, instead of every shared library's relocations and data;
#   -no-pie                 a fixed-address executable: no 72 000 relative relocations to
#                           apply (and their 1.7 MB table to read) at every start;
#   static libstdc++        the Swift runtime's C++ support linked in too (libstdc++.so's own
#                           start-up alone is 1.4 MiB resident): scripts/static-libstdcxx holds
#                           a linker script named libstdc++.so that sends -lstdc++ to the
#                           archive;
#   start functions first   lld puts the functions that run from exec to the first frame
#                           (scripts/x11-demo-start.order, made by scripts/order-demo-start.sh)
#                           together at the front, each in its own section (-function-sections
#                           for our modules; the static libraries come split already). The
#                           kernel maps code 64 kB around each touched page, so scattered they
#                           made about 5 MB of code resident; together, under 3 MB.
# The tests link X11DemoCore, not the executable, so none of this reaches them.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product x11-demo >&2
echo "$(swift build -c release --show-bin-path)/x11-demo"

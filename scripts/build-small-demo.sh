#!/usr/bin/env bash
# Builds x11-demo (release) as small in memory as it goes, in .build/static (the ordinary
# release build stays), and prints the binary's path. Idle RSS falls from about 24.6 MiB to
# 15.7 MiB (scripts/perf.sh; README "Speed"):
#   --static-swift-stdlib   the Swift runtime and Foundation linked in: only the pages used are
#                           loaded, instead of every shared library's relocations and data;
#   -no-pie                 a fixed-address executable: no 72 000 relative relocations to
#                           apply (and their 1.7 MB table to read) at every start;
#   static libstdc++        the Swift runtime's C++ support linked in too (libstdc++.so's own
#                           start-up alone is 1.4 MiB resident). The linker finds the archive
#                           first through a folder that holds only it.
set -euo pipefail
cd "$(dirname "$0")/.."
cxx=.build/static-libstdcxx
archive=$(gcc -print-file-name=libstdc++.a 2>/dev/null || true)
flags=(-c release --product x11-demo --static-swift-stdlib --scratch-path .build/static
    -Xswiftc -Xclang-linker -Xswiftc -no-pie)
if [ -f "$archive" ]; then
    mkdir -p "$cxx"
    ln -sf "$archive" "$cxx/libstdc++.a"
    flags+=(-Xlinker "-L$PWD/$cxx")
else
    echo "build-small-demo: no static libstdc++ (gcc -print-file-name); linking the shared one" >&2
fi
swift build "${flags[@]}" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/x11-demo"

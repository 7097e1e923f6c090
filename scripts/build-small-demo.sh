#!/usr/bin/env bash
# Builds x11-demo (release) as small in memory as it goes, in its own build folder
# (.build/small, so the ordinary release build and its cache stay as they are), and prints the
# binary's path as the LAST line on stdout (`make demo`, `make perf`, scripts/perf.sh,
# scripts/order-demo-start.sh and outside measurements read it). Idle RSS falls from about
# 25 MiB to about 14 MiB (docs/performance.md).
#
# The flags are given here, on the command line, not in Package.swift: the root manifest is
# for the package's dependents and has no unsafe flags (SwiftPM refuses a dependency that has
# them), and the gain is the demo binary's, not an application's.
#   --static-swift-stdlib   the Swift runtime and Foundation linked in: only the pages used are
#                           loaded, instead of every shared library's relocations and data;
#   -no-pie                 a fixed-address executable: no 72 000 relative relocations to
#                           apply (and their 1.7 MB table to read) at every start;
#   static libstdc++        the Swift runtime's C++ support linked in too (libstdc++.so's own
#                           start-up alone is 1.4 MiB resident). The linker finds the archive
#                           first through a folder that holds only it (.build/small-libstdcxx);
#   start functions first   lld puts the functions that run from exec to the first frame
#                           (scripts/x11-demo-start.order, made by scripts/order-demo-start.sh)
#                           together at the front, each in its own section (-function-sections
#                           for every module; the static libraries come split already). The
#                           kernel maps code 64 kB around each touched page, so scattered they
#                           made about 5 MB of code resident; together, under 3 MB.
# Without the toolchain's lld it links with the default linker and no order; without a static
# libstdc++ it links the shared one (each says so on stderr).
#
# Environment: SWIFT (swift), SMALL_DEMO_SCRATCH (.build/small).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=${SMALL_DEMO_SCRATCH:-.build/small}
cxx=.build/small-libstdcxx
archive=$(gcc -print-file-name=libstdc++.a 2>/dev/null || true)
flags=(-c release --product x11-demo --static-swift-stdlib --scratch-path "$scratch"
    -Xswiftc -Xclang-linker -Xswiftc -no-pie)
if [ -f "$archive" ] && [ "$archive" != libstdc++.a ]; then
    mkdir -p "$cxx"
    ln -sf "$archive" "$cxx/libstdc++.a"
    flags+=(-Xlinker "-L$PWD/$cxx")
else
    echo "build-small-demo: no static libstdc++ (gcc -print-file-name); linking the shared one" >&2
fi
swift_path=$(command -v "$SWIFT")
if [ -x "$(dirname "$(readlink -f "$swift_path")")/ld.lld" ] && [ -f scripts/x11-demo-start.order ]; then
    flags+=(-Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections
        -Xlinker "--symbol-ordering-file=$PWD/scripts/x11-demo-start.order"
        -Xlinker --no-warn-symbol-ordering)
else
    echo "build-small-demo: no lld next to swift, or no start order; functions stay unordered" >&2
fi
"$SWIFT" build "${flags[@]}" >&2
echo "$("$SWIFT" build "${flags[@]}" --show-bin-path)/x11-demo"

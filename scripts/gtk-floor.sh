#!/usr/bin/env bash
# Builds the GTK floor program (scripts/gtk-floor.c: gtk-demo's sheet-scene widgets, only a
# full-window dim animated; issue 36 item 7) with the system C compiler and prints its path
# (.build/gtk-floor/gtk-floor). Not part of the library or of `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/gtk-floor
mkdir -p "$out"
# shellcheck disable=SC2046
cc -O2 -Wall -Wextra -Werror -o "$out/gtk-floor.tmp" scripts/gtk-floor.c \
    $(pkg-config --cflags --libs gtk4 gtk4-x11 cairo-xlib x11 xext xrender xdamage)
mv "$out/gtk-floor.tmp" "$out/gtk-floor"
# Run by this name it draws during the drag itself (the blit mode; see gtk-floor.c).
ln -sf gtk-floor "$out/gtk-floor-blit"
# And by this one it draws them into a window of its own over GTK's (the overlay mode).
ln -sf gtk-floor "$out/gtk-floor-overlay"
ln -sf gtk-floor "$out/gtk-floor-overlay-move"
echo "$PWD/$out/gtk-floor"

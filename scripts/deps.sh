#!/usr/bin/env bash
# Installs the Debian packages the build, the tests and the demo need, if any is missing.
# Runs apt-get update first; uses sudo only when not already root.
set -euo pipefail

packages=(pkg-config libcairo2-dev libx11-dev libxi-dev libxext-dev libgif-dev xvfb xdotool fonts-dejavu-core
    libdbus-1-dev dbus dbus-bin dbus-daemon at-spi2-core python3-pyatspi python3-dbus)
# The GTK 4 host and gtk-demo; its tests run a headless weston and an AT-SPI bus on a private
# D-Bus session, read by Debian's pyatspi.
packages+=(libgtk-4-dev weston dbus-daemon at-spi2-core python3-pyatspi)
# The Wayland plugin (libwayland-client, wayland-scanner, the protocol XML files, xkbcommon) and
# the compositor its tests run (weston: headless, and nested in Xvfb).
packages+=(libwayland-dev libwayland-bin wayland-protocols libxkbcommon-dev weston)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}" >&2
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
        echo "deps: not root and no sudo; install these by hand: ${missing[*]}" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

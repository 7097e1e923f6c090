#!/usr/bin/env bash
# Runs a command with DISPLAY pointing at a private Xvfb, started here and stopped after.
# Usage: scripts/with-xvfb.sh COMMAND [ARG…]; exits with the command's status.
# Without Xvfb it runs the command without a display, unless a display is required
# (CI=true or SWIPEDISMISS_REQUIRE_DISPLAY=1): then it fails, so that tests which would
# skip for want of a display cannot make a run look green.
set -uo pipefail

required=0
if [ "${CI:-}" = true ] || [ "${SWIPEDISMISS_REQUIRE_DISPLAY:-}" = 1 ]; then
    required=1
fi

if ! command -v Xvfb >/dev/null 2>&1; then
    if [ "$required" = 1 ]; then
        echo "with-xvfb: Xvfb is not installed, and a display is required" \
            "(CI=true or SWIPEDISMISS_REQUIRE_DISPLAY=1); install xvfb (scripts/deps.sh)" >&2
        exit 1
    fi
    echo "with-xvfb: Xvfb is not installed; running without a display" >&2
    exec "$@"
fi

number=99
while [ -e "/tmp/.X11-unix/X$number" ] || [ -e "/tmp/.X$number-lock" ]; do
    number=$((number + 1))
done

Xvfb ":$number" -screen 0 1280x1024x24 -nolisten tcp -noreset >/tmp/xvfb-$number.log 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null; wait "$xvfb" 2>/dev/null' EXIT

for _ in $(seq 1 100); do
    [ -e "/tmp/.X11-unix/X$number" ] && break
    if ! kill -0 "$xvfb" 2>/dev/null; then
        echo "with-xvfb: Xvfb :$number failed to start:" >&2
        cat "/tmp/xvfb-$number.log" >&2
        exit 1
    fi
    sleep 0.1
done
if [ ! -e "/tmp/.X11-unix/X$number" ]; then
    echo "with-xvfb: Xvfb :$number did not open its socket within 10 s:" >&2
    cat "/tmp/xvfb-$number.log" >&2
    exit 1
fi
echo "with-xvfb: Xvfb on :$number" >&2
DISPLAY=":$number" "$@"

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

# shellcheck source=scripts/xvfb.sh
. "$(dirname "$0")/xvfb.sh"
trap '[ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null' EXIT
start_xvfb 99 with-xvfb || exit 1
number=$xvfb_number
echo "with-xvfb: Xvfb on :$number" >&2
DISPLAY=":$number" "$@"

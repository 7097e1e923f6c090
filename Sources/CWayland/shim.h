// libwayland-client and xkbcommon, for Plugins/Wayland. The protocol glue generated from the
// XML files (xdg-shell, viewporter, fractional-scale, pointer-gestures) is the C target
// CWaylandProtocols (scripts/gen-wayland-protocols.sh).
#include <wayland-client.h>
#include <wayland-cursor.h>
#include <xkbcommon/xkbcommon.h>
#include <sys/mman.h>
#include <linux/input-event-codes.h>

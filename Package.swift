// swift-tools-version:6.1
// The folder tree is the data flow: core protocols in Sources/SwipeDismiss, one
// folder per plugin in Plugins/, C seams in Sources/C*, runnable things in Examples/.
// `Plugins/` holds ordinary library targets declared with `path:`; a future SwiftPM
// package plugin would need its own folder there.
//
// This manifest is for the package's dependents: no unsafe flags here (SwiftPM refuses a
// dependency whose products carry them; .ci/run builds a dependent package to check). The
// demo's small release build gets its link flags from scripts/build-small-demo.sh.
//
// GTK is a package trait, on by default (this package's own builds, tests and demos, and a
// dependent that names none): gtk4's pkg-config flags carry -pthread and -msse2, which
// SwiftPM reports as "prohibited flag(s)" in every dependent's build, GTK user or not, for
// any non-test target that needs CGtk. A dependent without GTK writes `traits: []` on its
// `.package(…)` line: CGtk then drops out of its build (no warning, no libgtk-4-dev).
import PackageDescription

let package = Package(
    name: "SwipeDismiss",
    products: [
        .library(name: "SwipeDismiss", targets: ["SwipeDismiss"]),
        .library(name: "SwipeDismissTrace", targets: ["SwipeDismissTrace"]),
        .library(name: "SwipeDismissNull", targets: ["SwipeDismissNull"]),
        .library(name: "SwipeDismissCairo", targets: ["SwipeDismissCairo"]),
        .library(name: "SwipeDismissX11", targets: ["SwipeDismissX11"]),
        .library(name: "SwipeDismissGif", targets: ["SwipeDismissGif"]),
        .library(name: "SwipeDismissAccessibility", targets: ["SwipeDismissAccessibility"]),
        .library(name: "SwipeDismissGtk", targets: ["SwipeDismissGtk"]),
        .library(name: "SwipeDismissSheetBackend", targets: ["SwipeDismissSheetBackend"]),
        .library(name: "SwipeDismissWayland", targets: ["SwipeDismissWayland"]),
        .library(name: "SwipeDismissHost", targets: ["SwipeDismissHost"]),
        .executable(name: "cairo-export", targets: ["CairoExport"]),
        .executable(name: "x11-demo", targets: ["X11Demo"]),
        .executable(name: "x11-host-demo", targets: ["X11HostDemo"]),
        .executable(name: "swipedismiss-bench", targets: ["Benchmark"]),
        .executable(name: "gtk-demo", targets: ["GtkDemo"]),
        .executable(name: "wayland-demo", targets: ["WaylandDemo"]),
    ],
    traits: [
        .trait(
            name: "GTK",
            description: "The GTK 4 host (SwipeDismissGtk, gtk-demo): needs libgtk-4-dev"),
        .default(enabledTraits: ["GTK"]),
    ],
    targets: [
        // Core: pure Swift, no Foundation, no C, no globals, time only through the injected Clock.
        .target(name: "SwipeDismiss", path: "Sources/SwipeDismiss"),
        // The trace format (JSON reading and writing, the trace and recording input
        // sources): apart from the core so that the core needs no Foundation.
        .target(
            name: "SwipeDismissTrace", dependencies: ["SwipeDismiss"],
            path: "Sources/SwipeDismissTrace"),

        // C seams.
        .systemLibrary(
            name: "CCairo",
            path: "Sources/CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CX11",
            path: "Sources/CX11",
            pkgConfig: "cairo-xlib",
            providers: [.apt(["libx11-dev", "libxi-dev", "libxext-dev", "libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CGtk",
            path: "Sources/CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // giflib has no pkg-config file on Debian: the module map links "gif" by name.
        .systemLibrary(name: "CGif", path: "Sources/CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(
            name: "CDBus",
            path: "Sources/CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),

        // epoll (libc; Swift's Glibc module lacks it), for the accessibility plugin.
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        .systemLibrary(
            name: "CWayland",
            path: "Sources/CWayland",
            pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev", "libxkbcommon-dev"])]
        ),
        // The protocol glue wayland-scanner generates from the XML files (committed;
        // scripts/gen-wayland-protocols.sh regenerates it and --check compares).
        .target(
            name: "CWaylandProtocols", dependencies: ["CWayland"], path: "Sources/CWaylandProtocols"
        ),

        // A scripted compositor on libwayland-server for the tests: finger scrolls with
        // axis_stop and fractional scale, which no packaged headless compositor injects.
        .target(
            name: "CWaylandTestCompositor", dependencies: ["CWaylandProtocols"],
            path: "Sources/CWaylandTestCompositor",
            linkerSettings: [.linkedLibrary("wayland-server")]
        ),

        // The signal pipe the X11 and Wayland loops stop on (`X11SignalPipe` and
        // `WaylandSignalPipe` name it): one type, so the process has one slot for the active
        // pipe. Libc only; internal, not a product, but its types are public as apps make one.
        .target(name: "SwipeDismissSignals", path: "Sources/SwipeDismissSignals"),
        // Whole-or-nothing file writes (internal, `package`): the exporters' and recorders'.
        .target(name: "SwipeDismissFiles", path: "Sources/SwipeDismissFiles"),

        // What every window-system host shares (Foundation-free): one poll loop, device-time
        // mapping, stop reasons, the wheel notch, the signal pipe (re-exported).
        .target(
            name: "SwipeDismissHost", dependencies: ["SwipeDismiss", "SwipeDismissSignals"],
            path: "Plugins/Host"),

        // Plugins.
        .target(name: "SwipeDismissNull", dependencies: ["SwipeDismiss"], path: "Plugins/Null"),
        .target(
            name: "SwipeDismissCairo",
            dependencies: ["SwipeDismiss", "SwipeDismissFiles", "CCairo"],
            path: "Plugins/Cairo"
        ),
        // The X11 plugin's frame compositor (layer rasters, row plan, one-pass dim): internal,
        // not a product; everything in it is `package` or internal.
        .target(
            name: "SwipeDismissRaster",
            dependencies: ["SwipeDismiss", "SwipeDismissCairo", "CCairo"],
            path: "Plugins/Raster"
        ),
        .target(
            name: "SwipeDismissX11",
            dependencies: [
                "SwipeDismiss", "SwipeDismissCairo", "SwipeDismissRaster", "SwipeDismissSignals",
                "SwipeDismissHost", "CX11",
            ],
            path: "Plugins/X11"
        ),
        .target(
            name: "SwipeDismissGif", dependencies: ["SwipeDismiss", "CGif"], path: "Plugins/Gif"),
        // AT-SPI over libdbus: the sheet as a modal dialog for screen readers (X11 and Wayland).
        // libdbus is opened at run time, only when there is a bus (LibDBus.swift says why):
        // CDBus, its headers, is for the tests that check the plugin's view of its ABI.
        .target(
            name: "SwipeDismissAccessibility",
            dependencies: ["SwipeDismiss", "SwipeDismissHost", "CEpoll"],
            path: "Plugins/Accessibility"
        ),
        // The GTK 4 host: the app's widgets behind, its sheet widget moved as render nodes.
        // swift-cross-ui's sheet calls over the core, with a null-renderer implementation.
        .target(
            name: "SwipeDismissSheetBackend", dependencies: ["SwipeDismiss", "SwipeDismissNull"],
            path: "Plugins/SheetBackend"),
        .target(
            name: "SwipeDismissGtk",
            dependencies: [
                "SwipeDismiss", "SwipeDismissSheetBackend", "SwipeDismissHost",
                .target(name: "CGtk", condition: .when(traits: ["GTK"])),
            ],
            path: "Plugins/Gtk"),
        // CCairo as well: the frames are cairo image surfaces over the wl_shm buffers.
        .target(
            name: "SwipeDismissWayland",
            dependencies: [
                "SwipeDismiss", "SwipeDismissCairo", "SwipeDismissRaster", "SwipeDismissSignals",
                "SwipeDismissHost", "CCairo", "CWayland", "CWaylandProtocols",
            ],
            path: "Plugins/Wayland"
        ),

        // What the command-line tools share: one strict flag parser, number text, signals.
        .target(name: "ToolSupport", dependencies: ["SwipeDismiss"], path: "Sources/ToolSupport"),

        // Examples.
        .executableTarget(
            name: "CairoExport",
            dependencies: [
                "SwipeDismiss", "SwipeDismissTrace", "SwipeDismissCairo", "SwipeDismissGif",
                "SwipeDismissFiles", "ToolSupport",
            ],
            path: "Examples/CairoExport"
        ),
        // The demo's flags, output lines and files, apart from its main so that the tests
        // link them. Its small build (static runtime, no PIE, start order) is made by
        // scripts/build-small-demo.sh with command-line flags: this manifest has no unsafe flags.
        .target(
            name: "X11DemoCore",
            dependencies: [
                "SwipeDismiss", "SwipeDismissTrace", "SwipeDismissX11", "SwipeDismissFiles",
                "ToolSupport", "SwipeDismissHost", "SwipeDismissAccessibility",
            ],
            path: "Examples/X11DemoCore"
        ),
        .executableTarget(
            name: "X11Demo",
            dependencies: [
                "SwipeDismiss", "SwipeDismissTrace", "SwipeDismissX11", "ToolSupport",
                "X11DemoCore", "SwipeDismissAccessibility",
            ],
            path: "Examples/X11Demo"
        ),
        // An app with its own connection, window, screen and loop, presenting a sheet.
        .executableTarget(
            name: "X11HostDemo",
            dependencies: [
                "SwipeDismiss", "SwipeDismissCairo", "SwipeDismissX11", "ToolSupport",
                "X11DemoCore", "SwipeDismissAccessibility",
                "CX11",
            ],
            path: "Examples/X11HostDemo"
        ),
        .target(
            name: "RawCairoBaseline",
            dependencies: ["CCairo"],
            path: "Examples/RawCairoBaseline"
        ),
        .executableTarget(
            name: "Benchmark",
            dependencies: [
                "SwipeDismiss", "SwipeDismissCairo", "SwipeDismissX11", "RawCairoBaseline",
                "ToolSupport",
            ],
            path: "Examples/Benchmark"
        ),

        // Tests: one target per module, and what they share (the display requirement,
        // `eventually`, tools and xdotool, a private Xvfb, child processes, a recording
        // renderer, frame stepping): a target of its own, not a product.
        .target(
            name: "SwipeDismissTestSupport",
            // SwipeDismissSheetBackend: the facade scenario both sheet backends' tests run;
            // RawCairoBaseline: the benchmark's allocation counter.
            dependencies: ["SwipeDismiss", "SwipeDismissSheetBackend", "RawCairoBaseline"],
            path: "Tests/SwipeDismissTestSupport"),
        .testTarget(
            name: "SwipeDismissTests",
            dependencies: [
                "SwipeDismiss", "SwipeDismissTrace", "SwipeDismissNull", "SwipeDismissTestSupport",
                "SwipeDismissFiles",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SwipeDismissNullTests",
            dependencies: ["SwipeDismissNull", "SwipeDismissTestSupport"]),
        .testTarget(
            name: "SwipeDismissCairoTests",
            // RawCairoBaseline: the benchmark's allocation counter. SwipeDismissRaster: the
            // allocation tests count the compositor's frames too.
            dependencies: [
                "SwipeDismissCairo", "SwipeDismissRaster", "SwipeDismissNull", "SwipeDismissTrace",
                "RawCairoBaseline", "SwipeDismissTestSupport",
            ]
        ),
        // The X11 and Wayland renderers' frame compositor against cairo's own drawing, byte
        // for byte: pixel loops, so apart from the fast Cairo tests (no display needed).
        .testTarget(
            name: "SwipeDismissRasterTests",
            // RawCairoBaseline: the benchmark's plain-C scene, checked pixel for pixel.
            dependencies: [
                "SwipeDismissCairo", "SwipeDismissRaster", "SwipeDismissNull", "SwipeDismissTrace",
                "SwipeDismissFiles", "RawCairoBaseline", "SwipeDismissTestSupport",
            ]
        ),
        .testTarget(
            name: "SwipeDismissX11Tests",
            // SwipeDismissSignals: the pipe an X11 host is refused while another one is active.
            dependencies: [
                "SwipeDismissX11", "SwipeDismissRaster", "SwipeDismissTrace",
                "SwipeDismissTestSupport", "SwipeDismissSignals",
            ]),
        // The host layer alone (poll loop, time mapping): no display, no compositor.
        .testTarget(
            name: "SwipeDismissHostTests",
            dependencies: ["SwipeDismissHost", "SwipeDismissNull", "SwipeDismissTestSupport"]),
        // The signal pipe alone (libc): no display, no compositor.
        .testTarget(name: "SwipeDismissSignalsTests", dependencies: ["SwipeDismissSignals"]),
        // The sheet facade on the null backend: no display (the GTK backend's run is in
        // SwipeDismissGtkTests).
        .testTarget(
            name: "SwipeDismissSheetBackendTests",
            dependencies: [
                "SwipeDismissSheetBackend", "SwipeDismissNull", "SwipeDismissTestSupport",
            ]),
        .testTarget(name: "ToolSupportTests", dependencies: ["ToolSupport"]),
        .testTarget(name: "SwipeDismissGifTests", dependencies: ["SwipeDismissGif", "CGif"]),
        .testTarget(
            name: "CairoExportTests",
            dependencies: [
                "CairoExport", "SwipeDismissGif", "SwipeDismissTrace", "SwipeDismissTestSupport",
            ]),
        .testTarget(
            name: "X11DemoTests",
            dependencies: ["X11DemoCore", "SwipeDismissTrace", "SwipeDismissTestSupport"]),
        .testTarget(
            name: "X11HostDemoTests", dependencies: ["SwipeDismissX11", "SwipeDismissTestSupport"]),
        .testTarget(
            name: "SwipeDismissAccessibilityTests",
            // RawCairoBaseline: the benchmark's allocation counter.
            dependencies: [
                "SwipeDismissAccessibility", "SwipeDismissNull", "RawCairoBaseline", "CDBus",
                "SwipeDismissTestSupport", "SwipeDismissHost",
            ],
            resources: [.copy("Probe/atspi_probe.py")]
        ),
        .executableTarget(
            name: "GtkDemo",
            dependencies: [
                "SwipeDismiss", "SwipeDismissTrace", "SwipeDismissGtk", "SwipeDismissHost",
                "ToolSupport", "X11DemoCore",
                .target(name: "CGtk", condition: .when(traits: ["GTK"])),
            ],
            path: "Examples/GtkDemo"
        ),
        .executableTarget(
            name: "WaylandDemo",
            dependencies: [
                "SwipeDismiss", "SwipeDismissTrace", "SwipeDismissWayland", "ToolSupport",
                "X11DemoCore", "SwipeDismissAccessibility",
            ],
            path: "Examples/WaylandDemo"
        ),
        .testTarget(
            name: "SwipeDismissGtkTests",
            dependencies: [
                "SwipeDismissGtk", "SwipeDismissSheetBackend", "SwipeDismissNull",
                "SwipeDismissX11", "SwipeDismissTestSupport",
                "CGtk",
            ]
        ),
        .testTarget(
            name: "SwipeDismissWaylandTests",
            dependencies: [
                "SwipeDismissWayland", "SwipeDismissRaster", "SwipeDismissNull",
                "CWaylandTestCompositor", "WaylandDemo", "RawCairoBaseline", "SwipeDismissSignals",
                "SwipeDismissTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

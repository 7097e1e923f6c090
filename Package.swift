// swift-tools-version:6.0
// The folder tree is the data flow: core protocols in Sources/SwipeDismiss, one
// folder per plugin in Plugins/, C seams in Sources/C*, runnable things in Examples/.
// `Plugins/` holds ordinary library targets declared with `path:`; a future SwiftPM
// package plugin would need its own folder there.
import PackageDescription

// x11-demo's release build is the small one, so that `swift build -c release` gives the binary
// the README's memory figures are about (scripts/build-small-demo.sh says what each flag saves):
// the Swift runtime and Foundation linked in, a fixed-address executable, libstdc++ linked in,
// and the functions that run from exec to the first frame placed together by lld.
let smallDemoLinking: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-static-stdlib", "-Xclang-linker", "-no-pie",
            "-L\(Context.packageDirectory)/scripts/static-libstdcxx",
            "-use-ld=lld", "-Xlinker",
            "--symbol-ordering-file=\(Context.packageDirectory)/scripts/x11-demo-start.order",
            "-Xlinker", "--no-warn-symbol-ordering",
            // What the static Foundation needs besides itself (SwiftPM's --static-swift-stdlib
            // names these from the static modules' link entries; this build's are the shared ones).
            "-lFoundationEssentials", "-lFoundationInternationalization", "-l_FoundationICU",
            "-l_FoundationCShims", "-l_FoundationCollections", "-lCoreFoundation",
        ],
        .when(platforms: [.linux], configuration: .release)
    )
]
// Each function in its own section, so that the order above can place it (release only). Only
// for targets outside the library products: SwiftPM refuses unsafe flags in a package used as a
// dependency, and the libraries must stay usable as one.
let functionSections: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))
]

let package = Package(
    name: "SwipeDismiss",
    products: [
        .library(name: "SwipeDismiss", targets: ["SwipeDismiss"]),
        .library(name: "SwipeDismissNull", targets: ["SwipeDismissNull"]),
        .library(name: "SwipeDismissCairo", targets: ["SwipeDismissCairo"]),
        .library(name: "SwipeDismissX11", targets: ["SwipeDismissX11"]),
        .library(name: "SwipeDismissGif", targets: ["SwipeDismissGif"]),
        .library(name: "SwipeDismissWayland", targets: ["SwipeDismissWayland"]),
        .executable(name: "cairo-export", targets: ["CairoExport"]),
        .executable(name: "x11-demo", targets: ["X11Demo"]),
        .executable(name: "swipedismiss-bench", targets: ["Benchmark"]),
        .executable(name: "wayland-demo", targets: ["WaylandDemo"]),
    ],
    targets: [
        // Core: pure Swift, no C, no globals, time only through the injected Clock.
        .target(name: "SwipeDismiss", path: "Sources/SwipeDismiss"),

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
        // giflib has no pkg-config file on Debian: the module map links "gif" by name.
        .systemLibrary(name: "CGif", path: "Sources/CGif", providers: [.apt(["libgif-dev"])]),
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

        // Plugins.
        .target(name: "SwipeDismissNull", dependencies: ["SwipeDismiss"], path: "Plugins/Null"),
        .target(
            name: "SwipeDismissCairo",
            dependencies: ["SwipeDismiss", "CCairo"],
            path: "Plugins/Cairo"
        ),
        .target(
            name: "SwipeDismissX11",
            dependencies: ["SwipeDismiss", "SwipeDismissCairo", "CX11"],
            path: "Plugins/X11"
        ),
        .target(
            name: "SwipeDismissGif", dependencies: ["SwipeDismiss", "CGif"], path: "Plugins/Gif"),
        // CCairo as well: the frames are cairo image surfaces over the wl_shm buffers.
        .target(
            name: "SwipeDismissWayland",
            dependencies: [
                "SwipeDismiss", "SwipeDismissCairo", "CCairo", "CWayland", "CWaylandProtocols",
            ],
            path: "Plugins/Wayland"
        ),

        // What the command-line tools share: one strict flag parser, number text, signals.
        .target(
            name: "ToolSupport", dependencies: ["SwipeDismiss"], path: "Sources/ToolSupport",
            swiftSettings: functionSections),

        // Examples.
        .executableTarget(
            name: "CairoExport",
            dependencies: ["SwipeDismiss", "SwipeDismissCairo", "SwipeDismissGif", "ToolSupport"],
            path: "Examples/CairoExport"
        ),
        // The demo's flags, output lines and files, apart from its main so that the tests
        // link them without the small executable's static runtime (`smallDemoLinking`).
        .target(
            name: "X11DemoCore",
            dependencies: ["SwipeDismiss", "SwipeDismissX11", "ToolSupport"],
            path: "Examples/X11DemoCore",
            swiftSettings: functionSections
        ),
        .executableTarget(
            name: "X11Demo",
            dependencies: ["SwipeDismiss", "SwipeDismissX11", "ToolSupport", "X11DemoCore"],
            path: "Examples/X11Demo",
            swiftSettings: functionSections,
            linkerSettings: smallDemoLinking
        ),
        .executableTarget(
            name: "WaylandDemo",
            dependencies: [
                "SwipeDismiss", "SwipeDismissWayland", "ToolSupport", "X11DemoCore",
            ],
            path: "Examples/WaylandDemo"
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

        // Tests: one target per module.
        .testTarget(
            name: "SwipeDismissTests",
            dependencies: ["SwipeDismiss", "SwipeDismissNull"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "SwipeDismissNullTests", dependencies: ["SwipeDismissNull"]),
        .testTarget(
            name: "SwipeDismissCairoTests",
            // RawCairoBaseline: the benchmark's plain-C scene, checked pixel for pixel.
            dependencies: ["SwipeDismissCairo", "SwipeDismissNull", "RawCairoBaseline"]
        ),
        .testTarget(name: "SwipeDismissX11Tests", dependencies: ["SwipeDismissX11"]),
        .testTarget(name: "ToolSupportTests", dependencies: ["ToolSupport"]),
        .testTarget(name: "SwipeDismissGifTests", dependencies: ["SwipeDismissGif", "CGif"]),
        .testTarget(name: "CairoExportTests", dependencies: ["CairoExport", "SwipeDismissGif"]),
        .testTarget(name: "X11DemoTests", dependencies: ["X11DemoCore"]),
        .testTarget(
            name: "SwipeDismissWaylandTests",
            dependencies: [
                "SwipeDismissWayland", "SwipeDismissNull", "CWaylandTestCompositor", "WaylandDemo",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

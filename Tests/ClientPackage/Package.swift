// swift-tools-version:6.0
// A client of SwipeDismiss outside its package, built by scripts/check-client.sh against a clone
// of this repository named SwipeDismiss beside it: it uses only the public API, as an app would.
import PackageDescription

let package = Package(
    name: "HostAPIClient",
    dependencies: [.package(path: "../SwipeDismiss")],
    targets: [
        .executableTarget(
            name: "HostAPIClient",
            dependencies: [
                .product(name: "SwipeDismiss", package: "SwipeDismiss"),
                .product(name: "SwipeDismissNull", package: "SwipeDismiss"),
            ])
    ]
)

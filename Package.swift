// swift-tools-version: 6.2
import PackageDescription

/// Settings every target of this package builds with: Swift 6 mode is the default for tools 6.x;
/// warnings are errors so `swift test` itself enforces the zero-warning rule.
let strictSettings: [SwiftSetting] = [
  .treatAllWarnings(as: .error)
]

let package = Package(
  name: "InstantSearch",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "InstantSearchModel", targets: ["InstantSearchModel"]),
    .library(name: "InstantSearchAlgolia", targets: ["InstantSearchAlgolia"]),
    .library(name: "InstantSearchCore", targets: ["InstantSearchCore"]),
    .library(name: "InstantSearchEngine", targets: ["InstantSearchEngine"]),
    .library(name: "InstantSearchLanguageData", targets: ["InstantSearchLanguageData"]),
    .library(name: "InstantSearch", targets: ["InstantSearch"]),
    .library(name: "InstantSearchSwiftUI", targets: ["InstantSearchSwiftUI"]),
    .library(name: "InstantSearchTesting", targets: ["InstantSearchTesting"]),
    .library(name: "InstantSearchTerminal", targets: ["InstantSearchTerminal"]),
    .library(name: "InstantSearchServer", targets: ["InstantSearchServer"]),
    .executable(name: "instantsearch", targets: ["InstantSearchCLI"]),
    .executable(name: "instantsearch-benchmarks", targets: ["InstantSearchBenchmarks"]),
    .executable(name: "instantsearch-fuzz", targets: ["InstantSearchFuzz"]),
    .executable(name: "instantsearch-open", targets: ["InstantSearchOpen"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    // Linux only: `ObservableObject` for the observable controllers, where Combine does not exist.
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    // Test-only: real HTTP servers on 127.0.0.1 for the Algolia client tests.
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.2"),
    // The server's bounded logs (request log, searches, events): a deque drops its oldest in O(1).
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
    // The server's /metrics, in Prometheus' text format.
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.1.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    // `swift package generate-documentation`: renders the DocC catalogs (a command plugin; nothing links it).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The values of search: filters and both filter grammars, queries, responses, JSON and the search client
    // protocol. What the engine and the server need; no widget runtime, no networking.
    .target(name: "InstantSearchModel", swiftSettings: strictSettings),
    // Algolia's REST client: the search client over HTTPS, its hosts and retries, and the transport over
    // URLSession. A module of its own so that the engine, which needs none of it, never loads the TLS stack
    // (FoundationNetworking, libcurl and its libraries: about 4 MB resident on Linux).
    .target(name: "InstantSearchAlgolia", dependencies: ["InstantSearchModel"], swiftSettings: strictSettings),
    // The widget runtime (searchers, widgets, FilterState, Insights) over the model, which it re-exports.
    .target(
      name: "InstantSearchCore",
      dependencies: [
        "InstantSearchModel", "InstantSearchAlgolia",
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "InstantSearchEngine",
      dependencies: ["InstantSearchModel", "CInstantSearchBits", "CInstantSearchChecksum", "CInstantSearchSegmenter"],
      swiftSettings: strictSettings),
    // The large language tables (compound parts, Japanese readings): linked only by what decompounds or
    // transliterates, so that an app that does not never carries them.
    .target(
      name: "InstantSearchLanguageData", dependencies: ["InstantSearchEngine"], swiftSettings: strictSettings),
    // CRC-32C with the processor's instructions, for the engine's files (no Swift spelling for them).
    .target(name: "CInstantSearchChecksum"),
    // Population counts of bitsets with the processor's instructions, chosen when first used (Swift
    // compiles for the baseline x86-64 processor, which has none).
    .target(name: "CInstantSearchBits"),
    // Word breaking of the languages written without spaces (Chinese, Japanese, Thai…) by ICU's
    // dictionaries: Foundation's own copy of ICU on Linux, the system's on Apple platforms.
    .target(
      name: "CInstantSearchSegmenter",
      linkerSettings: [
        .linkedLibrary("_FoundationICU", .when(platforms: [.linux])),
        .linkedLibrary("icucore", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS])),
      ]),
    .target(
      name: "InstantSearch",
      dependencies: ["InstantSearchCore", "InstantSearchEngine"],
      swiftSettings: strictSettings
    ),
    .target(name: "InstantSearchSwiftUI", dependencies: ["InstantSearchCore"], swiftSettings: strictSettings),
    .target(name: "InstantSearchTesting", dependencies: ["InstantSearchCore"], swiftSettings: strictSettings),
    .target(name: "InstantSearchTerminal", dependencies: ["InstantSearchCore"], swiftSettings: strictSettings),
    // Algolia's Search REST API over the engine (`instantsearch serve`): apps using the library never link it.
    .target(
      name: "InstantSearchServer",
      dependencies: [
        "InstantSearchModel", "InstantSearchAlgolia", "InstantSearchEngine", "InstantSearchLanguageData",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "CompressNIO", package: "compress-nio"),
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "InstantSearchCLI",
      dependencies: [
        "InstantSearchCore", "InstantSearchEngine", "InstantSearchLanguageData", "InstantSearchTerminal",
        "InstantSearchServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),
    // `scripts/fuzz.sh`'s fuzzer: the core, the engine and its language tables only, so its release build stays small.
    .executableTarget(
      name: "InstantSearchFuzz",
      dependencies: [
        "InstantSearchModel", "InstantSearchEngine", "InstantSearchLanguageData",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),
    // `scripts/durable_side_by_side.sh`'s reopen beside tantivy's: the engine alone in its process.
    .executableTarget(
      name: "InstantSearchOpen", dependencies: ["InstantSearchEngine"], swiftSettings: strictSettings),
    .executableTarget(
      name: "InstantSearchBenchmarks",
      dependencies: ["InstantSearchCore"],
      swiftSettings: strictSettings
    ),
    // Test-only: child processes without Foundation's `Process` (see `ChildProcess`).
    .target(name: "TestProcesses", path: "Tests/TestProcesses", swiftSettings: strictSettings),
    // The value module's own tests: filters, both filter grammars, queries, JSON, locks — nothing of the
    // widget runtime.
    .testTarget(
      name: "InstantSearchModelTests",
      dependencies: [
        "InstantSearchModel", "TestProcesses", .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "InstantSearchCoreTests",
      dependencies: [
        "InstantSearchCore",
        "InstantSearchEngine",
        "InstantSearchTesting",
        "TestProcesses",
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      resources: [.copy("Fixtures")],
      swiftSettings: strictSettings
    ),
    // The `instantsearch` command run as a child process: a crash fails a test instead of the suite.
    .testTarget(
      name: "InstantSearchCLITests",
      dependencies: [
        "InstantSearchCLI", "InstantSearchOpen", "InstantSearchCore", "InstantSearchEngine", "TestProcesses",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "InstantSearchTerminalTests",
      dependencies: ["InstantSearchCore", "InstantSearchEngine", "InstantSearchTerminal", "TestProcesses"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "InstantSearchServerTests",
      dependencies: [
        "InstantSearchCore", "InstantSearchEngine", "InstantSearchServer", "InstantSearchLanguageData",
        "TestProcesses",
        .product(name: "CompressNIO", package: "compress-nio"), .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "InstantSearchEngineTests",
      dependencies: [
        "InstantSearchCore",
        "InstantSearchEngine",
        "InstantSearchLanguageData",
        "TestProcesses",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      resources: [.copy("Fixtures")],
      swiftSettings: strictSettings
    ),
  ]
)

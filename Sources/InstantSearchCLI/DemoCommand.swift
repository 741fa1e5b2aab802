import ArgumentParser
import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchTerminal

/// `instantsearch demo`: the showcase, a full-screen search app on the embedded engine.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo", abstract: "A full-screen search screen built from the widgets, on the embedded engine.")

  @Option(help: "Products to generate (up to 1,000,000; default 20,000).") var size: Int?
  @Option(help: "The generator's seed (default 42).") var seed: UInt64?
  @Option(
    help: "Your own records instead of the generated catalog: JSON lines, a JSON array, or an index directory.")
  var records: String?
  @Option(help: "Index settings JSON for a --records file (an index directory keeps its own).") var settings: String?
  @Option(help: "The index name (default: the one an index directory holds, else products).") var index: String?
  @Option(help: "A key script to play without a terminal, e.g. \"head<Tab><Down><Space>\".") var keys: String?
  @Flag(help: "Print the last frame as text (with --keys, or alone for the first frame).") var printFrame = false
  @Option(help: "Frame width for --print-frame (default 80).") var width: Int?
  @Option(help: "Frame height for --print-frame (default 24).") var height: Int?
  @Flag(help: "Measure keystroke → frame rendered and print p50/p99 on stderr.") var measure = false

  func validate() throws {
    if records == nil, settings != nil {
      throw ValidationError("--settings applies to --records; the generated catalog has its own settings")
    }
    if records == nil, index != nil {
      throw ValidationError("--index applies to --records; the generated catalog is named products")
    }
    if records != nil, size != nil || seed != nil {
      throw ValidationError("--size and --seed shape the generated catalog; --records replaces it")
    }
    guard (1...1_000_000).contains(size ?? 20_000) else {
      throw ValidationError("--size must be between 1 and 1,000,000")
    }
    guard (20...1000).contains(width ?? 80), (8...1000).contains(height ?? 24) else {
      throw ValidationError("--width and --height must be between 20 and 1,000 and between 8 and 1,000")
    }
  }

  func run() async throws {
    let index = try makeIndex()
    let script = try keys.map { text in
      do throws(KeyScriptError) {
        return try KeyEvent.parse(script: text)
      } catch {
        throw ValidationError("--keys: \(error)")
      }
    }
    if script != nil || printFrame || !TerminalSession.isTerminal {
      try await Self.play(
        index: index, keys: script ?? [], width: width ?? 80, height: height ?? 24, measure: measure)
    } else {
      guard width == nil, height == nil else {
        throw ValidationError("--width and --height size --print-frame's frame; on a terminal its own size is used")
      }
      try await Self.interactive(index: index, measure: measure)
    }
  }

  private func makeIndex() throws -> LocalIndex {
    let index: LocalIndex
    if let records {
      let name =
        try self.index ?? (IndexLoading.isIndexDirectory(records) ? IndexLoading.indexName(in: records) : "products")
      index = try IndexLoading.load(records: records, settings: settings, name: name)
    } else {
      index = LocalIndex(name: "products", settings: try IndexSettings(json: ShowcaseCatalog.settings))
      try index.saveRecords(streaming: ShowcaseCatalog.stream(count: size ?? 20_000, seed: seed ?? 42))
      index.saveRules(try ShowcaseCatalog.rules.map { rule throws(EngineError) in try QueryRule(json: rule) })
    }
    try Self.addSortReplicas(to: index)
    // What the first letters typed would build on their keystroke, built before the first frame.
    index.warmUp()
    return index
  }

  /// Plays a key script and prints the last frame.
  @MainActor
  static func play(index: LocalIndex, keys: [KeyEvent], width: Int, height: Int, measure: Bool) async throws {
    let app = try makeApp(index: index)
    app.start()
    await app.waitForResults()
    var frame = app.render(width: width, height: height)
    var samples: [Duration] = []
    var slowest: [(Duration, Int, KeyEvent)] = []
    let clock = ContinuousClock()
    for (position, key) in keys.enumerated() {
      let start = clock.now
      guard app.handle(key) else { break }
      await app.waitForResults()
      frame = app.render(width: width, height: height)
      let elapsed = start.duration(to: clock.now)
      samples.append(elapsed)
      slowest = Array((slowest + [(elapsed, position, key)]).sorted { $0.0 > $1.0 }.prefix(3))
    }
    print(frame.text)
    if measure {
      FrameTiming.report(samples)
      let listed = slowest.map { "key \($0.1 + 1) \($0.2): \($0.0)" }.joined(separator: ", ")
      FileHandle.standardError.write(Data("slowest: \(listed)\n".utf8))
    }
  }

  /// Runs the showcase in the terminal until Esc, q or Ctrl-C; the terminal is restored on every exit.
  @MainActor
  static func interactive(index: LocalIndex, measure: Bool) async throws {
    let app = try makeApp(index: index)
    let searcher = app.searcher
    let session = try TerminalSession()
    defer { session.restore() }
    var size = session.size
    var samples: [Duration] = []
    var pendingKey: ContinuousClock.Instant?
    let clock = ContinuousClock()
    func draw() {
      session.write(app.render(width: size.width, height: size.height).ansi)
      if let start = pendingKey, !searcher.isLoading {
        samples.append(start.duration(to: clock.now))
        pendingKey = nil
      }
    }
    let tokens = [searcher.onResults { _ in draw() }, app.suggestionsSearcher?.onResults { _ in draw() }]
    app.start()
    draw()
    loop: for await input in session.input() {
      switch input {
      case .resize:
        size = session.size
      case .bytes(let bytes):
        for key in session.decoder.decode(bytes) {
          pendingKey = pendingKey ?? clock.now
          guard app.handle(key) else { break loop }
        }
      }
      draw()
    }
    for token in tokens { token?.cancel() }
    session.restore()
    if measure { FrameTiming.report(samples) }
  }
}

/// Prints keystroke → frame timings.
enum FrameTiming {
  static func report(_ samples: [Duration]) {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return }
    func percentile(_ p: Double) -> Duration { NearestRank.percentile(p, of: sorted) ?? .zero }
    func ms(_ d: Duration) -> String {
      let value = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
      return String(Int((value * 100).rounded())).paddedMilliseconds
    }
    let line =
      "keystroke → frame over \(sorted.count) keys: p50 \(ms(percentile(0.5))) ms, p99 \(ms(percentile(0.99))) ms\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}

extension String {
  /// `"1234"` hundredths → `"12.34"`.
  fileprivate var paddedMilliseconds: String {
    let digits = count < 3 ? String(repeating: "0", count: 3 - count) + self : self
    return String(digits.dropLast(2)) + "." + String(digits.suffix(2))
  }
}

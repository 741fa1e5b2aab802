import ArgumentParser
import InstantSearchCore
import InstantSearchEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `instantsearch durable-writer`: writes a seeded random stream of saves, partial updates, deletes,
/// clears and settings changes to an index directory, announcing each write on standard output before it
/// starts (`begin <the write as JSON>`) and when it is acknowledged (`ack`), with commits in between. The
/// crash tests kill it at a random moment and check the directory against what it acknowledged.
struct DurableWriterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "durable-writer", abstract: "Write a random stream to an index directory (for crash tests).",
    shouldDisplay: false)

  @Option(help: "The index directory.") var directory: String
  @Option(help: "The seed of the stream.") var seed: UInt64 = 1
  @Option(help: "How many writes.") var count = 200
  @Option(help: "Commit after every N writes (0: only when the log is large).") var commitEvery = 17
  @Flag(help: "Sync every write to the device (full durability).") var full = false
  @Option(help: "Limit every file this process writes to N bytes (RLIMIT_FSIZE): a disk that fills up.")
  var fileSizeLimit: Int?
  @Flag(help: "Go on after a failed write or commit (reported as 'failed' or 'commit-failed').")
  var keepGoing = false

  func run() throws {
    if let fileSizeLimit {
      // Past the limit a write fails with EFBIG instead of the process being stopped by SIGXFSZ.
      signal(SIGXFSZ, SIG_IGN)
      let bytes: rlim_t = fileSizeLimit > 0 ? rlim_t(fileSizeLimit) : 0
      var limit = rlimit()
      limit.rlim_cur = bytes
      limit.rlim_max = bytes
      guard Self.limitFileSize(&limit) == 0 else {
        throw EngineError.unreadableInput("--file-size-limit: setrlimit failed with errno \(errno)")
      }
    }
    let index = try DurableIndex(
      directory: directory, name: "crash", durability: full ? .full : .process, commitThreshold: 8_192)
    var random = StreamRandom(seed: seed)
    for number in 1...max(count, 1) {
      let write = random.write()
      say("begin " + String(decoding: write.payload, as: UTF8.self))
      do {
        try index.write(write)
        say("ack")
      } catch {
        guard keepGoing else { throw error }
        say("failed \(error)")
      }
      if commitEvery > 0, number % commitEvery == 0 {
        do {
          try index.commit()
          say("committed")
        } catch {
          guard keepGoing else { throw error }
          say("commit-failed \(error)")
        }
      }
    }
  }

  /// `setrlimit(RLIMIT_FSIZE, limit)`.
  private static func limitFileSize(_ limit: inout rlimit) -> Int32 {
    #if canImport(Glibc)
      setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
    #else
      setrlimit(RLIMIT_FSIZE, &limit)
    #endif
  }

  /// Writes a line straight to the descriptor: nothing waits in a buffer when the process is killed.
  private func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if count <= 0 { return }
      written += count
    }
  }
}

/// The writes of the stream, from a small seeded generator (SplitMix64).
struct StreamRandom {
  var generator: SplitMix64

  init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  /// A number in `0..<bound` (0 for a bound below 1, drawing all the same, as the stream always did).
  mutating func next(_ bound: Int) -> Int {
    generator.next(below: max(bound, 1))
  }

  mutating func write() -> IndexWrite {
    let key = { (random: inout StreamRandom) in String(random.next(24)) }
    switch next(100) {
    case 0..<45:
      return .save(
        (0...next(3)).map { _ in
          [
            "objectID": .string(key(&self)), "name": .string("item \(next(1_000))"),
            "price": .number(Double(next(500))), "tags": .array([.string("t\(next(5))")]),
          ]
        })
    case 45..<75:
      return .partialUpdate(
        objectID: key(&self), attributes: ["a\(next(4))": .number(Double(next(100)))],
        createIfNotExists: next(2) == 0)
    case 75..<95:
      return .delete((0...next(2)).map { _ in key(&self) })
    case 95..<97:
      return .clear
    default:
      var settings = IndexSettings()
      settings.hitsPerPage = 1 + next(50)
      return .settings(settings)
    }
  }
}

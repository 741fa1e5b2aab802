import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid`, for tests.
///
/// Tests use it instead of Foundation's `Process`, which on Linux runs a `RunLoop` on a manager thread and,
/// in `waitUntilExit()`, on the caller's thread: plain system calls keep run loops out of a test process
/// whose main actor is the main dispatch queue, and let a test choose the thread that blocks.
public final class ChildProcess {
  /// The process identifier.
  public let pid: pid_t
  private var status: Int32?

  /// An error starting a process.
  public struct SpawnError: Error, CustomStringConvertible {
    /// The `errno`-style code `posix_spawn` returned.
    public let code: Int32
    /// The executable.
    public let executable: String
    /// What went wrong.
    public var description: String { "cannot start \(executable): error \(code)" }
  }

  /// Starts `executable` with `arguments`; `input`, `output` and `error` are descriptors the child gets as
  /// its standard streams (`nil`: the test process's own).
  public init(
    _ executable: String, _ arguments: [String], input: Int32? = nil, output: Int32? = nil, error: Int32? = nil
  ) throws(SpawnError) {
    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (source, target) in [(input, Int32(0)), (output, 1), (error, 2)] {
      if let source { posix_spawn_file_actions_adddup2(&actions, source, target) }
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard code == 0 else { throw SpawnError(code: code, executable: executable) }
    self.pid = pid
  }

  /// Whether the process still runs (reaping it when it has ended).
  public var isRunning: Bool {
    guard status == nil else { return false }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
    status = Self.decode(raw)
    return false
  }

  /// Waits for the process to end; returns its exit code (128 + the signal when a signal ended it).
  @discardableResult
  public func wait() -> Int32 {
    if let status { return status }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) == -1, errno == EINTR {}
    let decoded = Self.decode(raw)
    status = decoded
    return decoded
  }

  /// Asks the process to end (SIGTERM) and reaps it.
  public func terminate() {
    guard isRunning else { return }
    kill(pid, SIGTERM)
    wait()
  }

  /// The exit code of a `waitpid` status.
  private static func decode(_ raw: Int32) -> Int32 {
    raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
  }

  /// Runs `executable` to its end; returns its exit code and everything it wrote to its standard output and
  /// error, interleaved.
  public static func run(_ executable: String, _ arguments: [String]) throws(SpawnError) -> (
    status: Int32, output: String
  ) {
    let ends = try pipe()
    let child: ChildProcess
    do {
      child = try ChildProcess(executable, arguments, output: ends[1], error: ends[1])
    } catch {
      close(ends[0])
      close(ends[1])
      throw error
    }
    close(ends[1])
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[0..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(ends[0])
    return (child.wait(), String(decoding: bytes, as: UTF8.self))
  }

  /// What a run to the end gave: the exit code (128 + the signal when a signal ended it) and the two output
  /// streams.
  public struct Outcome: Sendable {
    /// The exit code.
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var error: String
    /// Whether a signal (a crash: SIGSEGV, SIGILL, SIGABRT, SIGTRAP…) ended the process.
    public var crashed: Bool { status > 128 }
  }

  /// Runs `executable` with `input` as its standard input, to its end. Standard input, output and error
  /// are temporary files, so that no pipe can fill up and block either side.
  public static func run(_ executable: String, _ arguments: [String], input: [UInt8]) throws -> Outcome {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0).path }
    guard FileManager.default.createFile(atPath: paths[0], contents: Data(input)) else {
      throw SpawnError(code: errno, executable: executable)
    }
    let descriptors = [
      open(paths[0], O_RDONLY | O_CLOEXEC), open(paths[1], O_WRONLY | O_CREAT | O_CLOEXEC, 0o600),
      open(paths[2], O_WRONLY | O_CREAT | O_CLOEXEC, 0o600),
    ]
    defer { for descriptor in descriptors where descriptor >= 0 { close(descriptor) } }
    guard descriptors.allSatisfy({ $0 >= 0 }) else { throw SpawnError(code: errno, executable: executable) }
    let child = try ChildProcess(
      executable, arguments, input: descriptors[0], output: descriptors[1], error: descriptors[2])
    let status = child.wait()
    let text = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
    return Outcome(status: status, output: text(paths[1]), error: text(paths[2]))
  }

  /// A pipe whose two ends close in child processes (`FD_CLOEXEC`), so that a child started meanwhile by a
  /// test running in parallel never holds an end open: `[read, write]`.
  public static func pipe() throws(SpawnError) -> [Int32] {
    var ends: [Int32] = [0, 0]
    #if canImport(Glibc)
      guard Glibc.pipe(&ends) == 0 else { throw SpawnError(code: errno, executable: "pipe") }
    #else
      guard Darwin.pipe(&ends) == 0 else { throw SpawnError(code: errno, executable: "pipe") }
    #endif
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return ends
  }

  /// The `name` executable in the products folder of the running tests (`instantsearch`), if built.
  public static func product(_ name: String) -> String? {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
      folder.deleteLastPathComponent()
    }
    return nil
  }
}

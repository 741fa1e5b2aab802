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
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw SpawnError(code: errno, executable: executable) }
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
}

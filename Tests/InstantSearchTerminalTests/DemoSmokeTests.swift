#if canImport(Glibc)
  import Foundation
  import Glibc
  import TestProcesses
  import Testing

  /// The real `instantsearch demo` binary in a pseudo-terminal: it starts, reacts to keys and restores the
  /// terminal when it quits. Reads wait on the pseudo-terminal with `poll`, bounded by a deadline that only
  /// turns a hang into a failure.
  @Suite("Demo in a pseudo-terminal")
  struct DemoSmokeTests {
    @Test("Starts, types, quits on Esc and restores the terminal")
    func smoke() async throws {
      let binary = try #require(Self.binary(), "the instantsearch binary is built next to the tests").path
      // The session blocks (it waits on the pseudo-terminal and on the child): a thread of its own runs it.
      let session = try await onDedicatedThread { try Self.session(binary) }
      #expect(session.output.contains("\u{1B}[?1049h"))
      #expect(session.exitCode == 0)
      #expect(session.output.contains("\u{1B}[?25h"))
      #expect(session.output.contains("\u{1B}[?1049l"))
      #expect(session.flagsRestored)
    }

    /// What a session in a pseudo-terminal showed.
    struct Session: Sendable {
      var output: String
      var exitCode: Int32
      var flagsRestored: Bool
    }

    /// Starts the demo in a pseudo-terminal, types "head", quits with Esc, and reports what it saw. Each
    /// wait for the screen throws when its text does not come within a minute (typing included).
    static func session(_ binary: String) throws -> Session {
      let terminal = try PseudoTerminal(width: 80, height: 24)
      let before = try terminal.attributes()
      let secondary = terminal.secondary
      let process = try ChildProcess(
        binary, ["demo", "--size", "2000"], input: secondary, output: secondary, error: secondary)
      defer { process.terminate() }
      var output = try terminal.read(until: "results in")
      try terminal.write("head")
      output += try terminal.read(until: "Search: head")
      try terminal.write("\u{1B}")
      output += try terminal.read(until: "\u{1B}[?1049l")
      let exitCode = process.wait()
      let after = try terminal.attributes()
      return Session(
        output: output, exitCode: exitCode,
        flagsRestored: after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
    }

    /// The `instantsearch` executable in the products folder of the running tests.
    static func binary() -> URL? {
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("instantsearch")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
      }
      return nil
    }
  }

  /// A pseudo-terminal pair: the tests hold the primary side, the child gets the secondary side.
  final class PseudoTerminal {
    let primary: Int32
    let secondary: Int32

    init(width: UInt16, height: UInt16) throws {
      // Linux's /dev/ptmx: unlock the pair (TIOCSPTLCK) and ask its number (TIOCGPTN); the request codes
      // are those of the generic ioctl layout used by x86-64 and arm64.
      primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard primary >= 0, ioctl(primary, 0x4004_5431, &unlock) == 0, ioctl(primary, 0x8004_5430, &number) == 0
      else { throw PseudoTerminalError.unavailable }
      secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
      guard secondary >= 0 else { throw PseudoTerminalError.unavailable }
      var size = winsize(ws_row: height, ws_col: width, ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(primary, UInt(TIOCSWINSZ), &size)
    }

    deinit {
      close(primary)
      close(secondary)
    }

    func attributes() throws -> termios {
      var attributes = termios()
      guard tcgetattr(secondary, &attributes) == 0 else { throw PseudoTerminalError.unavailable }
      return attributes
    }

    func write(_ text: String) throws {
      let bytes = Array(text.utf8)
      guard Glibc.write(primary, bytes, bytes.count) == bytes.count else { throw PseudoTerminalError.io }
    }

    /// Reads until the output contains `marker`; fails after 60 s without it.
    func read(until marker: String) throws -> String {
      var collected: [UInt8] = []
      let deadline = ContinuousClock.now.advanced(by: .seconds(60))
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !Self.visible(collected).contains(marker), !String(decoding: collected, as: UTF8.self).contains(marker) {
        guard ContinuousClock.now < deadline else { throw PseudoTerminalError.timedOut(marker) }
        var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 1_000) > 0 else { continue }
        let count = Glibc.read(primary, &buffer, buffer.count)
        guard count > 0 else { throw PseudoTerminalError.io }
        collected += buffer[0..<count]
      }
      return String(decoding: collected, as: UTF8.self)
    }
  }

  extension PseudoTerminal {
    /// The text with the escape sequences (`ESC [ … letter`) left out.
    static func visible(_ bytes: [UInt8]) -> String {
      var out: [UInt8] = []
      var index = 0
      while index < bytes.count {
        if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5B {
          index += 2
          while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
          index += 1
        } else {
          out.append(bytes[index])
          index += 1
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
  }

  enum PseudoTerminalError: Error {
    case unavailable
    case io
    case timedOut(String)
  }
#endif

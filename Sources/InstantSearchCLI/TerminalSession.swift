import Dispatch
import Foundation
import InstantSearchTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal in raw mode on the alternate screen, for as long as the session lives; ``restore()``
/// (called on every exit path) puts it back as it was.
@MainActor
final class TerminalSession {
  /// What the terminal sends.
  enum Input: Sendable {
    case bytes([UInt8])
    case resize
  }

  /// Whether standard input and output are a terminal.
  nonisolated static var isTerminal: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Turns bytes into keys.
  var decoder = KeyDecoder()
  private var original = termios()
  private var restored = false
  private var signalSources: [any DispatchSourceSignal] = []

  /// Enters raw mode and the alternate screen.
  init() throws {
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw TerminalError.notATerminal }
    var raw = original
    cfmakeraw(&raw)
    raw.c_oflag |= tcflag_t(OPOST)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw TerminalError.notATerminal }
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
  }

  /// The terminal's size (80 × 24 when it cannot be read).
  var size: (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Writes text to the terminal at once.
  func write(_ text: String) {
    var data = Array(text.utf8)
    var offset = 0
    while offset < data.count {
      let written = data.withUnsafeMutableBytes { buffer in
        Foundation.write(STDOUT_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      guard written > 0 else { return }
      offset += written
    }
    data.removeAll()
  }

  /// Keys and resizes, until standard input closes or a termination signal arrives.
  func input() -> AsyncStream<Input> {
    let (stream, continuation) = AsyncStream.makeStream(of: Input.self)
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        continuation.yield(.bytes(Array(buffer[0..<count])))
      }
      continuation.finish()
    }
    reader.start()
    for (number, input) in [(SIGWINCH, Input.resize), (SIGTERM, nil), (SIGHUP, nil)] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler {
        if let input { continuation.yield(input) } else { continuation.finish() }
      }
      source.resume()
      signalSources.append(source)
    }
    return stream
  }

  /// Leaves raw mode and the alternate screen (once).
  func restore() {
    guard !restored else { return }
    restored = true
    for source in signalSources { source.cancel() }
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }
}

/// Why the terminal could not be used.
enum TerminalError: Error, CustomStringConvertible {
  case notATerminal

  var description: String { "standard input is not a terminal (use --keys and --print-frame)" }
}

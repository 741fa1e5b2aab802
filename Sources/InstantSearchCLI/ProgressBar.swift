import Foundation
import InstantSearchEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A progress bar on standard error, drawn only when standard error is a terminal.
final class ProgressBar: Sendable {
  private let isTerminal = isatty(STDERR_FILENO) != 0

  func update(_ progress: LocalIndex.LoadProgress) {
    guard isTerminal else { return }
    var line = "\r\(progress.records) records"
    if let total = progress.totalBytes, total > 0 {
      let fraction = Double(progress.bytesRead) / Double(total)
      let filled = Int(fraction * 30)
      line += " [" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] "
      line += "\(Int(fraction * 100))%"
    }
    FileHandle.standardError.write(Data(line.utf8))
  }

  func finish() {
    guard isTerminal else { return }
    FileHandle.standardError.write(Data("\n".utf8))
  }
}

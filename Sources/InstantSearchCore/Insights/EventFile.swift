import Foundation

/// Events as a JSON-lines file: appended as they come, read back whole, replaced atomically.
enum EventFile {
  static func lines(_ events: [InsightsEvent]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var data = Data()
    for event in events {
      data.append(try encoder.encode(event))
      data.append(0x0A)
    }
    return data
  }

  /// Appends `events` to the file at `path`, creating it.
  static func append(_ events: [InsightsEvent], to path: String) throws {
    let data = try lines(events)
    if !FileManager.default.fileExists(atPath: path) {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
      return
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    do {
      try handle.seekToEnd()
      try handle.write(contentsOf: data)
    } catch {
      try handle.close()
      throw error
    }
    try handle.close()
  }

  /// Replaces the file at `path` with `events` (written aside, then renamed).
  static func replace(_ path: String, with events: [InsightsEvent]) throws {
    try lines(events).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// The events of the file at `path` (none when it is missing). A line that does not read (a write cut
  /// short by a crash) is skipped and counted.
  static func read(_ path: String) throws -> (events: [InsightsEvent], skipped: Int) {
    guard FileManager.default.fileExists(atPath: path) else { return ([], 0) }
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let decoder = JSONDecoder()
    var events: [InsightsEvent] = []
    var skipped = 0
    for line in data.split(separator: 0x0A) where !line.isEmpty {
      do {
        events.append(try decoder.decodeBounded(InsightsEvent.self, from: Data(line)))
      } catch {
        skipped += 1
      }
    }
    return (events, skipped)
  }
}

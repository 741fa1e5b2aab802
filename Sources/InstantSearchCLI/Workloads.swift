import Foundation
import InstantSearchCore
import InstantSearchEngine

/// The workloads file of `instantsearch bench` — one `{"name", "requests"}` object a line — read and
/// checked whole before any record is loaded, and the scratch copies of index directories that timed
/// writes go to.
enum Workloads {
  /// The most workloads a file may hold.
  static let maximumLines = 10_000

  /// One workload: its name and its line's text (a multi-query body).
  struct Line: Sendable {
    let name: String
    let text: String
    let number: Int

    /// The multi-query request of the line.
    func request(defaultIndex: String) throws -> MultipleQueriesRequest {
      do throws(EngineError) {
        return try MultipleQueriesRequest(json: Data(text.utf8), defaultIndex: defaultIndex)
      } catch {
        throw CommandError("--workloads line \(number) (\(name)): \(error)")
      }
    }
  }

  /// The workloads of the file at `path`; blank lines are skipped.
  ///
  /// - Throws: ``CommandError`` naming the file, and the line of a workload that is not an object with
  ///   a string `name`.
  static func read(_ path: String) throws -> [Line] {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw CommandError("--workloads: cannot read \(path): \(CLIError.reason(error))")
    }
    var lines: [Line] = []
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard !line.allSatisfy(\.isWhitespace) else { continue }
      let json: JSON
      do {
        json = try JSONDecoder().decodeBounded(JSON.self, from: Data(line.utf8))
      } catch {
        let position = JSONSyntaxError.locate(in: Data(line.utf8)) ?? "\(error)"
        throw CommandError("--workloads \(path) line \(offset + 1): not valid JSON (\(position))")
      }
      guard case .object(let object) = json, let name = object["name"]?.stringValue else {
        throw CommandError("--workloads \(path) line \(offset + 1): expected {\"name\": …, \"requests\": […]}")
      }
      lines.append(Line(name: name, text: String(line), number: offset + 1))
      guard lines.count <= maximumLines else {
        throw CommandError("--workloads \(path): more than \(maximumLines) workloads")
      }
    }
    guard !lines.isEmpty else { throw CommandError("--workloads \(path) holds no workload") }
    return lines
  }

  /// Copies the index directory `directory` into a new temporary directory and returns the copy's path
  /// (the writer's lock file is not copied).
  static func copyDirectory(_ directory: String) throws -> String {
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("instantsearch-bench-\(UUID().uuidString)").path
    do {
      try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name != "writer.lock" {
        try FileManager.default.copyItem(atPath: directory + "/" + name, toPath: copy + "/" + name)
      }
    } catch {
      removeCopy(copy)
      throw CommandError("--records: copying \(directory) to \(copy) failed: \(CLIError.reason(error))")
    }
    return copy
  }

  /// Removes a copy made by ``copyDirectory(_:)``; a failure is printed, not thrown (the run's own result
  /// matters more).
  static func removeCopy(_ copy: String) {
    do {
      try FileManager.default.removeItem(atPath: copy)
    } catch {
      FileHandle.standardError.write(Data("could not remove the copy \(copy): \(CLIError.reason(error))\n".utf8))
    }
  }
}

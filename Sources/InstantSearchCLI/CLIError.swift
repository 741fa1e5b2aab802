import Foundation

/// Plain words for what the file system said, in place of Foundation's domain and code numbers.
enum CLIError {
  /// Why `error` happened, in words: the system's message for a POSIX error (also one under a Foundation
  /// error), the meaning of Foundation's common file error codes, else the error's own description.
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSCocoaErrorDomain {
      switch CocoaError.Code(rawValue: nsError.code) {
      case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
      case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
      case .fileWriteFileExists: return "a file is in the way (a directory was expected)"
      case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "not UTF-8 text"
      case .fileWriteOutOfSpace: return "no space left on the device"
      case .fileWriteVolumeReadOnly: return "read-only file system"
      default: break
      }
    }
    return "\(error)"
  }
}

/// A file written in large pieces, for generated output; errors name the option that gave its path.
final class OutputFile {
  let path: String
  let option: String
  private let handle: FileHandle
  private var buffer: [UInt8] = []

  /// Creates (or empties) the file at `path`, and its missing parent directories, given by command-line
  /// option `option`.
  init(path: String, option: String) throws {
    self.path = path
    self.option = option
    let directory = (path as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw CommandError("\(option): cannot create the directory \(directory): \(CLIError.reason(error))")
      }
    } else if !directory.isEmpty, !isDirectory.boolValue {
      throw CommandError("\(option): cannot create \(path): \(directory) is a file, not a directory")
    }
    guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
    else {
      throw CommandError("\(option): cannot create \(path): permission denied, or a directory of that name")
    }
    self.handle = handle
  }

  /// Appends `text`.
  func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Writes what is buffered and closes the file.
  func close() throws {
    try flush()
    do { try handle.close() } catch {
      throw CommandError("\(option): closing \(path) failed: \(CLIError.reason(error))")
    }
  }

  private func flush() throws {
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      throw CommandError("\(option): writing \(path) failed: \(CLIError.reason(error))")
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes `text` as the whole of the file at `path`.
  static func write(_ text: String, to path: String, option: String) throws {
    let file = try OutputFile(path: path, option: option)
    try file.write(text)
    try file.close()
  }
}

/// A command's failure, said in a sentence (printed as `Error: …`, without the usage text that argument
/// mistakes get): what, where, and what to do when that is not obvious.
struct CommandError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

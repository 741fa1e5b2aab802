import Foundation
import InstantSearchEngine

/// The names an index may have. `*` is refused: it is how the API names "every index" (`/1/indexes/*/…`),
/// and an index called so would escape the key patterns that restrict indices (`dev_*` matches it through
/// the routes that treat `*` as "the indices each request names"). Control characters are refused too,
/// and a name must be 1 to 256 bytes and fit, encoded, in one file name of the data directory.
enum IndexName {
  /// The longest name, in UTF-8 bytes.
  static let maximumBytes = 256
  /// The longest folder name the file systems take.
  static let maximumFolderBytes = 255

  /// The folder of index `name` below the data directory: the name percent-encoded (every character but
  /// ASCII letters and digits), so that any name is one file name.
  static func folder(_ name: String) -> String {
    name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
  }

  /// Throws a 400 naming what is wrong with `name`.
  static func check(_ name: String) throws(APIError) {
    guard !name.isEmpty, name.utf8.count <= maximumBytes else {
      throw APIError(400, "index names are 1 to \(maximumBytes) bytes long, got \(name.utf8.count)")
    }
    guard name != "*" else { throw APIError(400, "\"*\" is not a valid index name") }
    guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      throw APIError(400, "index names may not contain control characters")
    }
    let encoded = folder(name).utf8.count
    guard encoded <= maximumFolderBytes else {
      throw APIError(
        400,
        "index name too long: \(encoded) bytes once encoded as a folder name, at most \(maximumFolderBytes) "
          + "(letters and digits take 1 byte, other characters 3 per byte)")
    }
  }
}

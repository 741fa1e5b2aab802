import Foundation
import InstantSearchEngine
import InstantSearchModel

/// The application's dictionaries (Algolia's Dictionaries API), shared by every index of the store and
/// kept in the data directory's `.dictionaries.json` (written atomically and synced before a change is
/// answered) or in memory without one.
extension IndexStore {
  /// Where the dictionaries are kept (`nil`: in memory).
  var dictionariesPath: String? { directory.map { $0 + "/.dictionaries.json" } }

  /// Reads the stored dictionaries, if any, into the client's.
  ///
  /// - Throws: `DurableError.corrupt` naming the file when it does not read.
  func loadDictionaries() throws {
    guard let path = dictionariesPath, let bytes = try SmallFile.read(path) else { return }
    let contents: LanguageDictionaries.Contents
    do {
      let json = try JSONDecoder().decodeBounded(JSON.self, from: Data(bytes))
      contents = try LanguageDictionaries.Contents(stored: json)
    } catch {
      throw DurableError.corrupt(path: path, reason: "the dictionaries do not read: \(error)")
    }
    _ = try client.dictionaries.update { (held: inout LanguageDictionaries.Contents) throws(EngineError) in
      held = contents
    }
  }

  /// Applies `change` to the dictionaries and stores them before they are used; returns the task number.
  /// Nothing changes when `change` throws or the file cannot be written.
  func changeDictionaries(_ change: (inout LanguageDictionaries.Contents) throws(EngineError) -> Void)
    throws(EngineError) -> Int
  {
    let path = dictionariesPath
    try client.dictionaries.update { (contents: inout LanguageDictionaries.Contents) throws(EngineError) in
      try change(&contents)
      guard let path else { return }
      do throws(DurableError) {
        try SmallFile.replace(path, with: Array(contents.storedJSON.description.utf8))
      } catch {
        throw .storage(error)
      }
    }
    return takeTask()
  }
}

import Dispatch

extension LocalIndex {
  /// Builds, on a background thread, the compound tables of `view`'s segments for its decompounding
  /// languages, which the first search would otherwise build on a user's keystroke (a third of a second
  /// at a million German records). Searches that meanwhile need one build it themselves: the result is the
  /// same either way.
  func prepareCompoundTables(of view: IndexView) {
    let languages = view.settings.decompoundingLanguages
    guard !languages.isEmpty else { return }
    let dictionaries = self.dictionaries
    let texts = view.segments.map(\.snapshot.text)
    DispatchQueue.global(qos: .utility).async {
      for text in texts { _ = text.compoundTable(languages: languages, dictionaries: dictionaries) }
    }
  }
}

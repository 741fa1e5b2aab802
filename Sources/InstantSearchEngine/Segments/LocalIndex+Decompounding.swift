import Dispatch

extension LocalIndex {
  /// Builds, on a background thread, the compound tables of the current view's segments for its
  /// decompounding languages, which the first search would otherwise build on a user's keystroke (a third
  /// of a second at a million German records). At most one build is queued: views published meanwhile (a
  /// load publishes many) are covered by it, as it reads the view when it runs. Searches that need a table
  /// before it is built build it themselves: the result is the same either way.
  func prepareCompoundTables(of view: IndexView) {
    guard !view.settings.decompoundingLanguages.isEmpty else { return }
    let queued = compoundTablesQueued.withLock { queued in
      defer { queued = true }
      return queued
    }
    guard !queued else { return }
    DispatchQueue.global(qos: .utility).async { [self] in
      compoundTablesQueued.withLock { $0 = false }
      let view = self.view
      let languages = view.settings.decompoundingLanguages
      guard !languages.isEmpty else { return }
      let dictionaries = self.dictionaries
      for segment in view.segments {
        _ = segment.snapshot.text.compoundTable(languages: languages, dictionaries: dictionaries)
      }
    }
  }
}

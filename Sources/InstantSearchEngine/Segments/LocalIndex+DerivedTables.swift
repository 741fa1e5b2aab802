import Dispatch

extension LocalIndex {
  /// Builds, on a background thread, the tables the current view's searches derive from its segments'
  /// terms — the compound tables of its decompounding languages, the reading tables (and the reading
  /// dictionary) of Japanese transliteration — which the first search would otherwise build on a user's
  /// keystroke (a third of a second at a million German records). At most one build is queued: views
  /// published meanwhile (a load publishes many) are covered by it, as it reads the view when it runs.
  /// Searches that need a table before it is built build it themselves: the result is the same either way.
  func prepareDerivedTables(of view: IndexView) {
    guard !view.settings.decompoundingLanguages.isEmpty || view.settings.transliterates else { return }
    let queued = derivedTablesQueued.withLock { queued in
      defer { queued = true }
      return queued
    }
    guard !queued else { return }
    DispatchQueue.global(qos: .utility).async { [self] in
      derivedTablesQueued.withLock { $0 = false }
      let view = self.view
      let languages = view.settings.decompoundingLanguages
      let dictionaries = self.dictionaries
      // The readings a run of kana is cut into (see `JapaneseReadings.cut`), read with the dictionary.
      if view.settings.transliterates { _ = JapaneseReadings.readings }
      for segment in view.segments {
        let text = segment.snapshot.text
        if !languages.isEmpty { _ = text.compoundTable(languages: languages, dictionaries: dictionaries) }
        if view.settings.transliterates { _ = text.readingTable }
      }
    }
  }
}

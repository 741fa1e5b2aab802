extension Highlighter {
  /// The highlighters of the attributes outside some alternative scopes' lists, by those scopes (see
  /// ``Highlighter/scoped``), and the settings that say which scopes an attribute is outside of.
  ///
  /// A class, held optionally: a highlighter without scoped alternatives (most of them) is released without
  /// the Swift runtime making the dictionary's type metadata, whose first making looks up `Set`'s
  /// `Hashable` conformance among all the binary's conformances — about 0.2 ms of a process's first
  /// query, measured on the engine-alone probe.
  final class Scoped {
    let byOutside: [Set<SynonymTable.Alternative.Scope>: Highlighter]
    let settings: IndexSettings

    init(byOutside: [Set<SynonymTable.Alternative.Scope>: Highlighter], settings: IndexSettings) {
      self.byOutside = byOutside
      self.settings = settings
    }
  }
}

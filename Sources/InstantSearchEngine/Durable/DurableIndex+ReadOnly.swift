import InstantSearchModel

extension DurableIndex {
  /// How many times ``readOnly(directory:name:)`` starts over when the writer commits while it reads.
  static let readOnlyAttempts = 8

  /// The index in `directory` as of its last acknowledged write, read without changing anything: no lock
  /// is taken, no log is created, cut or replayed into a file, no leftover file is removed, and a
  /// directory the process may not write to opens all the same. What `instantsearch search`, `bench` and
  /// `demo` use, so that they can read a directory a server is writing to.
  ///
  /// The writer may commit meanwhile (a new manifest, old segments and logs removed): a read that fails
  /// while the manifest changed under it starts over with the new manifest, up to
  /// `readOnlyAttempts` times.
  ///
  /// - Throws: ``DurableError/corrupt(path:reason:)`` for a directory without a manifest or with a missing
  ///   or damaged file, ``DurableError/nameMismatch(path:found:expected:)`` for another index.
  public static func readOnly(directory: String, name: String) throws(DurableError) -> LocalIndex {
    try readOnly(directory: directory, expecting: name)
  }

  /// The index in `directory`, whatever its name (the one its manifest keeps), as of its last
  /// acknowledged write, read as ``readOnly(directory:name:)`` reads it: what opens a directory without
  /// first asking ``indexName(inDirectory:)``, which reads the manifest a second time.
  ///
  /// - Throws: ``DurableError/corrupt(path:reason:)`` for a directory without a manifest or with a missing
  ///   or damaged file.
  public static func readOnly(directory: String) throws(DurableError) -> LocalIndex {
    try readOnly(directory: directory, expecting: nil)
  }

  /// ``readOnly(directory:name:)``, the name checked when `expected` is given.
  private static func readOnly(directory: String, expecting expected: String?) throws(DurableError) -> LocalIndex {
    let manifestPath = directory + "/" + IndexManifest.fileName
    var attempt = 0
    while true {
      attempt += 1
      guard let bytes = try PosixFile.read(manifestPath) else {
        throw .corrupt(path: manifestPath, reason: "the directory holds no index (no manifest)")
      }
      do {
        let manifest = try IndexManifest(bytes: bytes, path: manifestPath)
        return try load(manifest, directory: directory, name: expected ?? manifest.name)
      } catch {
        // Only a manifest that changed while it was read explains a missing or short file.
        guard attempt < readOnlyAttempts, (try PosixFile.read(manifestPath)) != bytes else { throw error }
      }
    }
  }

  /// The name of the index kept in `directory`, read from its manifest (nothing is changed).
  ///
  /// - Throws: ``DurableError/corrupt(path:reason:)`` for a directory without a manifest or with a damaged
  ///   one.
  public static func indexName(inDirectory directory: String) throws(DurableError) -> String {
    let manifestPath = directory + "/" + IndexManifest.fileName
    guard let bytes = try PosixFile.read(manifestPath) else {
      throw .corrupt(path: manifestPath, reason: "the directory holds no index (no manifest)")
    }
    return try IndexManifest(bytes: bytes, path: manifestPath).name
  }

  private static func load(_ manifest: IndexManifest, directory: String, name: String) throws(DurableError)
    -> LocalIndex
  {
    guard manifest.name == name else { throw .nameMismatch(path: directory, found: manifest.name, expected: name) }
    let (index, _) = try readSegments(of: manifest, in: directory)
    let (writes, _) = try loggedWrites(manifest.logs[...], of: manifest, in: directory)
    if !writes.isEmpty, let failure = index.view.storageFailure() { throw failure }
    try storage { () throws(EngineError) in try index.apply(writes) }
    return index
  }
}

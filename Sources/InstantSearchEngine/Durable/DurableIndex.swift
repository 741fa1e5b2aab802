import Dispatch
import InstantSearchModel

/// A ``LocalIndex`` kept in a directory: every write is in a write-ahead log before it is acknowledged, so
/// nothing acknowledged is lost when the process is killed (or, with ``Durability/full``, when the power
/// goes), and reopening the directory gives the index back.
///
/// ```swift
/// let products = try DurableIndex(directory: "/var/lib/search/products", name: "products")
/// try products.saveRecords([["objectID": "1", "name": "Wireless headphones"]])
/// let client = LocalSearchClient(indices: [products.index])
/// ```
///
/// The directory holds a manifest (the last commit), that commit's segment (its records) and the log of
/// the writes since. ``commit()`` folds the log into a new segment: the segment is written and synced,
/// the manifest replaced atomically, then the old files removed; files left by a crash in between are
/// removed at the next open. Writes are serialized; searches read ``index`` concurrently and see the index
/// before a write or after it, never half.
public final class DurableIndex: Sendable {
  /// The searchable index (hand it to a ``LocalSearchClient``). Write through this object, not through it.
  public let index: LocalIndex
  /// The directory.
  public let directory: String
  /// How far a write travels before it is acknowledged.
  public let durability: Durability
  /// The log size (bytes) past which a write commits by itself.
  public let commitThreshold: Int
  /// How the segment images this object writes store their text posting lists (images already on disk
  /// keep theirs; a directory may hold both).
  public let textPostings: TextPostings
  let state: Locked<State>
  /// How many bytes of a torn last write opening cut off the log (0 normally): what a process killed in
  /// the middle of an append leaves — never an acknowledged write — or a log cut short from outside. The
  /// server writes it to its log so that an operator sees it.
  public let droppedTailBytes: Int
  /// What opening with `recover` dropped, a line per damaged log (empty when nothing was): the server
  /// writes it to its log.
  public let recoveryReport: [String]
  /// The directory's writer lock, held for this object's life.
  let writerLock: WriterLock
  let queue = Locked(WriteQueue())
  let commitFailure = Locked<EngineError?>(nil)

  /// Why the last commit a write started by itself, or the last update of the log's size in the manifest,
  /// failed (`nil` once a commit succeeds): the writes stay in the log meanwhile, safe, and the next write
  /// tries again.
  public var lastCommitFailure: EngineError? { commitFailure.withLock { $0 } }
  /// Held for the whole of a commit: one commit at a time (taken before the writer lock, never after).
  let commitLock = Locked(())
  /// The commits made since the directory was opened (see ``commitStatistics``).
  let commits = Locked(CommitStatistics())

  /// What the writer lock guards: the current manifest, the open log, and the segment images on disk.
  struct State {
    var manifest: IndexManifest
    var log: WriteAheadLog
    var images: [StoredImage] = []
    /// Appends since the manifest last recorded the log's size.
    var appendsSinceCheckpoint = 0
  }

  /// A segment whose image is on disk: a commit writes only the segments that have none yet.
  struct StoredImage {
    let snapshot: IndexSnapshot
    let name: String
    let bytes: Int
  }

  /// Writes waiting to be committed, in arrival order, and whether a writer is committing them (the
  /// leader); each waiting writer sleeps on its semaphore until the leader has committed its write.
  struct WriteQueue {
    var pending: [Waiting] = []
    var hasLeader = false
  }

  /// A queued write and how its writer hears of the outcome.
  final class Waiting: @unchecked Sendable {
    // Safety: `failure` is written by the leader before `done` is signalled and read by the writer after it
    // has waited for `done`: the semaphore orders the two.
    let writes: [IndexWrite]
    let done = DispatchSemaphore(value: 0)
    var failure: EngineError?

    init(_ writes: [IndexWrite]) {
      self.writes = writes
    }
  }

  /// Opens the index in `directory`, or creates it (with `settings`) when the directory holds none.
  ///
  /// The directory is this object's alone while it lives: it takes the directory's writer lock, and a
  /// second writer (in this process or another) is refused until it is released.
  ///
  /// A log that lost acknowledged writes — missing, shorter than the manifest recorded, or with a damaged
  /// frame — is an error unless `recover`: then the writes that are left are kept and committed at once,
  /// and ``recoveryReport`` says what was dropped.
  ///
  /// The records' checksum is verified right after opening, on a background thread, rather than before
  /// this returns: a damaged record store is reported by the first search, record read, write or commit
  /// (each then throws it; nothing is read from the damaged bytes and nothing on disk changes).
  ///
  /// - Throws: ``DurableError/locked(path:holder:)`` when another writer holds the directory;
  ///   ``DurableError`` for a directory holding another index, a damaged or newer file, or a failed system
  ///   call; nothing is changed on disk then.
  public init(
    directory: String, name: String, settings: IndexSettings = IndexSettings(), durability: Durability = .process,
    commitThreshold: Int = 64 << 20, textPostings: TextPostings = .packed, recover: Bool = false
  ) throws(DurableError) {
    self.directory = directory
    self.durability = durability
    self.commitThreshold = commitThreshold
    self.textPostings = textPostings
    try PosixFile.makeDirectory(directory)
    writerLock = try WriterLock(directory: directory)
    let manifestPath = directory + "/" + IndexManifest.fileName
    var manifest: IndexManifest
    if let bytes = try PosixFile.read(manifestPath) {
      manifest = try IndexManifest(bytes: bytes, path: manifestPath)
      guard manifest.name == name else { throw .nameMismatch(path: directory, found: manifest.name, expected: name) }
    } else {
      manifest = IndexManifest(
        name: name, generation: 0, segments: [], nextSequence: 0, logs: [Self.logName(0)], settings: settings)
      // The log exists before a manifest names it, so a named log that is missing is always damage.
      _ = try WriteAheadLog.open(directory + "/" + Self.logName(0), durability: durability)
      try PosixFile.replaceAtomically(manifestPath, with: manifest.bytes, durability: durability)
    }
    let (index, images) = try Self.readSegments(of: manifest, in: directory)
    guard let current = manifest.logs.last else {
      throw .corrupt(path: manifestPath, reason: "the manifest names no log")
    }
    // The logged writes, oldest log first, are replayed as one batch: one rebuild, however long the logs.
    var (writes, lost) = try Self.loggedWrites(manifest.logs.dropLast(), of: manifest, in: directory, recover: recover)
    let logPath = directory + "/" + current
    let (log, payloads) = try WriteAheadLog.open(
      logPath, durability: durability, minimumBytes: manifest.minimumBytes(ofLog: current), recover: recover)
    droppedTailBytes = log.cutTailBytes
    lost += log.lost.map { current + ": " + $0 }
    recoveryReport = lost
    for payload in payloads { writes.append(try IndexWrite(payload: payload, path: logPath)) }
    // Replaying may read the stored records (a partial update): they are verified first.
    if !writes.isEmpty, let failure = index.view.storageFailure() { throw failure }
    try Self.storage { () throws(EngineError) in try index.apply(writes) }
    manifest.record(writes)
    self.index = index
    state = Locked(State(manifest: manifest, log: log, images: images))
    try removeOrphans(keeping: manifest.files)
    if !lost.isEmpty {
      // What is left becomes the index's commit: the loss is recorded once, and the next open is clean.
      try Self.storage { () throws(EngineError) in try commit() }
    } else {
      try state.withLock { state throws(DurableError) in try checkpoint(&state) }
    }
  }

  /// The name of generation `generation`'s log.
  static func logName(_ generation: Int) -> String { "log-\(generation).wal" }

  /// The writes of the logs `names` of `directory`, in order, and what recovery dropped; reading changes
  /// nothing (a torn last frame is left out, not cut off).
  ///
  /// - Throws: ``DurableError/corrupt(path:reason:)`` for a missing log, a damaged frame or a log shorter than
  ///   `manifest` recorded, unless `recover`.
  static func loggedWrites(
    _ names: ArraySlice<String>, of manifest: IndexManifest, in directory: String, recover: Bool = false
  ) throws(DurableError) -> ([IndexWrite], lost: [String]) {
    var writes: [IndexWrite] = []
    var lost: [String] = []
    for name in names {
      let path = directory + "/" + name
      guard let bytes = try PosixFile.read(path) else {
        guard recover else { throw .corrupt(path: path, reason: "a log the manifest names is missing") }
        lost.append(name + ": the log the manifest names is missing")
        continue
      }
      let (payloads, validLength, damage) = try WriteAheadLog.replay(bytes, path: path, tolerant: recover)
      if let damage { lost.append(name + ": " + damage) }
      let minimum = manifest.minimumBytes(ofLog: name)
      if damage == nil,
        let shortfall = try WriteAheadLog.shortfall(validLength, minimum: minimum, path: path, recover: recover)
      {
        lost.append(name + ": " + shortfall)
      }
      for payload in payloads { writes.append(try IndexWrite(payload: payload, path: path)) }
    }
    return (writes, lost)
  }

  /// Reads the segments `manifest` names (images and deletions) into an index whose view they are (no
  /// empty view made first), with the replicas' settings the manifest keeps; returns it and the images.
  static func readSegments(of manifest: IndexManifest, in directory: String)
    throws(DurableError) -> (LocalIndex, [StoredImage])
  {
    var segments: [Segment] = []
    var images: [StoredImage] = []
    for stored in manifest.segments {
      let path = directory + "/" + stored.image
      let size = try PosixFile.size(path)
      guard size == stored.bytes else {
        throw .corrupt(path: path, reason: "the image has \(size) bytes, the manifest says \(stored.bytes)")
      }
      let (snapshot, sequences, isStale) = try SnapshotImage.read(
        path, name: manifest.name, settings: manifest.settings)
      guard snapshot.recordCount == stored.records else {
        throw .corrupt(
          path: path, reason: "the image has \(snapshot.recordCount) records, the manifest says \(stored.records)")
      }
      var deleted = Bitset(universe: snapshot.recordCount)
      if let deletions = stored.deletions {
        deleted = try DeletionImage.read(directory + "/" + deletions, recordCount: snapshot.recordCount)
      }
      let segment = Segment(snapshot: snapshot, sequences: sequences, deleted: deleted)
      guard !isStale else {
        // An image of an older format whose texts this build cuts or folds otherwise: its live records
        // are packed again, in memory (a reader changes nothing on disk); the next commit writes the
        // repacked segment's image and the old one goes. Its records are verified first.
        if let failure = snapshot.storageFailure() { throw failure }
        let repacked = IndexView.merged(
          [segment], name: manifest.name, settings: manifest.settings, renumber: false, repacking: true)
        segments.append(repacked.segment)
        continue
      }
      segments.append(segment)
      images.append(StoredImage(snapshot: snapshot, name: stored.image, bytes: size))
    }
    let index =
      segments.isEmpty
      ? LocalIndex(name: manifest.name, settings: manifest.settings)
      : LocalIndex(
        view: IndexView(
          name: manifest.name, settings: manifest.settings, segments: segments, nextSequence: manifest.nextSequence))
    try storage { () throws(EngineError) in
      try index.applyReplicaSettings(
        manifest.replicaSettings.sorted { $0.key < $1.key }.map(IndexWrite.replicaSettings))
    }
    return (index, images)
  }

  static func storage<R>(_ body: () throws(EngineError) -> R) throws(DurableError) -> R {
    do throws(EngineError) {
      return try body()
    } catch {
      if case .storage(let inner) = error { throw inner }
      throw .corrupt(path: "", reason: "a stored write does not apply: \(error)")
    }
  }
}

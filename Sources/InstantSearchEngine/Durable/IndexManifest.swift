import Foundation
import InstantSearchModel

/// What an index directory holds at its last commit: the generation, the segment images with their
/// deletion files, the write-ahead logs of the writes since, the next sequence number and the settings.
/// It is replaced atomically (written aside, synced, renamed over the old one), so a crash leaves the
/// previous commit or the new one, never half.
///
/// On disk: `ISMF`, the format version, the JSON's length and checksum (CRC-32C), then the JSON.
struct IndexManifest: Hashable, Sendable {
  static let version: UInt32 = 4
  static let magic: [UInt8] = Array("ISMF".utf8)
  static let fileName = "manifest"

  /// One segment as stored: its image (see ``SnapshotImage``), the image's size, its record count, and the
  /// file of its deleted records when it has some.
  struct StoredSegment: Hashable, Sendable {
    var image: String
    var bytes: Int
    var records: Int
    var deletions: String?
  }

  var name: String
  var generation: Int
  /// The segments, oldest first.
  var segments: [StoredSegment]
  /// The sequence number the next new record gets.
  var nextSequence: UInt64
  /// The write-ahead logs of the writes since the segments, oldest first; writes go to the last. There are
  /// two while a commit writes its segments (the writes before it in the first, those after in the second).
  var logs: [String]
  /// The least number of bytes each log must hold (its whole frames, header included), recorded when a
  /// writer opened it, every few appends (see ``DurableIndex/checkpointAppends``) and when a commit
  /// moved past it: a log found shorter has lost acknowledged writes. A log not listed must hold its header.
  var logBytes: [String: Int] = [:]
  var settings: IndexSettings
  /// The settings set on each replica the settings declare (a replica not listed has the primary's).
  var replicaSettings: [String: IndexSettings] = [:]

  /// The least number of bytes log `name` must hold.
  func minimumBytes(ofLog name: String) -> Int {
    logBytes[name] ?? WriteAheadLog.header.count
  }

  /// The highest generation among the logs' names (`log-N.wal`), 0 when none reads as one.
  var highestLogGeneration: Int {
    logs.compactMap { name in
      guard name.hasPrefix("log-"), name.hasSuffix(".wal") else { return nil }
      return Int(name.dropFirst(4).dropLast(4))
    }.max() ?? 0
  }

  /// The files this manifest refers to (every other file of the directory is an orphan of a crash).
  var files: Set<String> {
    Set([Self.fileName] + logs + segments.map(\.image) + segments.compactMap(\.deletions))
  }

  /// The manifest's bytes.
  var bytes: [UInt8] {
    let stored: [JSON] = segments.map { segment in
      [
        "image": .string(segment.image), "bytes": .number(Double(segment.bytes)),
        "records": .number(Double(segment.records)), "deletions": segment.deletions.map(JSON.string) ?? .null,
      ]
    }
    let json: JSON = [
      "name": .string(name), "generation": .number(Double(generation)), "segments": .array(stored),
      "nextSequence": .number(Double(nextSequence)), "logs": .array(logs.map(JSON.string)),
      "logBytes": .object(
        logBytes.filter { logs.contains($0.key) }.mapValues { .number(Double($0)) }),
      "settings": .object(settings.storedJSONObject),
      "replicaSettings": .object(replicaSettings.mapValues { .object($0.storedJSONObject) }),
    ]
    let text = Array(json.description.utf8)
    var writer = LittleEndianWriter()
    writer.append(contentsOf: Self.magic)
    writer.append(Self.version)
    writer.append(UInt32(text.count))
    writer.append(CRC32C.checksum(text))
    writer.append(contentsOf: text)
    return writer.bytes
  }

  init(
    name: String, generation: Int, segments: [StoredSegment], nextSequence: UInt64, logs: [String],
    settings: IndexSettings
  ) {
    self.name = name
    self.generation = generation
    self.segments = segments
    self.nextSequence = nextSequence
    self.logs = logs
    self.settings = settings
  }

  /// The levels the manifest's text wraps around settings: a replica's sit two levels inside it
  /// (`{"replicaSettings": {"name": settings}}`), the index's one.
  static let settingsWrapping = 2

  /// Reads a manifest's bytes.
  init(bytes: [UInt8], path: String) throws(DurableError) {
    var reader = LittleEndianReader(bytes, path: path)
    try reader.header(magic: Self.magic, version: Self.version, kind: "an index manifest")
    let length = Int(try reader.uint32("the length"))
    let checksum = try reader.uint32("the checksum")
    let text = try reader.take(length, "the manifest")
    guard CRC32C.checksum(text) == checksum else {
      throw .corrupt(path: path, reason: "the manifest fails its checksum")
    }
    guard reader.remaining == 0 else {
      throw .corrupt(path: path, reason: "\(reader.remaining) bytes follow the manifest")
    }
    // Parsed straight from the bytes (``JSON/init(parsing:)``): every open reads the manifest first, and
    // Foundation's decoder (with the metadata its first use makes) took 0.18 ms of it, this 0.05. Settings
    // may nest as deep as a JSON document (``IndexWrite/checkNesting(_:)``): the levels the manifest wraps
    // around them are allowed too.
    let json: JSON
    do {
      json = try JSON(parsing: Array(text), maximumDepth: JSON.maximumDepth + Self.settingsWrapping)
    } catch {
      throw .corrupt(path: path, reason: "the manifest is not JSON: \(error)")
    }
    guard case .object(let object) = json, case .string(let name)? = object["name"],
      case .number(let generation)? = object["generation"], case .array(let stored)? = object["segments"],
      case .number(let next)? = object["nextSequence"], case .array(let logValues)? = object["logs"],
      case .object(let settings)? = object["settings"], let generationValue = Int(exactly: generation),
      let nextValue = UInt64(exactly: next)
    else { throw .corrupt(path: path, reason: "the manifest lacks a field") }
    var segments: [StoredSegment] = []
    for entry in stored {
      guard case .object(let fields) = entry, case .string(let image)? = fields["image"],
        case .number(let bytes)? = fields["bytes"], case .number(let records)? = fields["records"],
        let bytesValue = Int(exactly: bytes), let recordsValue = Int(exactly: records)
      else { throw .corrupt(path: path, reason: "the manifest has an incomplete segment") }
      segments.append(
        StoredSegment(
          image: image, bytes: bytesValue, records: recordsValue, deletions: fields["deletions"]?.stringValue))
    }
    do throws(EngineError) {
      self.init(
        name: name, generation: generationValue, segments: segments, nextSequence: nextValue,
        logs: logValues.compactMap(\.stringValue), settings: try IndexSettings(json: settings, stored: true))
      if case .object(let recorded)? = object["logBytes"] {
        for (log, value) in recorded {
          guard case .number(let number) = value, let bytes = Int(exactly: number), bytes >= 0 else {
            throw EngineError.invalidSettings("logBytes: \(log) is not a byte count")
          }
          logBytes[log] = bytes
        }
      }
      if case .object(let replicas)? = object["replicaSettings"] {
        for (replica, value) in replicas {
          guard case .object(let fields) = value else {
            throw EngineError.invalidSettings("replicaSettings: \(replica) is not an object")
          }
          replicaSettings[replica] = try IndexSettings(json: fields, stored: true)
        }
      }
    } catch {
      throw .corrupt(path: path, reason: "the manifest's settings or log sizes do not read: \(error)")
    }
  }

  /// Takes the settings `writes` set, for the primary and its replicas; the replicas no longer declared
  /// lose theirs.
  mutating func record(_ writes: [IndexWrite]) {
    for write in writes {
      switch write {
      case .settings(let settings): self.settings = settings
      case .replicaSettings(let replica, let settings): replicaSettings[replica] = settings
      default: continue
      }
    }
    let declared = Set(settings.replicas.map(\.name))
    replicaSettings = replicaSettings.filter { declared.contains($0.key) }
  }
}

import Foundation
import InstantSearchCore

/// What an index directory holds at its last commit: the generation, the segment file with its checksum,
/// the write-ahead log of the writes since, and the settings. It is replaced atomically (written aside,
/// synced, renamed over the old one), so a crash leaves the previous commit or the new one, never half.
///
/// On disk: `ISMF`, the format version, the JSON's length and checksum (CRC-32C), then the JSON.
struct IndexManifest: Hashable, Sendable {
  static let version: UInt32 = 3
  static let magic: [UInt8] = Array("ISMF".utf8)
  static let fileName = "manifest"

  var name: String
  var generation: Int
  /// The segment file's name, `nil` before the first commit with records.
  var segment: String?
  /// The segment's size, record count and checksum, checked when it is read.
  var segmentSummary: SegmentFile.Summary
  /// The write-ahead logs of the writes since the segment, oldest first; writes go to the last. There are
  /// two while a commit writes its segment (the writes before it in the first, those after in the second).
  var logs: [String]
  var settings: IndexSettings

  /// The files this manifest refers to (every other file of the directory is an orphan of a crash).
  var files: Set<String> { Set([Self.fileName] + logs + (segment.map { [$0] } ?? [])) }

  /// The manifest's bytes.
  var bytes: [UInt8] {
    let json: JSON = [
      "name": .string(name), "generation": .number(Double(generation)),
      "segment": segment.map(JSON.string) ?? .null, "segmentChecksum": .number(Double(segmentSummary.checksum)),
      "segmentBytes": .number(Double(segmentSummary.bytes)), "segmentRecords": .number(Double(segmentSummary.records)),
      "logs": .array(logs.map(JSON.string)), "settings": .object(settings.jsonObject),
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
    name: String, generation: Int, segment: String?, segmentSummary: SegmentFile.Summary, logs: [String],
    settings: IndexSettings
  ) {
    self.name = name
    self.generation = generation
    self.segment = segment
    self.segmentSummary = segmentSummary
    self.logs = logs
    self.settings = settings
  }

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
    let json: JSON
    do {
      json = try JSONDecoder().decode(JSON.self, from: Data(text))
    } catch {
      throw .corrupt(path: path, reason: "the manifest is not JSON: \(error)")
    }
    guard case .object(let object) = json, case .string(let name)? = object["name"],
      case .number(let generation)? = object["generation"], case .number(let checksum)? = object["segmentChecksum"],
      case .array(let logValues)? = object["logs"], case .object(let settings)? = object["settings"],
      case .number(let segmentBytes)? = object["segmentBytes"], case .number(let records)? = object["segmentRecords"],
      let generationValue = Int(exactly: generation), let checksumValue = UInt32(exactly: checksum),
      let bytesValue = Int(exactly: segmentBytes), let recordsValue = Int(exactly: records)
    else { throw .corrupt(path: path, reason: "the manifest lacks a field") }
    let segment = object["segment"]?.stringValue
    do throws(EngineError) {
      self.init(
        name: name, generation: generationValue, segment: segment,
        segmentSummary: SegmentFile.Summary(bytes: bytesValue, records: recordsValue, checksum: checksumValue),
        logs: logValues.compactMap(\.stringValue),
        settings: try IndexSettings(json: settings))
    } catch {
      throw .corrupt(path: path, reason: "the manifest's settings do not read: \(error)")
    }
  }
}

import InstantSearchModel

extension RecordElision {
  /// One attribute whose values the records leave out (a class: hits read several a record, and copying
  /// a struct of columns retained each of them).
  final class Member: Sendable {
    /// The attribute path (its facet column's).
    let path: String
    /// The key ids from the record to the object holding the value (empty: the record itself).
    let parent: [UInt32]
    /// The value's key id in that object.
    let key: UInt32
    /// Each record's value ids (its facet column's); a record without any left nothing out.
    let source: Source
    /// The packed value of each value id: `valueStarts[id]..<valueStarts[id + 1]` in `values`.
    let values: Column<UInt8>
    let valueStarts: Column<UInt32>

    init(
      path: String, parent: [UInt32], key: UInt32, source: Source, values: Column<UInt8>, valueStarts: Column<UInt32>
    ) {
      self.path = path
      self.parent = parent
      self.key = key
      self.source = source
      self.values = values
      self.valueStarts = valueStarts
    }

    /// Where each record's value ids are.
    enum Source: Sendable {
      /// One value a record: the value itself was left out.
      case single(NarrowIDs)
      /// Value ids a record (`starts[doc]..<starts[doc + 1]` in `ids`): an array of those values, in that
      /// order, was left out.
      case array(starts: Column<UInt32>, ids: NarrowIDs)
      /// One number a record, held by a numeric column (an attribute that is not faceted): the number was
      /// left out, and is written back as a packed number.
      case number(NumericColumn)

      /// The value ids of record `doc`, and whether they form an array.
      func ids(_ doc: Int) -> (ids: [Int], isArray: Bool) {
        switch self {
        case .single(let ids): (ids.value(doc).map { [$0] } ?? [], false)
        case .array(let starts, let ids): ((Int(starts[doc])..<Int(starts[doc + 1])).map { ids.id($0) }, true)
        case .number: ([], false)
        }
      }

      /// Calls `body` with each record of `block` that has a value, the column's form chosen once.
      func forEachRecordWithValue(in block: Range<Int>, _ body: (Int) -> Void) {
        switch self {
        case .single(let ids): for doc in block where ids.value(doc) != nil { body(doc) }
        case .array(let starts, _): for doc in block where starts[doc] < starts[doc + 1] { body(doc) }
        case .number(let column): for doc in block where column.firstValue(doc) != nil { body(doc) }
        }
      }

      /// Whether record `doc` has a value id.
      @inline(__always)
      func hasValue(_ doc: Int) -> Bool {
        switch self {
        case .single(let ids): ids.value(doc) != nil
        case .array(let starts, _): starts[doc] < starts[doc + 1]
        case .number(let column): column.firstValue(doc) != nil
        }
      }
    }

    /// Whether record `doc` left a value out.
    @inline(__always)
    func leavesOut(_ doc: Int) -> Bool { source.hasValue(doc) }

    /// Appends the packed value record `doc` left out (nothing when it left none out).
    func appendValue(_ doc: Int, to output: inout [UInt8]) {
      if case .number(let column) = source {
        guard let value = column.firstValue(doc) else { return }
        output.append(contentsOf: Self.packed(value))
        return
      }
      let (ids, isArray) = source.ids(doc)
      guard !ids.isEmpty else { return }
      if isArray { output.append(PackedTag.array.rawValue) }
      values.withUnsafeBufferPointer { values in
        for id in ids {
          output.append(
            contentsOf: UnsafeBufferPointer(rebasing: values[Int(valueStarts[id])..<Int(valueStarts[id + 1])]))
        }
      }
      if isArray { output.append(PackedTag.end.rawValue) }
    }

    /// The value record `doc` left out, read with `codec`, or `nil` when it left none out.
    func value(_ doc: Int, codec: PackedCodec, keyNames: [String]) -> JSON? {
      switch source {
      case .single(let ids):
        guard let id = ids.value(doc) else { return nil }
        return value(id: id, codec: codec, keyNames: keyNames)
      case .array(let starts, let ids):
        let range = Int(starts[doc])..<Int(starts[doc + 1])
        guard !range.isEmpty else { return nil }
        return .array(range.map { value(id: ids.id($0), codec: codec, keyNames: keyNames) })
      case .number(let column):
        return column.firstValue(doc).map(JSON.number)
      }
    }

    /// `value` packed as a record holds it.
    static func packed(_ value: Double) -> [UInt8] {
      var writer = PackedWriter()
      writer.number(value)
      return writer.bytes
    }

    /// The value of value id `id`.
    private func value(id: Int, codec: PackedCodec, keyNames: [String]) -> JSON {
      values.withUnsafeBufferPointer { values in
        var reader = PackedReader(
          UnsafeBufferPointer(rebasing: values[Int(valueStarts[id])..<Int(valueStarts[id + 1])]))
        return codec.read(&reader, keyNames: keyNames)
      }
    }
  }
}

import InstantSearchModel

/// Algolia's partial update: each attribute given replaces the record's, unless it is a built-in
/// operation `{"_operation": …, "value": …}`:
///
/// - `Increment` / `Decrement`: adds / subtracts the number (a missing or non-numeric attribute counts as 0);
/// - `IncrementFrom` / `IncrementSet`: sets the number when it is greater than the current one (or the
///   attribute is missing): a version counter;
/// - `Add` / `AddUnique` / `Remove`: appends the value to an array (`AddUnique` only when absent), or removes
///   every equal element (an attribute that is not an array becomes one).
enum PartialUpdate {
  /// `record` with `attributes` applied (`objectID` is never changed).
  static func apply(_ attributes: [String: JSON], to record: [String: JSON]) -> [String: JSON] {
    var record = record
    for (key, value) in attributes where key != "objectID" {
      guard case .object(let operation) = value, case .string(let name)? = operation["_operation"] else {
        record[key] = value
        continue
      }
      let operand = operation["value"] ?? .null
      let current = record[key]
      switch name {
      case "Increment", "Decrement":
        let delta = (operand.doubleValue ?? 0) * (name == "Decrement" ? -1 : 1)
        record[key] = .number((current?.doubleValue ?? 0) + delta)
      case "IncrementFrom", "IncrementSet":
        if let number = operand.doubleValue, current?.doubleValue.map({ number > $0 }) ?? true {
          record[key] = .number(number)
        }
      case "Add", "AddUnique":
        var elements = current.map { $0.arrayValue ?? [$0] } ?? []
        if name == "Add" || !elements.contains(operand) { elements.append(operand) }
        record[key] = .array(elements)
      case "Remove":
        record[key] = .array((current.map { $0.arrayValue ?? [$0] } ?? []).filter { $0 != operand })
      default:
        // An unknown operation is stored as given, as a value.
        record[key] = value
      }
    }
    return record
  }
}

import Foundation
import InstantSearchModel

/// `numericAttributesForFiltering`: which numeric attributes filters may compare, and how.
///
/// As Algolia documents it: with a list, only the attributes it names are available as numeric filters
/// (an attribute that no record has, such as `_no_numeric_attributes_`, turns numeric filtering off);
/// `equalOnly(attribute)` makes an attribute available to `=` and `!=` only. An empty list or `null`
/// leaves every numeric attribute available. A comparison on an attribute that is not available reads as
/// one on an attribute no record has a number for: `price > 5` matches nothing, `price != 5` (not
/// `price = 5`) every record. Facet filters on numbers (`price:5`) are facet filters, governed by
/// `attributesForFaceting`, and are unaffected.
extension IndexSettings {
  /// Whether a numeric filter may compare `path` — with equality only (`=`, `!=`) when `equality` is
  /// true, or with any operator or range.
  public func allowsNumericFilter(on path: String, equality: Bool) -> Bool {
    guard let entries = numericAttributesForFiltering, !entries.isEmpty else { return true }
    for entry in entries {
      let trimmed = entry.trimmingWhitespace
      if trimmed == path { return true }
      if equality, Self.unwrap(trimmed, "equalOnly") == path { return true }
    }
    return false
  }
}

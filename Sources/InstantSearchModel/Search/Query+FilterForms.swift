extension Query {
  /// The form each legacy filter parameter (`facetFilters`, `numericFilters`, `tagFilters`,
  /// `optionalFilters`) was given in — a legacy string, a flat array, one-element or deeper nested arrays —
  /// with the clauses it read as. A query's JSON, and so the `params` its answers echo, writes a parameter
  /// back in its given form while it still holds those clauses: Algolia echoes `["a", ["b"]]` as sent,
  /// where the clauses alone would write `["a", "b"]`. A parameter changed since (by a rule, a secured key)
  /// is written from its clauses.
  ///
  /// Not part of a query's identity: two queries with the same clauses are equal, and hash alike, whatever
  /// forms they came in.
  package struct FilterForms: Hashable, Sendable {
    /// One parameter's given JSON and the clauses it read as.
    private struct Form: Sendable {
      let json: JSON
      let clauses: [[String]]
    }

    private var forms: [String: Form] = [:]

    /// No forms: every parameter is written from its clauses.
    package init() {}

    /// Records that parameter `key` was given as `json` and read as `clauses` (nothing when either is
    /// missing).
    package mutating func record(_ key: String, json: JSON?, clauses: [[String]]?) {
      guard let json, let clauses else { return }
      forms[key] = Form(json: json, clauses: clauses)
    }

    /// The form to write parameter `key` in, when it still holds the `clauses` it was given as.
    package func json(for key: String, clauses: [[String]]) -> JSON? {
      guard let form = forms[key], form.clauses == clauses else { return nil }
      return form.json
    }

    package static func == (lhs: FilterForms, rhs: FilterForms) -> Bool { true }

    package func hash(into hasher: inout Hasher) {}
  }
}

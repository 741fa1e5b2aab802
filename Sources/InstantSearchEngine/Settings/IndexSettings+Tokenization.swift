import InstantSearchModel

/// The settings that change how text is cut into words and folded — `separatorsToIndex`,
/// `keepDiacriticsOnCharacters`, `customNormalization` and `camelCaseAttributes` — checked as Algolia
/// documents them and made into the index's ``TextAnalysis``. Records and queries both go through it; an
/// index whose analysis changes is rebuilt from its records' text.
extension IndexSettings {
  /// The longest `separatorsToIndex` and `keepDiacriticsOnCharacters`, in UTF-8 bytes: 512, Algolia's
  /// limit on one parameter value.
  public static let maximumCharacterSettingBytes = 512

  /// The most characters `customNormalization` may map: 1,000.
  public static let maximumNormalizedCharacters = 1_000

  /// Sets the tokenization settings given (the others stay as they are), checked as Algolia documents
  /// them:
  /// - `separatorsToIndex`: characters that are neither letters, digits, spaces nor currency symbols;
  ///   each is then indexed as a word of its own, and a query's `C#` must find `c` and `#` in a row.
  /// - `keepDiacriticsOnCharacters`: lower-case letters with something to keep (`é`, `ø`; not `o`).
  /// - `customNormalization`: `{"default": {"ä": "ae"}}`, one character to at most two.
  /// - `camelCaseAttributes`: attribute paths whose camel-case words are split (`productID`: `product`, `ID`).
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` naming the setting and the character at fault; nothing
  ///   is changed then.
  public mutating func setTokenization(
    separatorsToIndex: String? = nil, keepDiacriticsOnCharacters: String? = nil,
    customNormalization: [String: [String: String]]? = nil, camelCaseAttributes: [String]? = nil
  ) throws(EngineError) {
    let separators = separatorsToIndex ?? self.separatorsToIndex ?? ""
    let kept = keepDiacriticsOnCharacters ?? self.keepDiacriticsOnCharacters ?? ""
    let normalization = customNormalization ?? self.customNormalization ?? [:]
    let camelCase = camelCaseAttributes ?? self.camelCaseAttributes ?? []
    let analysis = TextAnalysis(
      indexedSeparators: try Self.indexedSeparators(separators),
      keptDiacritics: try Self.keptDiacritics(kept),
      normalization: try Self.normalization(normalization),
      camelCasePaths: try Self.camelCasePaths(camelCase))
    if let separatorsToIndex { self.separatorsToIndex = separatorsToIndex }
    if let keepDiacriticsOnCharacters { self.keepDiacriticsOnCharacters = keepDiacriticsOnCharacters }
    if let customNormalization { self.customNormalization = customNormalization }
    if let camelCaseAttributes { self.camelCaseAttributes = camelCaseAttributes }
    if analysis != textAnalysis { textAnalysis = analysis }
  }

  private static func indexedSeparators(_ text: String) throws(EngineError) -> Set<Unicode.Scalar> {
    guard text.utf8.count <= maximumCharacterSettingBytes else {
      throw .invalidSettings("separatorsToIndex: at most \(maximumCharacterSettingBytes) bytes, got \(text.utf8.count)")
    }
    var result = Set<Unicode.Scalar>()
    for scalar in text.unicodeScalars {
      let properties = scalar.properties
      let refusal: String? =
        TextTokens.isWordScalar(scalar)
        ? "is a letter or a digit"
        : properties.isWhitespace || scalar.value < 0x20
          ? "is a space or a control character"
          : properties.generalCategory == .currencySymbol ? "is a currency symbol" : nil
      if let refusal {
        throw .invalidSettings(
          "separatorsToIndex: \"\(scalar.escaped(asASCII: true))\" \(refusal); only other non-alphanumeric characters can be indexed"
        )
      }
      result.insert(scalar)
    }
    return result
  }

  private static func keptDiacritics(_ text: String) throws(EngineError) -> Set<Unicode.Scalar> {
    guard text.utf8.count <= maximumCharacterSettingBytes else {
      throw .invalidSettings(
        "keepDiacriticsOnCharacters: at most \(maximumCharacterSettingBytes) bytes, got \(text.utf8.count)")
    }
    var result = Set<Unicode.Scalar>()
    for character in text {
      let scalars = character.unicodeScalars
      guard scalars.count == 1, let scalar = scalars.first else {
        throw .invalidSettings(
          "keepDiacriticsOnCharacters: \"\(character)\" is not a single character (write it precomposed)")
      }
      guard TextAnalysis.lowercase(scalar) == scalar else {
        throw .invalidSettings(
          "keepDiacriticsOnCharacters: \"\(character)\" is not lower case (its lower case keeps both)")
      }
      // An ASCII character has nothing to keep; any other letter may (`ø`, which Algolia folds to `o`).
      guard !scalar.isASCII, scalar.properties.isAlphabetic else {
        throw .invalidSettings(
          "keepDiacriticsOnCharacters: \"\(character)\" is not a letter with a diacritic to keep")
      }
      result.insert(scalar)
    }
    return result
  }

  private static func normalization(_ sets: [String: [String: String]]) throws(EngineError)
    -> [Unicode.Scalar: String]
  {
    var result: [Unicode.Scalar: String] = [:]
    for (name, mapping) in sets.sorted(by: { $0.key < $1.key }) {
      guard name == "default" else {
        throw .invalidSettings("customNormalization: \"\(name)\" is not a normalization set (only \"default\" is)")
      }
      guard mapping.count <= maximumNormalizedCharacters else {
        throw .invalidSettings(
          "customNormalization: at most \(maximumNormalizedCharacters) characters, got \(mapping.count)")
      }
      for (input, output) in mapping.sorted(by: { $0.key < $1.key }) {
        let scalars = input.unicodeScalars
        guard input.count == 1, scalars.count == 1, let scalar = scalars.first else {
          throw .invalidSettings(
            "customNormalization: the input \"\(input)\" must be a single character (precomposed)")
        }
        guard output.count <= 2 else {
          throw .invalidSettings(
            "customNormalization: the output \"\(output)\" of \"\(input)\" has more than two characters")
        }
        result[scalar] = output.lowercased()
      }
    }
    return result
  }

  private static func camelCasePaths(_ paths: [String]) throws(EngineError) -> Set<String> {
    guard paths.count <= SearchLimits.maximumAttributeListCount else {
      throw .invalidSettings(
        "camelCaseAttributes: at most \(SearchLimits.maximumAttributeListCount) attributes, got \(paths.count)")
    }
    return Set(paths.filter { !$0.isEmpty })
  }
}

/// Reading and writing the tokenization settings in Algolia's JSON form.
extension IndexSettings {
  /// Reads the tokenization settings `object` holds into these settings.
  mutating func readTokenization(_ object: [String: JSON]) throws(EngineError) {
    func string(_ name: String) throws(EngineError) -> String? {
      switch object[name] {
      case nil, .null?: return nil
      case .string(let text)?: return text
      case let other?: throw .invalidSettings("\(name): expected a string, found \(other)")
      }
    }
    var camelCase: [String]?
    switch object["camelCaseAttributes"] {
    case nil, .null?: break
    case .array(let elements)?:
      camelCase = try elements.map { element throws(EngineError) in
        guard case .string(let text) = element else {
          throw .invalidSettings("camelCaseAttributes: expected a list of strings, found \(element)")
        }
        return text
      }
    case let other?: throw .invalidSettings("camelCaseAttributes: expected a list of strings, found \(other)")
    }
    var normalization: [String: [String: String]]?
    switch object["customNormalization"] {
    case nil, .null?: break
    case .object(let sets)?:
      var read: [String: [String: String]] = [:]
      for (name, set) in sets {
        guard case .object(let members) = set else {
          throw .invalidSettings("customNormalization: \(name) must map characters to strings, found \(set)")
        }
        var mapping: [String: String] = [:]
        for (input, value) in members {
          guard case .string(let text) = value else {
            throw .invalidSettings("customNormalization: \(name) must map characters to strings, found \(value)")
          }
          mapping[input] = text
        }
        read[name] = mapping
      }
      normalization = read
    case let other?: throw .invalidSettings("customNormalization: expected an object, found \(other)")
    }
    try setTokenization(
      separatorsToIndex: try string("separatorsToIndex"),
      keepDiacriticsOnCharacters: try string("keepDiacriticsOnCharacters"), customNormalization: normalization,
      camelCaseAttributes: camelCase)
  }

  /// The tokenization settings set, in Algolia's JSON form.
  var tokenizationJSON: [String: JSON] {
    var object: [String: JSON] = [:]
    if let separatorsToIndex { object["separatorsToIndex"] = .string(separatorsToIndex) }
    if let keepDiacriticsOnCharacters { object["keepDiacriticsOnCharacters"] = .string(keepDiacriticsOnCharacters) }
    if let customNormalization {
      object["customNormalization"] = .object(
        customNormalization.mapValues { .object($0.mapValues(JSON.string)) })
    }
    if let camelCaseAttributes { object["camelCaseAttributes"] = .array(camelCaseAttributes.map(JSON.string)) }
    return object
  }
}

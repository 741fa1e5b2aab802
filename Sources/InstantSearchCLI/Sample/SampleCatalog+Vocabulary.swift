import InstantSearchCore

extension SampleCatalog {
  /// How many words the generated vocabulary has.
  static let vocabularySize = 20_000

  /// Product words placed at fixed ranks of the generated vocabulary, so that queries such as
  /// "wireless head" match a predictable share of the catalog (by rank: lower is more frequent).
  static let pinnedWords: [(word: String, rank: Int)] = [
    ("wireless", 40), ("bluetooth", 45), ("headphones", 60), ("headset", 150), ("speaker", 200),
    ("headband", 300), ("charger", 350), ("forehead", 500), ("headlamp", 700), ("head", 900),
    ("overhead", 1_200), ("header", 1_500),
  ]

  /// More product words, placed at ranks drawn from the generator.
  static let productWords = """
    portable smart digital compact premium classic modern vintage organic natural cotton leather steel wooden \
    ceramic glass metal ultra mini pro max lite plus travel outdoor kitchen office gaming sport running hiking \
    camping fitness yoga kids waterproof rechargeable foldable adjustable ergonomic lightweight durable soft \
    warm quiet stereo bass sound audio video camera lens tripod monitor keyboard mouse laptop tablet phone case \
    cover screen stand mount holder bag backpack wallet watch strap bottle mug cup bowl knife lamp light fan \
    filter vacuum brush towel pillow blanket chair desk table shelf jacket shirt dress shoes boots socks hat \
    gloves scarf ring necklace perfume cream shampoo soap coffee tea chocolate toy puzzle game book pen paper
    """.split(separator: " ").map(String.init)

  static let onsets = [
    "b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z", "br", "cr", "dr",
    "fl", "gr", "pl", "pr", "sl", "st", "tr", "ch", "sh", "th", "qu",
  ]
  static let nuclei = ["a", "e", "i", "o", "u", "ai", "ea", "io", "ou", "oo", "y"]
  static let codas = ["", "", "", "n", "r", "s", "t", "l", "m", "x", "ck", "nd", "st"]

  /// A pronounceable made-up word of 1 to 3 syllables (mostly 2).
  static func word(_ random: inout SplitMix64) -> String {
    var word = ""
    let syllables = [1, 1, 1, 2, 2, 2, 2, 2, 3, 3][random.next(below: 10)]
    for _ in 0..<syllables {
      word +=
        onsets[random.next(below: onsets.count)] + nuclei[random.next(below: nuclei.count)]
        + codas[random.next(below: codas.count)]
    }
    return word
  }

  /// ``vocabularySize`` distinct words, most frequent first: made-up words with the product words among
  /// them (``pinnedWords`` at their ranks, the others at random ranks).
  static func syntheticVocabulary(_ random: inout SplitMix64) -> [String] {
    var seen = Set(pinnedWords.map(\.word) + productWords)
    let placed = seen.count
    var words: [String] = []
    while words.count < vocabularySize - placed {
      let candidate = word(&random)
      if seen.insert(candidate).inserted { words.append(candidate) }
    }
    for product in productWords where !pinnedWords.contains(where: { $0.word == product }) {
      words.insert(product, at: 100 + random.next(below: words.count - 100))
    }
    for (word, rank) in pinnedWords.sorted(by: { $0.rank < $1.rank }) { words.insert(word, at: rank) }
    return words
  }

  static let brandSuffixes = ["Works", "Tech", "Labs", "Co", "Home", "Outdoors", "Audio", "Studio"]

  static let departments = [
    "Electronics", "Computers", "Phones", "Audio", "Home", "Kitchen", "Garden", "Tools", "Sports", "Outdoors",
    "Toys", "Baby", "Beauty", "Health", "Grocery", "Clothing", "Shoes", "Jewelry", "Books", "Office",
  ]

  static let colors = [
    "Black", "White", "Grey", "Silver", "Blue", "Red", "Green", "Navy", "Beige", "Brown", "Pink", "Purple",
    "Yellow", "Orange", "Gold",
  ]

  static let sizes = ["M", "L", "S", "XL", "One Size", "XS", "XXL", "32", "30", "28"]

  static let tags = [
    "new", "sale", "bestseller", "eco", "imported", "pro", "limited", "bundle", "refurbished", "gift", "premium",
    "clearance", "exclusive", "handmade", "organic", "vegan", "recycled", "smart", "kids", "travel", "outdoor",
    "wireless", "compact", "classic", "seasonal", "family", "durable", "quiet", "fast", "local",
  ]
}

import Foundation
import InstantSearchCore

/// A synthetic e-commerce catalog of any size, generated from a seed (the same seed, size and words give
/// the same bytes): what `instantsearch sample` writes, for the README's examples, benchmarks and tests.
///
/// Each record has an `objectID` (`p0000001`), a `name` of 3–6 words and a `description` of 15–30 words
/// drawn by Zipf's law from the vocabulary, a `brand` among 500 (Zipf), three category levels
/// (`categories.lvl0` … `lvl2`: 20, 200 and 1,000 values), a `color` among 15, a `size` among 10, a
/// log-normal `price` (median 60, between 1 and 5,000), a `rating` of 1–5, `free_shipping`, a heavy-tailed
/// `popularity` and 0–3 `_tags` among 30.
struct SampleCatalog: Sendable {
  /// The words names and descriptions are drawn from, most frequent first.
  let vocabulary: [String]
  let brands: [String]
  /// Each top category with its subcategories, each with its leaves.
  let categories: [(name: String, children: [(name: String, leaves: [String])])]
  let seed: UInt64
  private let wordPick: WeightedPick
  private let brandPick: WeightedPick
  private let leafPick: WeightedPick

  /// A catalog drawn from `seed`, with the generated vocabulary or `words` (most frequent first).
  init(seed: UInt64, words: [String]? = nil) {
    var random = SplitMix64(seed: seed)
    self.seed = seed
    vocabulary = words ?? Self.syntheticVocabulary(&random)
    var names = Set<String>()
    brands = (0..<500).map { number in
      var brand = Self.word(&random).capitalized
      if number % 4 == 1 { brand += " " + Self.brandSuffixes[random.next(below: Self.brandSuffixes.count)] }
      while names.contains(brand) { brand += Self.word(&random) }
      names.insert(brand)
      return brand
    }
    categories = Self.departments.map { department in
      (
        department,
        (0..<10).map { _ in (Self.word(&random).capitalized, (0..<5).map { _ in Self.word(&random).capitalized }) }
      )
    }
    wordPick = WeightedPick(zipf: vocabulary.count, exponent: 1.0)
    brandPick = WeightedPick(zipf: brands.count, exponent: 1.0)
    leafPick = WeightedPick(zipf: 1_000, exponent: 0.7)
  }

  /// Record `number` (from 0): records are drawn each from a generator of its own, so any slice of the
  /// catalog can be made without the records before it.
  func record(_ number: Int) -> [String: JSON] {
    var random = SplitMix64(seed: seed &+ 0x5851_F42D_4C95_7F2D &* UInt64(number + 1))
    let leaf = leafPick.next(&random)
    let top = categories[leaf / 50]
    let middle = top.children[(leaf / 5) % 10]
    let lvl1 = top.name + " > " + middle.name
    let price = min(5_000, max(1, exp(log(60) + 1.2 * random.normal())))
    var tags: [String] = []
    for _ in 0..<random.next(below: 4) {
      let tag = Self.tags[random.next(below: Self.tags.count)]
      if !tags.contains(tag) { tags.append(tag) }
    }
    let ratings = [1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5]
    return [
      "objectID": .string("p" + String(number).leftPadded(to: 7)),
      "name": .string(sentence(words: 3 + random.next(below: 4), &random, capitalized: false)),
      "description": .string(sentence(words: 15 + random.next(below: 16), &random, capitalized: true) + "."),
      "brand": .string(brands[brandPick.next(&random)]),
      "categories": [
        "lvl0": .string(top.name), "lvl1": .string(lvl1), "lvl2": .string(lvl1 + " > " + middle.leaves[leaf % 5]),
      ],
      "color": .string(Self.colors[min(random.next(below: 15), random.next(below: 15))]),
      "size": .string(Self.sizes[min(random.next(below: 10), random.next(below: 10))]),
      "price": .number((price * 100).rounded() / 100),
      "rating": .number(Double(ratings[random.next(below: ratings.count)])),
      "free_shipping": .bool(random.next(below: 5) < 2),
      "popularity": .number((pow(1 - random.unit(), -1 / 1.2) - 1).rounded(.down).clamped(to: 0...1e7)),
      "_tags": .array(tags.map(JSON.string)),
    ]
  }

  /// `count` words drawn from the vocabulary, the first capitalized when asked.
  private func sentence(words count: Int, _ random: inout SplitMix64, capitalized: Bool) -> String {
    let words = (0..<count).map { _ in vocabulary[wordPick.next(&random)] }
    let text = words.joined(separator: " ")
    return capitalized ? text.prefix(1).uppercased() + text.dropFirst() : text
  }
}

extension String {
  /// The string with zeros before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

extension Double {
  fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
    Swift.min(range.upperBound, Swift.max(range.lowerBound, self))
  }
}

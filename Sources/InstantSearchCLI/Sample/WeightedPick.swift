import Foundation
import InstantSearchCore

/// Picks positions with given weights (a Zipf law by rank, or explicit weights) from a ``SplitMix64``.
struct WeightedPick: Sendable {
  private let cumulative: [Double]

  /// Positions weighted by `weights` (non-negative, at least one positive).
  init(weights: [Double]) {
    var total = 0.0
    cumulative = weights.map { weight in
      total += max(0, weight)
      return total
    }
  }

  /// `count` ranks with Zipf's law of exponent `exponent`: rank r weighs 1 / (r + 1)^exponent.
  init(zipf count: Int, exponent: Double) {
    self.init(weights: (0..<max(1, count)).map { 1 / pow(Double($0 + 1), exponent) })
  }

  /// How many positions there are.
  var count: Int { cumulative.count }

  /// A position drawn with its weight's probability.
  func next(_ random: inout SplitMix64) -> Int {
    let target = random.unit() * (cumulative.last ?? 0)
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] <= target { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension SplitMix64 {
  /// A number in [0, 1) with 53 random bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A number from the normal distribution of mean 0 and deviation 1 (Box–Muller).
  mutating func normal() -> Double {
    let u = max(unit(), 0x1p-53)
    let v = unit()
    return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
  }
}

/// Collects timing samples and reports their median and 90th percentile.
struct Measurement {
  let name: String
  private(set) var samples: [Duration] = []

  init(name: String) {
    self.name = name
  }

  /// Times `body` once and records it, divided by `operations` when one sample covers several.
  mutating func time(operations: Int = 1, _ body: () -> Void) {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    let elapsed = clock.now - start
    samples.append(elapsed / operations)
  }

  /// The median sample.
  var median: Duration { percentile(0.5) }

  /// The sample below which `fraction` of the samples lie.
  func percentile(_ fraction: Double) -> Duration {
    guard !samples.isEmpty else { return .zero }
    let sorted = samples.sorted()
    let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
    return sorted[index]
  }

  /// A table row: name, median and p90 in microseconds, sample count, and the target when there is one.
  func row(target: Duration? = nil) -> String {
    let medianText = Self.microseconds(median)
    let p90Text = Self.microseconds(percentile(0.9))
    var line = "\(pad(name, 44)) median \(pad(medianText, 12)) p90 \(pad(p90Text, 12)) (\(samples.count) samples)"
    if let target {
      line +=
        median <= target
        ? "  target ≤ \(Self.microseconds(target)): met" : "  target ≤ \(Self.microseconds(target)): MISSED"
    }
    return line
  }

  /// `12.345 µs`.
  static func microseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let micros = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    let rounded = (micros * 1000).rounded() / 1000
    return "\(rounded) µs"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}

import InstantSearchCore

/// Stands in for UIKit's segmented control: titles by position and the selected position.
@MainActor
final class SegmentedControl {
  var titles: [String] = []
  var selectedSegmentIndex: Int?
}

/// The seed's `SegmentedController<Filter>`: shows the map's texts in key order and reports taps by key.
@MainActor
final class SegmentedController<F: FilterType>: SelectableSegmentController {
  let segmentedControl: SegmentedControl
  var onClick: ((Int) -> Void)?
  private(set) var keys: [Int] = []
  private(set) var selectedCalls: [Int?] = []

  init(segmentedControl: SegmentedControl) {
    self.segmentedControl = segmentedControl
  }

  func setItems(items: [Int: String]) {
    keys = items.keys.sorted()
    segmentedControl.titles = keys.compactMap { items[$0] }
  }

  func setSelected(_ selected: Int?) {
    selectedCalls.append(selected)
    segmentedControl.selectedSegmentIndex = selected.flatMap { keys.firstIndex(of: $0) }
  }

  /// The user taps the segment at `position`.
  func tap(position: Int) {
    onClick?(keys[position])
  }

  /// The title of the selected segment.
  var selectedTitle: String? {
    segmentedControl.selectedSegmentIndex.map { segmentedControl.titles[$0] }
  }
}

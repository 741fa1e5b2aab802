import InstantSearchCore

/// Stands in for UIKit's segmented control: titles by position and the selected position.
@MainActor
final class SegmentedControl {
  var titles: [String] = []
  var selectedSegmentIndex: Int?
}

/// The seed's `SegmentedController<Filter>` as the UIKit one is built: the segments come from
/// ``SelectableSegments`` (titles in key order, taps reported by key).
@MainActor
final class SegmentedController<F: FilterType>: SelectableSegmentController {
  let segmentedControl: SegmentedControl
  var onClick: ((Int) -> Void)?
  private var segments = SelectableSegments()
  private(set) var selectedCalls: [Int?] = []

  init(segmentedControl: SegmentedControl) {
    self.segmentedControl = segmentedControl
  }

  var keys: [Int] { segments.keys }

  func setItems(items: [Int: String]) {
    segments.setItems(items)
    segmentedControl.titles = segments.titles
    segmentedControl.selectedSegmentIndex = segments.selectedSegment
  }

  func setSelected(_ selected: Int?) {
    selectedCalls.append(selected)
    segments.selectedKey = selected
    segmentedControl.selectedSegmentIndex = segments.selectedSegment
  }

  /// The user taps the segment at `position`.
  func tap(position: Int) {
    segments.key(atSegment: position).map { onClick?($0) }
  }

  /// The title of the selected segment.
  var selectedTitle: String? {
    segmentedControl.selectedSegmentIndex.map { segmentedControl.titles[$0] }
  }
}

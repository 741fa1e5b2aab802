// swift-format-ignore-file: the seed examples are copied as the pages write them.

// The seed pages' SwiftUI examples, type-checked with the `InstantSearchSwiftUI` views against the SwiftUI
// stand-in (see `AppleOnlySourcesTests`). In the refinement list page, the commented-out `FacetRow` call
// is broken over two lines, the second one uncommented; both lines are comments here. The current filters
// page's example needs `UIColor` (`Color(.systemGray5)`) and is left out; its data model is tested on Linux.
import InstantSearchCore
import SwiftUI

struct FacetListSeedContentView: View {

  @ObservedObject var facetListController: FacetListObservableController

  var body: some View {
    FacetList(facetListController) { facet, isSelected in
      // Use the implementation provided by InstantSearch
      // FacetRow(facet: facet,
      //            isSelected: isSelected)
      // Or declare a custom single facet view
      HStack {
        Text(facet.value)
        Spacer()
        if isSelected {
          Image(systemName: "checkmark")
            .foregroundColor(.accentColor)
        }
      }
      .contentShape(Rectangle())
      .frame(idealHeight: 44)
      .padding(.horizontal, 5)
    }
  }
}

struct FacetRowContentView: View {
  @ObservedObject var facetListController: FacetListObservableController

  var body: some View {
    FacetList(facetListController) { facet, isSelected in
      FacetRow(facet: facet, isSelected: isSelected)
    }
  }
}

struct NumberRangeSeedContentView: View {

  @ObservedObject var numberRangeController: NumberRangeObservableController<Int>

  var body: some View {
    let range = numberRangeController.range
    VStack {
      Stepper(
        onIncrement: {
          if let range = makeRange(range.lowerBound + 1, range.upperBound) {
            numberRangeController.range = range
          }
        },
        onDecrement: {
          if let range = makeRange(range.lowerBound - 1, range.upperBound) {
            numberRangeController.range = range
          }
        },
        label: {
          Text("Lower bound: \(range.lowerBound)")
        })
      Stepper(
        onIncrement: {
          if let range = makeRange(range.lowerBound, range.upperBound + 1) {
            numberRangeController.range = range
          }
        },
        onDecrement: {
          if let range = makeRange(range.lowerBound, range.upperBound - 1) {
            numberRangeController.range = range
          }
        },
        label: {
          Text("Upper bound: \(numberRangeController.range.upperBound)")
        })
    }
  }

  func makeRange(_ lowerBound: Int, _ upperBound: Int) -> ClosedRange<Int>? {
    if lowerBound < upperBound && numberRangeController.bounds.contains(lowerBound)
      && numberRangeController.bounds.contains(upperBound)
    {
      return lowerBound...upperBound
    } else {
      return nil
    }
  }

}

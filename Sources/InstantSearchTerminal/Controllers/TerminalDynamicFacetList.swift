import InstantSearchCore

/// Facets in the order the index's merchandising sets: a heading per attribute, then `[x] value  count`
/// rows (at most `valuesPerAttribute` each); arrows move over the values, Space or Enter toggles.
@MainActor
public final class TerminalDynamicFacetList: DynamicFacetListController, TerminalPanel {
  /// Set by the connection.
  public var didSelect: ((Attribute, Facet) -> Void)?
  /// The panel's title.
  public let title: String
  /// The most values shown per attribute.
  public let valuesPerAttribute: Int
  /// Attributes other panels already show: left out (an index without merchandising orders every facet
  /// of the response, the brands and categories of their own panels among them).
  public let excludedAttributes: Set<Attribute>
  /// The attributes and their values, in order.
  public private(set) var orderedFacets: [AttributedFacets] = []
  /// The selected values of each attribute.
  public private(set) var selections: [Attribute: Set<String>] = [:]
  private var cursor = ListCursor()

  /// One line of the panel: an attribute's heading, or one of its values.
  enum Line: Hashable {
    case heading(Attribute)
    case value(Attribute, Facet)
  }

  /// Creates a panel titled `title`, without the attributes `excludedAttributes`.
  public init(title: String, valuesPerAttribute: Int = 5, excludedAttributes: Set<Attribute> = []) {
    self.title = title
    self.valuesPerAttribute = valuesPerAttribute
    self.excludedAttributes = excludedAttributes
  }

  /// Takes the ordered facets (but the excluded attributes).
  public func setOrderedFacets(_ orderedFacets: [AttributedFacets]) {
    self.orderedFacets = orderedFacets.filter { !excludedAttributes.contains($0.attribute) }
    cursor.fit(count: lines.count, visible: lines.count)
  }

  /// Takes the selections.
  public func setSelections(_ selections: [Attribute: Set<String>]) { self.selections = selections }

  /// Every line, headings included.
  var lines: [Line] {
    orderedFacets.flatMap { section in
      [Line.heading(section.attribute)]
        + section.facets.prefix(valuesPerAttribute).map { Line.value(section.attribute, $0) }
    }
  }

  /// The attribute names as the panel shows them, in order.
  public var headings: [String] { orderedFacets.map { Self.heading($0.attribute) } }

  /// `categories.lvl0` → "Categories lvl0", `free_shipping` → "Free shipping", `features` → "Features".
  static func heading(_ attribute: Attribute) -> String {
    let name = attribute.rawValue.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: ".", with: " ")
    return name.prefix(1).uppercased() + name.dropFirst()
  }

  /// Draws the title, the headings and the values.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    screen.title(title, in: rect, focused: focused)
    let lines = self.lines
    let visible = rect.height - 1
    cursor.fit(count: lines.count, visible: visible)
    for index in cursor.top..<min(lines.count, cursor.top + max(visible, 0)) {
      let y = rect.y + 1 + index - cursor.top
      switch lines[index] {
      case .heading(let attribute):
        screen.write(Self.heading(attribute), x: rect.x, y: y, width: rect.width, style: [.dim, .bold])
      case .value(let attribute, let facet):
        let count = String(facet.count)
        let isSelected = selections[attribute]?.contains(facet.value) == true
        screen.write((isSelected ? "[x] " : "[ ] ") + facet.value, x: rect.x, y: y, width: rect.width - count.count - 1)
        screen.write(count, x: rect.x + rect.width - count.count, y: y, style: [.dim])
      }
      if focused, index == cursor.index { screen.addStyle(.reverse, x: rect.x, y: y, width: rect.width) }
    }
  }

  /// Moves the cursor or toggles the value under it.
  public func handle(_ key: KeyEvent) -> Bool {
    let lines = self.lines
    switch key {
    case .up: cursor.move(by: -1, count: lines.count)
    case .down: cursor.move(by: 1, count: lines.count)
    case .enter, .space:
      if lines.indices.contains(cursor.index), case .value(let attribute, let facet) = lines[cursor.index] {
        didSelect?(attribute, facet)
      }
    default: return false
    }
    return true
  }
}

/// How a cell is drawn.
public struct CellStyle: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Creates a style from its bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// Bold text.
  public static let bold = CellStyle(rawValue: 1)
  /// Reversed colours (the focus, a selected segment).
  public static let reverse = CellStyle(rawValue: 2)
  /// A highlighted match.
  public static let highlight = CellStyle(rawValue: 4)
  /// Dimmed text.
  public static let dim = CellStyle(rawValue: 8)
}

/// One character cell.
public struct Cell: Hashable, Sendable {
  /// The character shown.
  public var character: Character
  /// How it is drawn.
  public var style: CellStyle

  /// A blank cell.
  public static let blank = Cell(character: " ", style: [])
}

/// A rectangle of the screen, in cells.
public struct Rect: Hashable, Sendable {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The width in columns.
  public var width: Int
  /// The height in rows.
  public var height: Int

  /// Creates a rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }
}

/// A frame of the screen: a grid of cells that controllers draw into, rendered as plain text (for tests
/// and `--print-frame`) or as ANSI escape sequences (for a terminal).
public struct ScreenBuffer: Hashable, Sendable {
  /// The width in columns.
  public let width: Int
  /// The height in rows.
  public let height: Int
  private var cells: [Cell]

  /// A blank frame.
  ///
  /// Each side is clamped to `0...maximumSide` (4,096 cells), so no size asked for can overflow or
  /// allocate more than 16 M cells.
  public init(width: Int, height: Int) {
    self.width = min(max(0, width), Self.maximumSide)
    self.height = min(max(0, height), Self.maximumSide)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The longest side a frame may have, in cells.
  public static let maximumSide = 4_096

  /// The cell at a position (blank outside the frame).
  public subscript(x: Int, y: Int) -> Cell {
    guard x >= 0, y >= 0, x < width, y < height else { return .blank }
    return cells[y * width + x]
  }

  /// Writes `text` from `(x, y)`, clipped to `width` columns and to the frame; with `ellipsis`, text cut
  /// short ends in `…`. Returns the columns used.
  @discardableResult
  public mutating func write(
    _ text: String, x: Int, y: Int, width limit: Int? = nil, style: CellStyle = [], ellipsis: Bool = false
  ) -> Int {
    write([(text, style)], x: x, y: y, width: limit, ellipsis: ellipsis)
  }

  /// Writes styled runs one after the other from `(x, y)`, clipped; with `ellipsis`, runs cut short end in
  /// `…` (in the style of the run cut). Returns the columns used.
  @discardableResult
  public mutating func write(
    _ runs: [(String, CellStyle)], x: Int, y: Int, width limit: Int? = nil, ellipsis: Bool = false
  )
    -> Int
  {
    guard y >= 0, y < height else { return 0 }
    let end = min(width, x + (limit ?? width))
    var column = x
    var lastStyle: CellStyle = []
    var cut = false
    for (text, style) in runs {
      for character in text {
        guard column < end else {
          cut = true
          break
        }
        if column >= 0 { cells[y * width + column] = Cell(character: printable(character), style: style) }
        column += 1
        lastStyle = style
      }
    }
    if cut, ellipsis, column > x, column - 1 >= 0 {
      cells[y * width + column - 1] = Cell(character: "…", style: lastStyle)
    }
    return max(0, column - x)
  }

  /// Applies `style` to every cell of a row segment (a focus bar).
  public mutating func addStyle(_ style: CellStyle, x: Int, y: Int, width count: Int) {
    guard y >= 0, y < height else { return }
    for column in max(0, x)..<min(width, x + count) { cells[y * width + column].style.formUnion(style) }
  }

  /// The frame as text: one line a row, trailing spaces removed.
  public var text: String {
    (0..<height).map { row in
      var line = String(cells[(row * width)..<(row * width + width)].map(\.character))
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }

  /// The rows of the frame as text.
  public var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

  /// The frame as ANSI escape sequences that redraw a whole terminal screen.
  public var ansi: String {
    var out = "\u{1B}[H"
    var current: CellStyle = []
    for row in 0..<height {
      out += "\u{1B}[\(row + 1);1H"
      for column in 0..<width {
        let cell = cells[row * width + column]
        if cell.style != current {
          out += Self.sgr(cell.style)
          current = cell.style
        }
        out.append(cell.character)
      }
    }
    return out + "\u{1B}[0m"
  }

  private static func sgr(_ style: CellStyle) -> String {
    var codes = ["0"]
    if style.contains(.bold) { codes.append("1") }
    if style.contains(.dim) { codes.append("2") }
    if style.contains(.reverse) { codes.append("7") }
    if style.contains(.highlight) { codes.append(contentsOf: ["1", "33"]) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// One column per cell: control characters and wide characters are shown as `?`.
  private func printable(_ character: Character) -> Character {
    guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return "?" }
    if scalar.value < 0x20 || scalar.value == 0x7F { return " " }
    if scalar.properties.isEmojiPresentation || (0x1100...0x115F).contains(scalar.value)
      || (0x2E80...0xA4CF).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value)
      || (0xF900...0xFAFF).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
    {
      return "?"
    }
    return character
  }
}

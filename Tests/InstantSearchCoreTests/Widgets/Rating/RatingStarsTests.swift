import InstantSearchCore
import Testing

@Suite("Rating stars and number fields (what the UIKit rating control and number field show and read)")
struct RatingStarsTests {
  @Test("Stars: full, half and empty titles; a tap sets or clears; clamped values; VoiceOver's reading")
  func stars() {
    let stars = RatingStars(value: 3.5)
    #expect(stars.titles == ["★", "★", "★", "½", "☆"])
    #expect(stars.value(afterTapOn: 0) == 1 && stars.value(afterTapOn: 4) == 5 && stars.value(afterTapOn: 5) == nil)
    #expect(RatingStars(value: 2).value(afterTapOn: 1) == 0, "a tap on the rating itself clears it")
    #expect(RatingStars(value: 9, maximum: 3).titles == ["★", "★", "★"])
    #expect(RatingStars(value: .nan).value == 0 && RatingStars(value: -1).titles == ["☆", "☆", "☆", "☆", "☆"])
    #expect(RatingStars(value: 4).accessibilityValue == "★★★★☆ & up")
    #expect(RatingStars(value: 0).accessibilityValue == "Any rating")
    #expect(RatingStars(value: 1, maximum: 0).maximum == 1)
  }

  @Test("Typed numbers: signs, either separator, spaces; nothing else, nothing out of range")
  func numberText() {
    #expect(NumberText.parse(" 2019 ", as: Int.self) == 2019)
    #expect(NumberText.parse("-12", as: Int.self) == -12 && NumberText.parse("+7", as: Int.self) == 7)
    #expect(NumberText.parse("12.0", as: Int.self) == 12 && NumberText.parse("12.5", as: Int.self) == nil)
    #expect(NumberText.parse("12,5", as: Double.self) == 12.5 && NumberText.parse(".5", as: Double.self) == 0.5)
    for bad in [
      "", " ", "-", ".", "1.2.3", "1e5", "0x10", "12a", "nan", "inf", "١٢", String(repeating: "9", count: 41),
    ] {
      #expect(NumberText.parse(bad, as: Double.self) == nil, "\(bad)")
    }
    #expect(NumberText.parse("99999999999999999999", as: Int.self) == nil)
  }
}

import Testing

@testable import HeadlessUIKit

/// The classes registered with a list view and the views it recycled (`ReusePool.swift`):
/// keyed by element kind and reuse identifier, the view recycled last taken first.
@Suite("A list view's reuse pool")
@MainActor
struct ReusePoolTests {
  func view(_ identifier: String) -> HeadlessReusableView {
    let view = HeadlessReusableView()
    view.reuseIdentifier = identifier
    return view
  }

  @Test func aRegistrationIsFoundByItsKindAndIdentifierAndReplaced() {
    var pool = ReusePool()
    #expect(pool.maker(for: .cell("row")) == nil)
    pool.register(.cell("row")) { _ in HeadlessReusableView() }
    #expect(pool.maker(for: .cell("row")) != nil)
    // A supplementary view's registration with the same identifier is another.
    #expect(pool.maker(for: .supplementary(kind: "header", "row")) == nil)
    var made: [String] = []
    pool.register(.cell("row")) { identifier in
      made.append(identifier)
      return HeadlessReusableView()
    }
    _ = pool.maker(for: .cell("row"))?("row")
    #expect(made == ["row"], "the later registration replaced the first")
  }

  @Test func theViewRecycledLastIsTakenFirstAndOnlyForItsKey() {
    var pool = ReusePool()
    let first = view("row")
    let second = view("row")
    let header = view("row")
    pool.recycle(first, as: .cell("row"))
    pool.recycle(second, as: .cell("row"))
    pool.recycle(header, as: .supplementary(kind: "header", "row"))
    #expect(pool.takeRecycled(.cell("row")) === second)
    #expect(pool.takeRecycled(.cell("row")) === first)
    #expect(pool.takeRecycled(.cell("row")) == nil)
    #expect(pool.takeRecycled(.cell("other")) == nil)
    #expect(pool.takeRecycled(.supplementary(kind: "header", "row")) === header)
  }
}

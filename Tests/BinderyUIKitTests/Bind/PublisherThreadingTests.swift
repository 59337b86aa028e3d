import Bindery
import BinderyTesting
import BinderyUIKit
import Dispatch
import Foundation
import HeadlessUIKit
import Testing

/// A subject that background threads may send through (HeadlessUIKit's subjects lock, as
/// Combine's do).
final class ThreadSafeSubject<Output>: @unchecked Sendable {
  let subject = PassthroughSubject<Output, Never>()
  func send(_ value: Output) { subject.send(value) }
}

/// Every publisher variant of `bind(to:)`: table or grid, flat or sectioned, with content or
/// without.
enum PublisherVariant: String, CaseIterable, Sendable {
  case tableFlat, tableSections, tableContentFlat, tableContentSections
  case gridFlat, gridSections, gridContentFlat, gridContentSections

  var isTable: Bool { rawValue.hasPrefix("table") }
  var isSectioned: Bool { rawValue.hasSuffix("Sections") }
  var hasContent: Bool { rawValue.contains("Content") }
}

@Suite("Publishers that send off the main thread", .mainActorTurns)
@MainActor
struct PublisherThreadingTests {
  /// Lists that keep changing: ids shift, content changes, sections come and go.
  static func lists(_ count: Int, seed: Int) -> [[ListSection<TestSection, TestItem>]] {
    (0..<count).map { step in
      (0..<(1 + (step + seed) % 3)).map { section in
        ListSection(
          TestSection(id: section, title: step % 2),
          items: (0..<15).map { TestItem(id: section * 1_000 + ($0 + step) % 40, content: step) })
      }
    }
  }

  @Test(arguments: PublisherVariant.allCases)
  func theScreenEndsOnTheLastListSentFromABackgroundThread(_ variant: PublisherVariant) async {
    let lists = Self.lists(200, seed: 1)
    let flat = lists.map { $0.flatMap(\.items) }
    let (view, shown) = bind(variant)
    // A plain thread, as a network callback or a Dispatch queue would send from.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        for index in lists.indices { view.send(sections: lists[index], flat: flat[index]) }
        done.resume()
      }
    }
    await expectShown(variant, shown, lists.last ?? [], flat: flat.last ?? [])
  }

  @Test(arguments: PublisherVariant.allCases)
  func theScreenEndsOnTheLastListSentWhileTheMainActorIsBusy(_ variant: PublisherVariant) async {
    let lists = Self.lists(200, seed: 2)
    let flat = lists.map { $0.flatMap(\.items) }
    let (view, shown) = bind(variant)
    let sender = Task.detached {
      for index in lists.indices { view.send(sections: lists[index], flat: flat[index]) }
    }
    // The main actor is busy while the values come in.
    let busyUntil = ContinuousClock.now + .milliseconds(30)
    while ContinuousClock.now < busyUntil {}
    await sender.value
    await expectShown(variant, shown, lists.last ?? [], flat: flat.last ?? [])
  }

  /// What a test sends through and reads back.
  struct Sender: Sendable {
    let sections: ThreadSafeSubject<[ListSection<TestSection, TestItem>]>?
    let flat: ThreadSafeSubject<[TestItem]>?
    func send(sections lists: [ListSection<TestSection, TestItem>], flat items: [TestItem]) {
      sections?.send(lists)
      flat?.send(items)
    }
  }

  /// What is on screen: the binding's snapshot, as sections, and the view's row counts.
  struct Shown {
    let settle: @MainActor () async -> Bool
    let sections: @MainActor () -> [[TestItem]]
    let counts: @MainActor () -> [Int]
    let violations: @MainActor () -> [UpdateViolation]
    let keep: [AnyObject]
  }

  func bind(_ variant: PublisherVariant) -> (Sender, Shown) {
    let avatars = ContentStore<Int, String> { "avatar \($0)" }
    if variant.isTable {
      let table = makeTable()
      return variant.isSectioned
        ? bindSections(variant, avatars: avatars, table: table, grid: nil)
        : bindFlat(variant, avatars: avatars, table: table, grid: nil)
    }
    let grid = makeGrid()
    return variant.isSectioned
      ? bindSections(variant, avatars: avatars, table: nil, grid: grid)
      : bindFlat(variant, avatars: avatars, table: nil, grid: grid)
  }

  func bindFlat(
    _ variant: PublisherVariant, avatars: ContentStore<Int, String>, table: UITableView?,
    grid: UICollectionView?
  ) -> (Sender, Shown) {
    let subject = ThreadSafeSubject<[TestItem]>()
    let binding: ListBinding<FlatSection, TestItem>
    switch (table, grid, variant.hasContent) {
    case (let table?, _, false):
      binding = table.bind(to: .publisher(subject.subject), cellProvider: describeRow)
    case (let table?, _, true):
      binding = table.bind(to: .publisher(subject.subject), content: .store(avatars)) {
        view, path, item, _ in
        describeRow(view, path, item)
      }
    case (_, let grid?, false):
      binding = grid.bind(to: .publisher(subject.subject), cellProvider: describeItem)
    case (_, let grid?, true):
      binding = grid.bind(to: .publisher(subject.subject), content: .store(avatars)) {
        view, path, item, _ in
        describeItem(view, path, item)
      }
    default:
      preconditionFailure("a view")
    }
    return (Sender(sections: nil, flat: subject), shown(binding, table: table, grid: grid))
  }

  func bindSections(
    _ variant: PublisherVariant, avatars: ContentStore<Int, String>, table: UITableView?,
    grid: UICollectionView?
  ) -> (Sender, Shown) {
    let subject = ThreadSafeSubject<[ListSection<TestSection, TestItem>]>()
    let binding: ListBinding<TestSection, TestItem>
    switch (table, grid, variant.hasContent) {
    case (let table?, _, false):
      binding = table.bind(to: .sectionedPublisher(subject.subject), cellProvider: describeRow)
    case (let table?, _, true):
      binding = table.bind(to: .sectionedPublisher(subject.subject), content: .store(avatars)) {
        view, path, item, _ in
        describeRow(view, path, item)
      }
    case (_, let grid?, false):
      binding = grid.bind(to: .sectionedPublisher(subject.subject), cellProvider: describeItem)
    case (_, let grid?, true):
      binding = grid.bind(to: .sectionedPublisher(subject.subject), content: .store(avatars)) {
        view, path, item, _ in
        describeItem(view, path, item)
      }
    default:
      preconditionFailure("a view")
    }
    return (Sender(sections: subject, flat: nil), shown(binding, table: table, grid: grid))
  }

  func shown<Section>(
    _ binding: ListBinding<Section, TestItem>, table: UITableView?, grid: UICollectionView?
  ) -> Shown {
    Shown(
      settle: { await binding.waitUntilShown() },
      sections: { binding.snapshot.listSections.map(\.items) },
      counts: {
        if let table {
          return (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
        }
        guard let grid else { return [] }
        return (0..<grid.numberOfSections).map { grid.numberOfItems(inSection: $0) }
      },
      violations: { table?.violations ?? grid?.violations ?? [] },
      keep: [binding, table as AnyObject? ?? grid as AnyObject? ?? binding])
  }

  func expectShown(
    _ variant: PublisherVariant, _ shown: Shown, _ last: [ListSection<TestSection, TestItem>],
    flat: [TestItem]
  ) async {
    #expect(await shown.settle(), "\(variant)")
    let expected = variant.isSectioned ? last.map(\.items) : [flat]
    #expect(shown.sections() == expected, "\(variant)")
    #expect(shown.counts() == expected.map(\.count), "\(variant)")
    #expect(shown.violations().isEmpty, "\(variant): \(shown.violations())")
    withExtendedLifetime(shown.keep) {}
  }
}

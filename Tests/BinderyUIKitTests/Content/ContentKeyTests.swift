import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// A loader that gets the item (issue 67, item 3): the store is keyed by the item's id, and
/// the key carries the item to the loader.
@Suite("Content keyed by id, loaded from the item", .mainActorTurns)
@MainActor
struct ContentKeyTests {
  struct SavedApp: Identifiable, Equatable, Sendable {
    let id: Int
    var name: String
    var detailKey: ContentKey<Int, SavedApp> { ContentKey(id, context: self) }
  }

  /// What the loader was given, in order.
  final class Reads: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func read(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }
  }

  @Test func aKeyIsItsIDAndCarriesTheItemToTheLoader() {
    let ada = SavedApp(id: 1, name: "Ada")
    let renamed = SavedApp(id: 1, name: "Ada Lovelace")
    #expect(ada.detailKey == renamed.detailKey)
    #expect(ada.detailKey.hashValue == renamed.detailKey.hashValue)
    #expect(ada.detailKey != SavedApp(id: 2, name: "Ada").detailKey)
    #expect(renamed.detailKey.context.name == "Ada Lovelace")
    #expect("\(ada.detailKey)" == "1")
  }

  @Test func theLoaderReadsTheItemAndARenameDoesNotLoadAgain() async {
    let table = makeTable()
    let reads = Reads()
    let details = ContentStore<ContentKey<Int, SavedApp>, String> { key in
      reads.read(key.context.name)
      return "details of \(key.context.name)"
    }
    let binding = table.bind(
      to: .sequence(AsyncStream<[SavedApp]> { _ in }),
      content: .store(details, keyedBy: \.detailKey, prefetching: .never)
    ) { tableView, indexPath, app, detail in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = "\(app.name): \(detail.content ?? "…")"
      return cell
    }
    var apps = (0..<3).map { SavedApp(id: $0, name: "app \($0)") }
    #expect(await binding.apply(items: apps))
    func text(_ row: Int) -> String? {
      table.cellForRow(at: IndexPath(row: row, section: 0))?.textLabel?.text
    }
    await eventually("each row's details, read from its app") {
      (0..<3).allSatisfy { text($0) == "app \($0): details of app \($0)" }
    }
    #expect(Set(reads.all) == ["app 0", "app 1", "app 2"])
    apps[1].name = "Files"
    #expect(await binding.apply(items: apps))
    await eventually("the new name, with the details it had") {
      text(1) == "Files: details of app 1"
    }
    #expect(reads.all.count == 3, "one load per id: \(reads.all)")
    binding.cancel()
  }
}

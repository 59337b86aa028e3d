import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

// The tests of the article "Testing a bound screen", compiled and run as written there.

struct Pet: Identifiable, Equatable, Sendable {
  let id: Int
  var name: String
}

/// Hears what the table's delegate is told.
@MainActor
final class PetPicker: NSObject, UITableViewDelegate {
  var picked: [IndexPath] = []
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    picked.append(indexPath)
  }
}

@Suite("The article's tests of a bound screen", .mainActorTurns)
@MainActor
struct TestingSnippets {
  static let pets = [Pet(id: 1, name: "Ari"), Pet(id: 2, name: "Bo"), Pet(id: 3, name: "Cleo")]

  @Test func aTapSelectsTheRowAndTellsTheDelegate() async {
    let pets = CurrentValueSubject<[Pet], Never>(Self.pets)
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "pet")
    let picker = PetPicker()
    tableView.delegate = picker
    UIWindow.show(tableView)
    let binding = tableView.bind(to: .publisher(pets)) { tableView, indexPath, pet in
      let cell = tableView.dequeueReusableCell(withIdentifier: "pet", for: indexPath)
      cell.textLabel?.text = pet.name
      return cell
    }
    #expect(await binding.waitUntilShown())

    tableView.userSelectsRow(at: IndexPath(row: 1, section: 0))

    #expect(picker.picked == [IndexPath(row: 1, section: 0)])
    #expect(tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    #expect(binding.item(at: IndexPath(row: 1, section: 0))?.name == "Bo")
  }

  @Test func aSwipeShowsTheActionsAndATapOnOnePerformsIt() async throws {
    let pets = CurrentValueSubject<[Pet], Never>(Self.pets)
    var binding: CollectionBinding<FlatSection, Pet>?
    var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
    configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
      binding?.deleteSwipeActions(at: indexPath)
    }
    let list = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 440),
      collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
    UIWindow.show(list)
    let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Pet> { cell, _, pet in
      var content = cell.defaultContentConfiguration()
      content.text = pet.name
      cell.contentConfiguration = content
    }
    binding = list.bind(to: .publisher(pets), using: cell)
      .onDelete { pet, _ in pets.value.removeAll { $0.id == pet.id } }
    #expect(await binding?.waitUntilShown() == true)

    // A swipe only reveals the actions; the user's tap on one performs it.
    let row = IndexPath(item: 1, section: 0)
    let swipe = try #require(list.userSwipes(itemAt: row, from: .trailing))
    let delete = try #require(swipe.actions.first)
    #expect(delete.title == "Delete")
    var performed: Bool?
    list.userTaps(delete, onItemAt: row) { performed = $0 }

    #expect(performed == true)
    #expect(pets.value.map(\.name) == ["Ari", "Cleo"])
    #expect(list.numberOfItems(inSection: 0) == 2, "the row left at once")
    #expect(list.alerts.isEmpty, "no row slid back: \(list.alerts)")
  }

  @Test func scrollsDragsAndFlingsMoveTheContentAsTheUsersFingerDoes() async {
    let pets = CurrentValueSubject<[Pet], Never>((1...100).map { Pet(id: $0, name: "Pet \($0)") })
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "pet")
    UIWindow.show(tableView)
    let binding = tableView.bind(to: .publisher(pets)) { tableView, indexPath, pet in
      let cell = tableView.dequeueReusableCell(withIdentifier: "pet", for: indexPath)
      cell.textLabel?.text = pet.name
      return cell
    }
    #expect(await binding.waitUntilShown())

    tableView.scroll(by: 440)  // one step of a scroll: a screen down
    #expect(tableView.contentOffset.y == 440)
    #expect(tableView.indexPathsForVisibleRows?.first == IndexPath(row: 10, section: 0))

    tableView.userBeginsDragging()  // a finger down, the content pulled up by 88 points…
    tableView.userDrags(by: 88)
    tableView.userEndsDragging(velocity: 0)  // …and lifted without a fling
    #expect(tableView.contentOffset.y == 528)

    tableView.userFlings(velocity: 3_000)  // points a second, down the list
    tableView.decelerate(for: .seconds(10))  // time passes: the fling comes to rest
    #expect(!tableView.isDecelerating && tableView.contentOffset.y > 1_000)
  }

  @Test func aPullToRefreshRunsTheControlsAction() async {
    let pets = CurrentValueSubject<[Pet], Never>(Self.pets)
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "pet")
    UIWindow.show(tableView)
    let binding = tableView.bind(to: .publisher(pets)) { tableView, indexPath, pet in
      let cell = tableView.dequeueReusableCell(withIdentifier: "pet", for: indexPath)
      cell.textLabel?.text = pet.name
      return cell
    }
    #expect(await binding.waitUntilShown())
    let refreshControl = UIRefreshControl()
    refreshControl.addAction(
      UIAction { _ in
        pets.value.append(Pet(id: 4, name: "Dee"))
        refreshControl.endRefreshing()
      }, for: .valueChanged)
    tableView.refreshControl = refreshControl

    #expect(tableView.userPullsToRefresh())

    #expect(await binding.waitUntilShown())
    #expect(tableView.numberOfRows(inSection: 0) == 4 && !refreshControl.isRefreshing)
  }

  @Test func imagesAreToldApartByTheirNames() async {
    let pets = CurrentValueSubject<[Pet], Never>(Self.pets)
    // HeadlessUIKit's images have a size and a name, and no pixels: name each by what it is.
    let photos = ContentStore<Pet.ID, UIImage> { id in
      UIImage(size: CGSize(width: 40, height: 40), name: "photo \(id)")
    }
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "pet")
    UIWindow.show(tableView)
    let binding = tableView.bind(to: .publisher(pets), content: .store(photos)) {
      tableView, indexPath, pet, photo in
      let cell = tableView.dequeueReusableCell(withIdentifier: "pet", for: indexPath)
      cell.textLabel?.text = pet.name
      cell.imageView?.image = photo.content
      return cell
    }
    #expect(await binding.waitUntilShown())

    await eventually("every photo") {
      (0..<3).allSatisfy { row in
        tableView.cellForRow(at: IndexPath(row: row, section: 0))?.imageView?.image?.name
          == "photo \(row + 1)"
      }
    }
  }
}

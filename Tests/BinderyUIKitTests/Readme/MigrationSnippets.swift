// "Moving a screen to Bindery": the three seeds' screens, before and after, as each app holds
// them. Each note's types are in a namespace of their own (`FirstNote.Before`, …) so that a
// screen keeps its name before and after. Compiled on Linux and against Apple's SDK by
// `.ci/ios-check`; `MigrationTests` runs every screen that HeadlessUIKit can run (the third
// note's before is a diffable data source, which it does not model: compiled against the SDK
// only).
import BinderyUIKit
import Foundation

#if canImport(UIKit)
  import Combine
  import UIKit
#else
  import HeadlessUIKit
#endif

// MARK: - The first note: a data source, a dictionary of cells, an image cache

/// SniffMeet's mate list: a presenter over an interactor, pushing the mates and then each mate's
/// profile image.
enum FirstNote {
  enum Before {}
  enum After {}

  /// The note's item: identified by `userID`, not `Identifiable`.
  struct MateInfo: Equatable, Sendable {
    let userID: UUID
    var name: String
  }

  protocol MateListInteractor: Sendable {
    func mates() async throws -> [MateInfo]
    func profileImageData(of mateID: UUID) async throws -> Data?
  }

  @MainActor
  final class MateListPresenter {
    struct Output {
      let mates = CurrentValueSubject<[MateInfo], Never>([])
      let profileImageData = PassthroughSubject<(UUID, Data?), Never>()
    }
    let output = Output()
    let interactor: any MateListInteractor

    init(interactor: any MateListInteractor) { self.interactor = interactor }

    func loadMates() async {
      output.mates.send((try? await interactor.mates()) ?? [])
    }

    /// The note's second request: every mate's image, pushed as it comes.
    func loadProfileImages() async {
      for mate in output.mates.value {
        let data = try? await interactor.profileImageData(of: mate.userID)
        output.profileImageData.send((mate.userID, data))
      }
    }
  }
}

extension FirstNote.Before {
  @MainActor
  final class MateListViewController: NSObject, UITableViewDataSource {
    let tableView = UITableView()
    let presenter: FirstNote.MateListPresenter
    private var mateCellDictionary: [UUID: UITableViewCell] = [:]
    private var imageDataSource: [UUID: Data] = [:]
    private var cancellables = Set<AnyCancellable>()

    init(presenter: FirstNote.MateListPresenter) { self.presenter = presenter }

    func viewDidLoad() {
      tableView.dataSource = self
      presenter.output.mates
        .sink { [weak self] _ in self?.tableView.reloadData() }
        .store(in: &cancellables)
      presenter.output.profileImageData
        .sink { [weak self] (mateID, imageData) in
          self?.imageDataSource[mateID] = imageData
          guard let cell = self?.mateCellDictionary[mateID],
            let imageData,
            let profileImage = UIImage(data: imageData)
          else { return }
          cell.imageView?.image = profileImage
        }
        .store(in: &cancellables)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      presenter.output.mates.value.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      let mate = presenter.output.mates.value[indexPath.row]
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      mateCellDictionary[mate.userID] = cell
      cell.textLabel?.text = mate.name
      cell.imageView?.image = imageDataSource[mate.userID].flatMap { UIImage(data: $0) }
      return cell
    }
  }
}

extension FirstNote.After {
  @MainActor
  final class MateListViewController {
    let tableView = UITableView()
    let presenter: FirstNote.MateListPresenter
    let profileImages: ContentStore<UUID, UIImage>
    var binding: ViewBinding<FlatSection, Identified<FirstNote.MateInfo, UUID>>?

    init(presenter: FirstNote.MateListPresenter, interactor: any FirstNote.MateListInteractor) {
      self.presenter = presenter
      profileImages = ContentStore(nilMeans: .noContent) { mateID in
        try await interactor.profileImageData(of: mateID).flatMap { UIImage(data: $0) }
      }
    }

    func viewDidLoad() {
      binding = tableView.bind(
        to: .publisher(presenter.output.mates, id: \.userID),
        content: .store(profileImages, holdingFirstDisplay: .seconds(1))
      ) { tableView, indexPath, mate, profileImage in
        let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
        cell.textLabel?.text = mate.name
        cell.imageView?.image = profileImage.content
        return cell
      }
    }
  }
}

// MARK: - The second note: a data source with prefetching

/// The saved-app folder: a view model that is the table's data source and prefetching data
/// source, reading each app's details through a use case that returns a publisher.
enum SecondNote {
  enum Before {}
  enum After {}

  struct SavedApp: Hashable, Sendable {
    let id: String
    var name: String
  }

  struct SavedAppDetail: Equatable, Sendable {
    var rating: Double
  }

  protocol AppFolderUsecase: Sendable {
    func readSavedAppDetail(of savedApp: SavedApp) -> AnyPublisher<SavedAppDetail, any Error>
  }
}

extension SecondNote.Before {
  @MainActor
  final class AppFolderDetailViewModel: NSObject, UITableViewDataSource,
    UITableViewDataSourcePrefetching
  {
    let appFolderUsecase: any SecondNote.AppFolderUsecase
    var savedApps: [SecondNote.SavedApp]?
    let showEmptyView = CurrentValueSubject<Bool, Never>(false)
    private var fetchedCellModels: [Int: SecondNote.SavedAppDetail] = [:]
    private var cancellables = Set<AnyCancellable>()

    init(appFolderUsecase: any SecondNote.AppFolderUsecase) {
      self.appFolderUsecase = appFolderUsecase
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      showEmptyView.send(savedApps?.isEmpty == true)
      return savedApps?.count ?? 0
    }

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      guard let savedApps else { return }
      for indexPath in indexPaths {
        appFolderUsecase.readSavedAppDetail(of: savedApps[indexPath.row])
          .receive(on: DispatchQueue.main)
          .sink(receiveCompletion: { _ in }) { [weak self] detail in
            self?.fetchedCellModels[indexPath.row] = detail
          }
          .store(in: &cancellables)
      }
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      let cell = tableView.dequeueReusableCell(withIdentifier: "savedApp", for: indexPath)
      guard let savedApp = savedApps?[indexPath.row] else { return cell }
      cell.textLabel?.text = savedApp.name
      if let detail = fetchedCellModels[indexPath.row] {
        cell.textLabel?.text = "\(savedApp.name) ★ \(detail.rating)"
      } else {
        appFolderUsecase.readSavedAppDetail(of: savedApp)
          .receive(on: DispatchQueue.main)
          .sink(receiveCompletion: { _ in }) { [weak cell] detail in
            cell?.textLabel?.text = "\(savedApp.name) ★ \(detail.rating)"
          }
          .store(in: &cancellables)
      }
      return cell
    }
  }
}

extension SecondNote.SavedApp {
  // Its detail is the id's, read from the whole app.
  var detailKey: ContentKey<String, Self> { ContentKey(id, context: self) }
}

extension SecondNote.After {
  @MainActor
  final class AppFolderDetailViewModel {
    @Published var savedApps: [SecondNote.SavedApp] = []
    @Published var isLoading = true
    let details: ContentStore<ContentKey<String, SecondNote.SavedApp>, SecondNote.SavedAppDetail>

    init(appFolderUsecase: any SecondNote.AppFolderUsecase) {
      details = ContentStore(publisher: { key in
        appFolderUsecase.readSavedAppDetail(of: key.context)
      })
    }
  }

  @MainActor
  final class AppFolderDetailViewController {
    let tableView = UITableView()
    let viewModel: AppFolderDetailViewModel
    var binding: ViewBinding<FlatSection, Identified<SecondNote.SavedApp, String>>?

    init(viewModel: AppFolderDetailViewModel) { self.viewModel = viewModel }

    func viewDidLoad() {
      binding = tableView.bind(
        to: .publisher(viewModel.$savedApps, id: \.id),
        content: .store(viewModel.details, keyedBy: \.detailKey, holdingFirstDisplay: .seconds(1))
      ) { tableView, indexPath, savedApp, detail in
        let cell = tableView.dequeueReusableCell(withIdentifier: "savedApp", for: indexPath)
        let rating = detail.content.map { " ★ \($0.rating)" } ?? ""
        cell.textLabel?.text = savedApp.name + rating
        return cell
      }
      .emptyState(loading: viewModel.$isLoading) { state in
        guard case .empty = state else { return nil }
        return MessageView(text: "No apps in this folder")
      }
    }
  }
}

// MARK: - The third note: a `bind(to:)` of its own, as RxCocoa's

/// A transactions screen that binds any `Hashable` values, as `items.bind(to: tableView.rx.items)`
/// does.
enum ThirdNote {
  enum Before {}
  enum After {}

  struct Deposit: Hashable, Sendable {
    var memo: String
    var amount: Int
  }
}

#if canImport(UIKit)
  // A diffable data source, which HeadlessUIKit does not model: compiled against the SDK only.
  // The note's `bind(to:cellProvider:)`, named `bindDiffable` here so that it does not stand
  // beside Bindery's `bind(to:)` in this module.
  extension UITableView {
    func bindDiffable<T: Hashable & Sendable>(
      to publisher: AnyPublisher<[T], Never>,
      cellProvider: @escaping (UITableView, IndexPath, T) -> UITableViewCell
    ) -> AnyCancellable {
      let dataSource = UITableViewDiffableDataSource<Int, T>(tableView: self) {
        tableView, indexPath, item in
        return cellProvider(tableView, indexPath, item)
      }

      return publisher.sink { items in
        var snapshot = NSDiffableDataSourceSnapshot<Int, T>()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        dataSource.apply(snapshot, animatingDifferences: true)
      }
    }
  }

  extension ThirdNote.Before {
    @MainActor
    final class DepositViewController {
      let tableView = UITableView()
      var cancellables = Set<AnyCancellable>()

      func bind(_ transaction: AnyPublisher<[ThirdNote.Deposit], Never>) {
        tableView.bindDiffable(to: transaction) { tableView, indexPath, item in
          let cell = tableView.dequeueReusableCell(withIdentifier: "deposit", for: indexPath)
          cell.textLabel?.text = "\(item.memo) \(item.amount)"
          return cell
        }
        .store(in: &cancellables)
      }
    }
  }
#endif

extension ThirdNote.After {
  @MainActor
  final class DepositViewController {
    let tableView = UITableView()
    var cancellables = Set<AnyCancellable>()

    func bind(_ transaction: AnyPublisher<[ThirdNote.Deposit], Never>) {
      tableView.bind(to: .publisher(transaction, id: \.self)) { tableView, indexPath, item in
        let cell = tableView.dequeueReusableCell(withIdentifier: "deposit", for: indexPath)
        cell.textLabel?.text = "\(item.memo) \(item.amount)"
        return cell
      }
      .store(in: &cancellables)
    }

    /// RxCocoa's `items.bind(to: tableView.rx.items)`, for plain strings.
    func bindItems() {
      let items = Just(["First Item", "Second Item", "Third Item"])
      tableView.bind(to: .publisher(items, id: \.self)) { tableView, indexPath, element in
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        cell.textLabel?.text = "\(element.value) @ row \(indexPath.row)"
        return cell
      }
      .store(in: &cancellables)
    }
  }
}

// The DocC articles' snippets that are not the README's, filled in as an app would hold them;
// like `ReadmeSnippets.swift`, compiled on Linux (`ReadmeTests` runs them and checks that every
// line of every article's Swift blocks is in a snippets file) and against Apple's SDK by
// `.ci/ios-check`.
import BinderyUIKit
import Foundation
import Observation

#if canImport(UIKit)
  import Combine
  import UIKit
#else
  import HeadlessUIKit
#endif

// BinderyUIKit.docc, "Binding a collection view with sections": a grid of teams with headers
// that follow their sections' content, late avatars, and selection read from the binding.
@MainActor
final class TeamGridScreen {
  let viewModel = MatesViewModel()
  let avatars: ContentStore<Mate.ID, UIImage>
  var binding: CollectionBinding<Team, Mate>?
  private(set) var opened: [Mate] = []

  init(avatars: ContentStore<Mate.ID, UIImage>) { self.avatars = avatars }

  func makeGrid() -> UICollectionView {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 120)
    layout.headerReferenceSize = CGSize(width: 0, height: 36)
    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
    collectionView.register(MateCell.self, forCellWithReuseIdentifier: "mate")

    binding = collectionView.bind(
      to: .sectionedPublisher(viewModel.$teams), content: .store(avatars)
    ) {
      collectionView, indexPath, mate, avatar in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "mate", for: indexPath)
      (cell as? MateCell)?.show(mate, avatar: avatar.content)
      return cell
    }
    .supplementaryViews(ofKind: UICollectionView.elementKindSectionHeader, TeamHeader.self) {
      header, team, indexPath in
      header.title = "\(team.name) · \(team.memberCount)"
    }
    return collectionView
  }

  func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
    guard let mate = binding?.item(at: indexPath) else { return }
    open(mate)
  }

  func open(_ mate: Mate) { opened.append(mate) }
}

/// A grid cell showing a mate and their avatar.
final class MateCell: UICollectionViewCell {
  private(set) var name: String?
  private(set) var avatar: UIImage?

  func show(_ mate: Mate, avatar: UIImage?) {
    name = mate.name
    self.avatar = avatar
  }
}

// README and BinderyUIKit.docc, "Binding a list": a view model in Observation (iOS 17+).
// Observable by hand rather than with the `@Observable` macro — what the macro writes, in
// short — because `.ci/ios-check` compiles this against Apple's SDK with the Linux toolchain,
// whose macro expands to names (`shouldNotifyObservers`) the iOS 18.6 SDK's macro declaration
// does not cover. An app compiled by Xcode writes `@Observable`.
@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
@MainActor
final class MatesModel: Observable {
  private let registrar = ObservationRegistrar()
  private var storedMates: [Mate] = []

  var mates: [Mate] {
    get {
      registrar.access(self, keyPath: \.mates)
      return storedMates
    }
    set { registrar.withMutation(of: self, keyPath: \.mates) { storedMates = newValue } }
  }
}

@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
@MainActor
final class ObservedMatesScreen {
  let tableView: UITableView
  let model = MatesModel()
  var binding: TableBinding<FlatSection, Mate>?

  init(tableView: UITableView) { self.tableView = tableView }

  func bind() {
    let model = self.model
    binding = tableView.bind(to: .observing { model.mates }) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
  }

  // BinderyUIKit.docc, "Late content and prefetching": a cell that reads a store's state
  // follows that one key; the model, not the cell, holds the interest.
  func bindAvatarsReadByTheCells(_ avatars: ContentStore<Mate.ID, UIImage>, placeholder: UIImage) {
    let model = self.model
    binding = tableView.bind(to: .observing { model.mates }) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.imageView?.image = avatars.state(for: mate.id).content ?? placeholder
      return cell
    }
  }
}

// BinderyUIKit.docc, "Late content and prefetching", content the app delivers: a presenter that
// pushes each mate's image as it comes, kept as it is, and a change of a model the cells read.
@MainActor
final class PushedAvatarsScreen {
  let avatars = ContentStore<Mate.ID, UIImage>()  // no loader: the presenter delivers
  let binding: ViewBinding<FlatSection, Mate>

  init(tableView: UITableView) {
    binding = tableView.bind(to: .sequence(AsyncStream<[Mate]> { _ in }), content: .store(avatars))
    {
      tableView, indexPath, _, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.imageView?.image = avatar.content
      return cell
    }
  }

  func presenter(didLoad image: UIImage, forMate mateID: Mate.ID) {
    avatars.deliver(image, for: mateID)
  }

  func namesChanged(_ changedIDs: Set<Mate.ID>) {
    binding.reconfigureItems(withIDs: changedIDs)
  }
}

// BinderyUIKit.docc, "Late content and prefetching", a use case that returns a publisher as the
// store's loader.
protocol AvatarService: Sendable {
  func avatar(_ id: Mate.ID) -> AnyPublisher<Data, any Error>
}

@MainActor
final class PublishedAvatarsScreen {
  let avatars: ContentStore<Mate.ID, Data>

  init(useCase: any AvatarService) {
    let avatars = ContentStore<Mate.ID, Data>(publisher: { id in useCase.avatar(id) })
    self.avatars = avatars
  }
}

// BinderyUIKit.docc, "Late content and prefetching", a repository that answers nil.
protocol PhotoRepository: Sendable {
  func photo(of id: Mate.ID) async -> Data?
}

@MainActor
final class OptionalPhotosScreen {
  let photos: ContentStore<Mate.ID, Data>

  init(repository: any PhotoRepository) {
    let photos = ContentStore<Mate.ID, Data>(nilMeans: .noContent) { id in
      await repository.photo(of: id)
    }
    self.photos = photos
  }
}

// BinderyUIKit.docc, "Late content and prefetching", a repository only the main thread may
// touch: a class with mutable state, not `Sendable`.
final class RealmPhotoRepository {
  var photos: [Mate.ID: Data] = [:]
  func photo(of id: Mate.ID) throws -> Data {
    guard let photo = photos[id] else { throw URLError(.fileDoesNotExist) }
    return photo
  }
}

@MainActor
final class MainThreadPhotosScreen {
  let photos: ContentStore<Mate.ID, Data>

  init(realmPhotos: RealmPhotoRepository) {
    let photos = ContentStore<Mate.ID, Data>(mainActorLoader: { id in
      try realmPhotos.photo(of: id)  // not Sendable: the main thread's repository
    })
    self.photos = photos
  }
}

// BinderyUIKit.docc, "Late content and prefetching", two kinds of content per row: an app's
// icon and its screenshot, each from its own store.
struct StoreApp: Identifiable, Equatable, Sendable {
  let id: Int
  var name: String
  var iconURL: URL
  var screenshotURL: URL
}

final class AppCell: UITableViewCell {
  let screenshotView = UIImageView()
}

@MainActor
final class AppsScreen {
  final class AppsViewModel: ObservableObject {
    @Published var apps: [StoreApp] = []
  }

  let viewModel = AppsViewModel()
  var binding: ViewBinding<FlatSection, StoreApp>?

  func bind(
    _ tableView: UITableView, icons: ContentStore<URL, UIImage>,
    screenshots: ContentStore<URL, UIImage>
  ) {
    binding = tableView.bind(
      to: .publisher(viewModel.$apps),
      content: .store(icons, keyedBy: \.iconURL), .store(screenshots, keyedBy: \.screenshotURL)
    ) { tableView, indexPath, app, icon, screenshot in
      let cell = tableView.dequeueReusableCell(withIdentifier: "app", for: indexPath)
      cell.textLabel?.text = app.name
      cell.imageView?.image = icon.content
      (cell as? AppCell)?.screenshotView.image = screenshot.content
      return cell
    }
  }
}

// BinderyUIKit.docc, "Late content and prefetching", drawing each state: a silhouette while
// loading, "no photo" for a mate who has none.
@MainActor
final class DrawnAvatarsScreen {
  final class MatesModel: ObservableObject {
    @Published var mates: [Mate] = []
  }

  let viewModel = MatesModel()
  var binding: ViewBinding<FlatSection, Mate>?

  func bind(_ tableView: UITableView, avatars: ContentStore<Mate.ID, UIImage>) {
    let silhouette = UIImage(systemName: "person.crop.circle")
    let noPhoto = UIImage(systemName: "person.crop.circle.badge.xmark")
    binding = tableView.bind(to: .publisher(viewModel.$mates), content: .store(avatars)) {
      tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      cell.imageView?.image = avatar.shown(placeholder: silhouette, unavailable: noPhoto)
      return cell
    }
  }
}

// BinderyUIKit.docc, "Binding a list", values that are not `Identifiable`: tags as strings.
@MainActor
final class TagsScreen {
  final class TagsViewModel: ObservableObject {
    @Published var tags: [String] = []
  }

  let viewModel = TagsViewModel()
  var binding: ViewBinding<FlatSection, Identified<String, String>>?

  func bind(_ tableView: UITableView) {
    binding = tableView.bind(to: .publisher(viewModel.$tags, id: \.self)) {
      tableView, indexPath, tag in
      let cell = tableView.dequeueReusableCell(withIdentifier: "tag", for: indexPath)
      cell.textLabel?.text = tag.value
      return cell
    }
  }
}

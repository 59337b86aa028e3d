// The README's usage snippets, filled in as an app would hold them. No test framework here:
// this file compiles on Linux against HeadlessUIKit (`ReadmeTests` runs it) and, by
// `.ci/ios-check`, against Apple's iPhoneOS SDK. `ReadmeTests` also checks that every line of
// the README's Swift blocks is here, so the README cannot drift from code that compiles.
import BinderyUIKit
import Foundation

#if canImport(UIKit)
  import Combine
  import UIKit
#else
  import HeadlessUIKit
#endif

struct Mate: Identifiable, Equatable, Sendable {
  let id: UUID
  var name: String
  var status: String
  var photoURL = URL(fileURLWithPath: "/photos/default.jpg")
}

struct Team: Identifiable, Equatable, Sendable {
  let id: Int
  var name: String
  var memberCount: Int
}

/// A view model as iOS apps write them: main-actor isolated, publishing its lists.
@MainActor
final class MatesViewModel {
  @Published var mates: [Mate] = []
  /// Whether the first fetch is still under way: `mates` is `[]` until then.
  @Published var isLoading = true
  @Published var teams: [ListSection<Team, Mate>] = []
  @Published var topics: [Topic] = []
  var removed: [Mate.ID] = []
  var moved: [(Mate.ID, IndexPath)] = []

  func remove(_ mate: Mate) {
    removed.append(mate.id)
    mates.removeAll { $0.id == mate.id }
  }

  func move(_ mate: Mate, to destination: IndexPath) { moved.append((mate.id, destination)) }

  /// Pages of mates, as a feed would load them.
  var pagesLoaded = 0
  var hasMorePages: Bool { pagesLoaded < 3 }

  func loadNextPage() async throws {
    try await Task.sleep(for: .milliseconds(5))
    pagesLoaded += 1
    mates += (0..<20).map { Mate(id: UUID(), name: "mate \($0)", status: "online") }
  }
}

struct Topic: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var subtopics: [Topic] = []
}

struct Message: Identifiable, Equatable, Sendable {
  let id: Int
  var text: String
}

/// A push notification about a message.
struct MessageNotice {
  var messageID: Message.ID
}

/// A chat: the newest message last, older ones loaded a page at a time.
@MainActor
final class ChatViewModel {
  @Published var messages: [Message] = (1_000..<1_030).map {
    Message(id: $0, text: "message \($0)")
  }
  var oldestLoaded = 1_000
  var hasOlderMessages: Bool { oldestLoaded > 940 }

  func loadOlderMessages() async throws {
    try await Task.sleep(for: .milliseconds(5))
    let older = ((oldestLoaded - 20)..<oldestLoaded).map { Message(id: $0, text: "message \($0)") }
    oldestLoaded -= 20
    messages = older + messages
  }

  func receive(_ text: String) {
    messages.append(Message(id: (messages.last?.id ?? 0) + 1, text: text))
  }

  // Feeds and chats: a reply streamed token by token, each token a new list.
  func streamReply(_ reply: AsyncThrowingStream<String, any Error>) async throws {
    receive("")
    for try await token in reply {
      messages[messages.count - 1].text += token
    }
  }
}

/// An API client whose avatars take a moment.
struct API: Sendable {
  func avatar(_ id: UUID) async throws -> UIImage {
    try await Task.sleep(for: .milliseconds(5))
    return UIImage()
  }

  func image(at url: URL) async throws -> UIImage {
    try await Task.sleep(for: .milliseconds(5))
    return UIImage()
  }
}

/// Where a README snippet keeps what it binds: the view controller, in an app.
@MainActor
final class MatesScreen {
  let tableView: UITableView
  let collectionView: UICollectionView
  let viewModel = MatesViewModel()
  let chat = ChatViewModel()
  let api = API()
  let placeholder = UIImage()
  var cancellables = Set<AnyCancellable>()
  /// The chat's reading place, as the app keeps it with its scene.
  var savedPlace = Data()
  /// Feeds and chats, unread: the message the app draws its divider above, until read.
  var unreadDivider: Message.ID?
  var unreadChat: TableBinding<FlatSection, Message>?
  var mates: TableBinding<FlatSection, Mate>?  // bound to [Mate]
  var teamsBinding: CollectionBinding<Team, Mate>?  // bound to [ListSection<Team, Mate>]
  var shown: [Mate] = []
  var problems: [String] = []

  init(tableView: UITableView, collectionView: UICollectionView) {
    self.tableView = tableView
    self.collectionView = collectionView
  }

  func show(_ mate: Mate) { shown.append(mate) }
  func log(_ problem: some Error) { problems.append("\(problem)") }

  // README "Usage": one line from a publisher, and selection.
  func bindOneLine() {
    mates = tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
  }

  func bindAndStore() {
    tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
    .store(in: &cancellables)
  }

  // UITableViewDelegate
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    guard let mate = mates?.item(at: indexPath) else { return }
    show(mate)
  }

  // README "Late content and prefetching": where a fling stops.
  func scrollViewWillEndDragging(
    _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
    targetContentOffset: UnsafeMutablePointer<CGPoint>
  ) {
    mates?.flingWillComeToRest(at: targetContentOffset.pointee)
  }

  // README "Usage": any AsyncSequence, errors, apply.
  func bindSequence(_ mateUpdates: AsyncStream<[Mate]>, newList: [Mate]) async -> Bool {
    let binding = tableView.bind(to: .sequence(mateUpdates)) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
    // Repeated ids, a source that threw; ends when the binding stops or its view goes away:
    Task { [weak self] in for await problem in binding.errors { self?.log(problem) } }
    let shown = await binding.apply(items: newList)  // true once on screen
    await binding.apply(items: newList.reversed(), animatingDifferences: false)
    binding.cancel()
    return shown
  }

  // README "Around the rows": sections and the modifiers.
  func bindTeams() -> TableBinding<Team, Mate> {
    let binding = tableView.bind(to: .sectionedPublisher(viewModel.$teams)) {
      tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
    .headerTitles { team in team.name }
    .footerTitles { team in "\(team.memberCount) mates" }
    .sectionIndexTitles { team in String(team.name.prefix(1)) }
    .onDelete(canDelete: { mate in mate.status != "owner" }) { [viewModel] mate, _ in
      viewModel.remove(mate)
    }
    .onMove { [viewModel] mate, _, destination in viewModel.move(mate, to: destination) }
    .animation(.fade)
    binding.store(in: &cancellables)
    return binding
  }

  // README "Collection views".
  // README "Around the rows": a cell class per status, reloaded when it changes.
  func bindStatusCells() {
    let binding = tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
      let identifier = mate.status == "away" ? "away" : "mate"
      let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
    .replacesCells(byKind: { mate in mate.status == "away" ? "away" : "mate" })
    binding.store(in: &cancellables)
  }

  // README "Around the rows": a placeholder cell until the photo arrives.
  func bindPhotoCells(avatars: ContentStore<Mate.ID, UIImage>) {
    tableView.bind(to: .publisher(viewModel.$mates), content: .store(avatars)) {
      tableView, indexPath, mate, avatar in
      let identifier = avatar.content == nil ? "placeholder" : "photo"
      let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
      cell.imageView?.image = avatar.content
      return cell
    }
    .replacesCells(byKind: { _, avatar in avatar == .loaded ? "photo" : "placeholder" })
    .store(in: &cancellables)
  }

  // README "Around the rows": an empty state.
  func bindWithEmptyState() -> TableBinding<FlatSection, Mate> {
    let binding = tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
    .emptyState(loading: viewModel.$isLoading) { state in
      switch state {
      case .loading: return nil
      case .empty: return MessageView(text: "No mates yet")
      case .failed(let error): return MessageView(text: "Couldn't load your mates: \(error)")
      }
    }
    binding.store(in: &cancellables)
    return binding
  }

  // README "Around the rows": load more.
  func bindPagedMates() -> TableBinding<FlatSection, Mate> {
    let binding = tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      return cell
    }
    .loadMore(
      hasMore: { [viewModel] in viewModel.hasMorePages },
      footer: { state in
        switch state {
        case .loading: return MessageView(text: "Loading…")
        case .failed: return MessageView(text: "Couldn't load more. Tap to retry.")
        case .idle, .exhausted: return nil
        }
      }
    ) { [viewModel] in
      try await viewModel.loadNextPage()
    }
    binding.store(in: &cancellables)
    return binding
  }

  // README "Around the rows": a chat.
  func bindChat() -> TableBinding<FlatSection, Message> {
    let binding = tableView.bind(to: .publisher(chat.$messages)) { tableView, indexPath, message in
      let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
      cell.textLabel?.text = message.text
      return cell
    }
    .anchor(.end)
    .keepsRowHeights()
    .loadMore(edge: .start, hasMore: { [chat] in chat.hasOlderMessages }) { [chat] in
      try await chat.loadOlderMessages()
    }
    binding.store(in: &cancellables)
    return binding
  }

  // Feeds and chats: opening at the first unread message, with a divider the app draws above it
  // until the reader reaches the end.
  func bindUnreadChat(firstUnread: Message.ID) {
    unreadDivider = firstUnread
    let binding = tableView.bind(to: .publisher(chat.$messages)) {
      [weak self] tableView, indexPath, message in
      let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
      let divider = message.id == self?.unreadDivider ? "— unread — " : ""
      cell.textLabel?.text = divider + message.text
      return cell
    }
    .anchor(.end)
    .onReachingEnd { [weak self] in self?.readToEnd() }
    binding.scroll(toItemWithID: firstUnread, at: .start)
    unreadChat = binding
  }

  func readToEnd() {
    guard let divider = unreadDivider else { return }
    unreadDivider = nil
    unreadChat?.reconfigureItems(withIDs: [divider])
  }

  // Feeds and chats: scrolling by id.
  func scrollToMessages(
    _ binding: TableBinding<FlatSection, Message>, notification: MessageNotice
  ) {
    binding.scroll(toItemWithID: notification.messageID, at: .center)
    binding.scrollToEnd(animated: true)
  }

  // Feeds and chats: the reader's place, saved with the scene.
  func savePlace(of binding: TableBinding<FlatSection, Message>) throws {
    if let place = binding.readingPlace {
      savedPlace = try JSONEncoder().encode(place)
    }
  }

  // Feeds and chats: the reader's place, restored at the next launch.
  func restorePlace(of binding: TableBinding<FlatSection, Message>) throws {
    binding.restore(try JSONDecoder().decode(ReadingPlace<Message.ID>.self, from: savedPlace))
  }

  // README "Modern lists": registrations, a list layout, swipe to delete.
  func bindModernList() {
    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
      self?.teamsBinding?.deleteSwipeActions(at: indexPath)
    }
    collectionView.collectionViewLayout = UICollectionViewCompositionalLayout.list(
      using: configuration)

    let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Mate> { cell, _, mate in
      var content = cell.defaultContentConfiguration()
      content.text = mate.name
      content.secondaryText = mate.status
      cell.contentConfiguration = content
      cell.accessories = [.disclosureIndicator()]
    }
    teamsBinding = collectionView.bind(to: .sectionedPublisher(viewModel.$teams), using: cell)
      .headerTitles { team in team.name }
      .onDelete { [viewModel] mate, _ in viewModel.remove(mate) }
  }

  // README "Modern lists": an outline.
  func bindTopics() -> CollectionBinding<FlatSection, OutlineRow<Topic>> {
    let row = UICollectionView.CellRegistration<OutlineListCell, OutlineRow<Topic>> {
      cell, _, row in
      var content = cell.defaultContentConfiguration()
      content.text = row.item.title
      cell.contentConfiguration = content
      cell.indentationLevel = row.level
      cell.accessories = row.hasChildren ? [.outlineDisclosure(actionHandler: row.toggle)] : []
    }
    let binding = collectionView.bindOutline(
      to: .publisher(viewModel.$topics), children: \.subtopics, using: row)
    binding.store(in: &cancellables)
    return binding
  }

  func bindGrid() -> CollectionBinding<Team, Mate> {
    let binding = collectionView.bind(to: .sectionedPublisher(viewModel.$teams)) {
      collectionView, indexPath, mate in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "mate", for: indexPath)
      (cell as? MateGridCell)?.name = mate.name
      return cell
    }
    .supplementaryViews(ofKind: UICollectionView.elementKindSectionHeader, TeamHeader.self) {
      header, team, indexPath in header.title = "\(team.name) · \(team.memberCount)"
    }
    binding.store(in: &cancellables)
    return binding
  }

  // README "Late content and prefetching".
  func bindAvatars() -> ContentStore<Mate.ID, UIImage> {
    let api = self.api
    let placeholder = self.placeholder
    // The cost is the decoded bitmap's bytes, so the limit is 64 MB of images, not 64 Mi images.
    let bitmapBytes: @Sendable (UIImage) -> Int = { image in
      Int(image.size.width * image.scale * image.size.height * image.scale) * 4
    }
    let avatars = ContentStore<Mate.ID, UIImage>(
      configuration: .init(costLimit: 64 << 20, cost: bitmapBytes)
    ) { id in
      try await api.avatar(id)
    }

    tableView.bind(to: .publisher(viewModel.$mates), content: .store(avatars)) {
      tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.textLabel?.text = mate.name
      // .loading, .loaded, .failed or .notRequested:
      cell.imageView?.image = avatar.content ?? placeholder
      return cell
    }
    .store(in: &cancellables)
    return avatars
  }

  func bindPhotos() -> ContentStore<URL, UIImage> {
    let api = self.api
    let placeholder = self.placeholder
    let bitmapBytes: @Sendable (UIImage) -> Int = { image in
      Int(image.size.width * image.scale * image.size.height * image.scale) * 4
    }
    let photos = ContentStore<URL, UIImage>(
      configuration: .init(costLimit: 64 << 20, cost: bitmapBytes)
    ) { url in
      try await api.image(at: url)
    }

    tableView.bind(to: .publisher(viewModel.$mates), content: .store(photos, keyedBy: \.photoURL)) {
      tableView, indexPath, mate, photo in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.imageView?.image = photo.content ?? placeholder
      return cell
    }
    .store(in: &cancellables)
    return photos
  }

  func bindHeldAvatars(_ avatars: ContentStore<Mate.ID, UIImage>) {
    tableView.bind(
      to: .publisher(viewModel.$mates),
      content: .store(
        avatars, holdingFirstDisplay: .milliseconds(150), holdingNewRows: .milliseconds(150))
    ) {
      tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      cell.imageView?.image = avatar.content
      return cell
    }
    .store(in: &cancellables)
  }
}

/// A view with a message, for an empty list.
final class MessageView: UIView {
  let text: String
  init(text: String) {
    self.text = text
    super.init(frame: .zero)
  }
  required init?(coder: NSCoder) { nil }
}

/// A grid cell that shows a name.
final class MateGridCell: UICollectionViewCell {
  var name: String?
}

/// A grid's section header.
final class TeamHeader: UICollectionReusableView {
  var title: String?
}

// README "Identity and content".
struct Contact: Identifiable, Equatable, Sendable {
  let id: Int
  var name: String
  static func == (lhs: Contact, rhs: Contact) -> Bool { lhs.id == rhs.id }  // identity only
}

extension Contact: ContentEquatable {
  func isContentEqual(to other: Contact) -> Bool { name == other.name }
}

// README "BinderyDiff on its own".
func diffOnItsOwn(mates: [Mate], newMates: [Mate]) throws -> StagedChangeset<FlatSection, Mate> {
  let shown = try ListSnapshot(items: mates)  // throws SnapshotError on repeated ids
  let (next, dropped) = ListSnapshot.lenient(items: newMates)  // or keep the first, report the rest
  let changeset = StagedChangeset(from: shown, to: next)  // stages of UIKit batch operations
  _ = dropped
  return changeset
}

/// README: each stage is one `performBatchUpdates`.
@MainActor
final class ManualTableController: NSObject, UITableViewDataSource {
  let tableView: UITableView
  var shown = ListSnapshot<Mate>()

  init(tableView: UITableView) { self.tableView = tableView }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    shown.numberOfItems(inSection: section)
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
  }

  func show(_ changeset: StagedChangeset<FlatSection, Mate>) {
    let indexPath = { (p: ItemPosition) in IndexPath(row: p.item, section: p.section) }
    for stage in changeset.stages {
      tableView.performBatchUpdates { [self] in
        shown = stage.snapshot  // what the data source reads
        tableView.deleteSections(IndexSet(stage.sectionDeletes), with: .fade)
        tableView.insertSections(IndexSet(stage.sectionInserts), with: .fade)
        for move in stage.sectionMoves { tableView.moveSection(move.from, toSection: move.to) }
        tableView.deleteRows(at: stage.itemDeletes.map(indexPath), with: .fade)
        tableView.insertRows(at: stage.itemInserts.map(indexPath), with: .fade)
        for move in stage.itemMoves {
          tableView.moveRow(at: indexPath(move.from), to: indexPath(move.to))
        }
        tableView.reconfigureRows(at: stage.itemReconfigures.map(indexPath))
        tableView.reloadSections(IndexSet(stage.sectionReconfigures), with: .fade)
      }
    }
  }
}

#if canImport(SwiftUI) && os(iOS)
  import SwiftUI

  extension MatesScreen {
    // README "Modern lists": SwiftUI cells (iOS 16), compiled against Apple's SDK only.
    func bindSwiftUICells() {
      let binding = collectionView.bind(to: .publisher(viewModel.$mates)) {
        collectionView, indexPath, mate in
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "mate", for: indexPath)
        cell.contentConfiguration = UIHostingConfiguration {
          HStack {
            Text(mate.name)
            Spacer()
            Text(mate.status).foregroundStyle(.secondary)
          }
        }
        return cell
      }
      binding.store(in: &cancellables)
    }
  }
#endif

#if canImport(UIKit) && os(iOS)
  extension MatesScreen {
    // README "Around the rows": iOS 17's own empty and loading views, compiled against Apple's
    // SDK only (HeadlessUIKit has no content-unavailable views).
    @available(iOS 17.0, *)
    func bindWithContentUnavailableViews() {
      tableView.bind(to: .publisher(viewModel.$mates)) { tableView, indexPath, mate in
        let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
        cell.textLabel?.text = mate.name
        return cell
      }
      .emptyState(loading: viewModel.$isLoading) { state in
        var configuration = UIContentUnavailableConfiguration.empty()
        switch state {
        case .loading: configuration = .loading()
        case .empty: configuration.text = "No mates yet"
        case .failed(let error):
          configuration.text = "Couldn't load your mates"
          configuration.secondaryText = error.localizedDescription
        }
        return UIContentUnavailableView(configuration: configuration)
      }
      .store(in: &cancellables)
    }
  }
#endif

// A search screen's view model as apps write it with Combine — a use case that returns
// `AnyPublisher`s made of `Deferred`, `Just` and `Fail`, and a query debounced, de-duplicated,
// mapped and received on a scheduler — with nothing changed for HeadlessUIKit but the imports.
// SearchScreenTests drives it on Linux; .ci/ios-check compiles this same file against Apple's
// iPhoneOS SDK, so HeadlessUIKit's Combine names keep Combine's signatures.
import BinderyUIKit
import Foundation

#if canImport(Combine)
  import Combine
  import UIKit
#else
  import HeadlessUIKit
#endif

struct SearchOffline: Error {}

/// Where avatars come from: a use case that returns a publisher.
protocol AvatarUseCase: Sendable {
  func avatar(_ id: Int) -> AnyPublisher<Data, any Error>
}

/// Avatars from a cache: a failure for an unknown id.
struct CachedAvatars: AvatarUseCase {
  func avatar(_ id: Int) -> AnyPublisher<Data, any Error> {
    guard id > 0 else { return Fail(error: SearchOffline()).eraseToAnyPublisher() }
    return Deferred { Just(Data([UInt8(id % 256)])) }
      .setFailureType(to: (any Error).self)
      .eraseToAnyPublisher()
  }
}

/// A search field's model: the names matching the query, a moment after the user stops
/// typing, and the first avatar, with a placeholder when it fails.
@MainActor final class SearchModel<S: Scheduler>: ObservableObject {
  @Published var query = ""
  @Published private(set) var matches: [String] = []
  @Published private(set) var avatar: Data?
  private var cancellables = Set<AnyCancellable>()

  init(names: [String], avatars: any AvatarUseCase, scheduler: S) {
    $query
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .removeDuplicates()
      .map { query in query.isEmpty ? [] : names.filter { $0.hasPrefix(query) } }
      .receive(on: scheduler)
      .sink { [weak self] in self?.matches = $0 }
      .store(in: &cancellables)
  }

  /// Shows the avatar of `id`, or an empty placeholder when it cannot be had.
  func showAvatar(of id: Int, from avatars: any AvatarUseCase) {
    Just(id)
      .compactMap { $0 >= 0 ? $0 : nil }
      .setFailureType(to: (any Error).self)
      .flatMap { avatars.avatar($0) }
      .catch { _ in Just(Data()).setFailureType(to: (any Error).self) }
      .replaceError(with: Data())
      .sink { [weak self] in self?.avatar = $0 }
      .store(in: &cancellables)
  }

  /// The first avatar, read as an async sequence (a use case's publisher in a `for` loop).
  func firstAvatar(from avatars: any AvatarUseCase, id: Int) async throws -> Data? {
    for try await data in avatars.avatar(id).values { return data }
    return nil
  }
}

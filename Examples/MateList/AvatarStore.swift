import BinderyHTTP
import BinderyUIKit
import UIKit

/// The app's one avatar store, shared by every screen: keyed by the mate's identity, loaded
/// over HTTP, decoded off the main actor, kept within 64 MB.
enum AvatarStore {
  typealias Store = ContentStore<Mate.ID, UIImage>

  /// Where each mate's avatar lives; filled as lists arrive.
  static let addresses = AvatarAddresses()

  @MainActor
  static func make() -> Store {
    let configuration = Store.Configuration(
      costLimit: 64 << 20,
      cost: { image in Int(image.size.width * image.size.height * image.scale * image.scale * 4) },
      countLimit: 500, timeout: .seconds(20))
    return Store(
      configuration: configuration, url: { id in addresses.url(for: id) },
      decode: { data in
        guard let image = UIImage(data: data) else { throw URLError(.cannotDecodeContentData) }
        return image.preparingThumbnail(of: CGSize(width: 80, height: 80)) ?? image
      })
  }
}

/// The avatar URL of each mate, readable from the loader's threads.
final class AvatarAddresses: @unchecked Sendable {
  private let lock = NSLock()
  private var urls: [Mate.ID: URL] = [:]

  func remember(_ mates: [Mate]) {
    lock.withLock {
      for mate in mates { urls[mate.id] = mate.avatarURL }
    }
  }

  func url(for id: Mate.ID) -> URL? { lock.withLock { urls[id] } }
}

// The app around the mistakes in `Tests/Diagnostics`: its items, its view model and a cell.
// Each snippet is compiled with this file, as one more file of the same app.
import Bindery
import BinderyUIKit
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif
#if canImport(Combine)
  import Combine
#endif

struct Mate: Identifiable, Equatable, Sendable {
  let id: Int
  var name: String
}

/// A photo of the seed's feed, its content keyed by a URL.
struct Photo: Identifiable, Equatable, Sendable {
  let id: Int
  var photoURL: URL
}

/// A mate as an app might first write one: not `Equatable`.
struct PlainMate: Identifiable, Sendable {
  let id: Int
  var name: String
}

@MainActor final class MatesViewModel {
  @Published var mates: [Mate] = []
  @Published var plainMates: [PlainMate] = []
  @Published var photos: [Photo] = []
}

final class MateCell: UICollectionViewCell {
  var name: String?
}

import Foundation

/// Reconfigures (UIKit rules §2): each must name a row that exists and that the batch leaves
/// in place.
extension BatchUpdateValidator.Check {
  func checkReconfigures() throws(UpdateViolation) {
    guard !reconfiguresAsked.isEmpty else { return }
    let changed = SmallSet(deletesAsked + reloadsAsked + movesAsked.map(\.from))
    for path in reconfiguresAsked {
      try requireOld(path)
      if changed.contains(path) || update.sectionDeletes.contains(path.section)
        || update.sectionReloads.contains(path.section)
      {
        throw UIKitMessages.reconfigureOfChangedPath(path)
      }
    }
  }

  /// A reconfigure names a row before the batch, and UIKit asks for its cell there.
  func requireOld(_ path: ItemSlot) throws(UpdateViolation) {
    guard oldCounts.indices.contains(path.section),
      (0..<oldCounts[path.section]).contains(path.item)
    else {
      throw UIKitMessages.reconfigureOfMissingPath(path, kind: validator.kind)
    }
  }
}

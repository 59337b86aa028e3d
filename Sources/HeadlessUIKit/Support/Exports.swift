// `import UIKit` brings Foundation with it; `import HeadlessUIKit` does too, so that a file
// written for UIKit (its `Date`, `URL`, `NSCoder`, `IndexPath`) compiles with only its import
// changed.
@_exported import Foundation

// MateList: a small UIKit app bound with Bindery, as an iOS engineer would write it.
//
// Four tabs, and three more on iOS 17: the mates from an @Observable model, a SwiftUI chat
// (BinderySwiftUI's BoundList) among them, and the same chat in UIKit (opened at its unread
// messages, a reply streamed on demand, its place kept between launches). The first four: Three over one feed of mates: a table (sections by team, avatars, pull to refresh,
// selection, swipe to delete), a grid (avatars, section headers) and an outline of teams. The
// table and the grid share one avatar store, loaded over HTTP with BinderyHTTP and prefetched
// ahead of the scroll. The fourth is a feed of posts of every height: new posts on top while
// reading, older ones loaded at the end.
// The grid and the teams outline use Apple's modern list API: cell registrations, content
// configurations, compositional and list layouts, swipe actions and outline disclosure.
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    configuration.delegateClass = SceneDelegate.self
    return configuration
  }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let scene = scene as? UIWindowScene else { return }
    let viewModel = MatesViewModel(feed: MateFeed())
    let avatars = AvatarStore.make()
    let list = UINavigationController(
      rootViewController: MateListViewController(viewModel: viewModel, avatars: avatars))
    list.tabBarItem = UITabBarItem(
      title: "Mates", image: UIImage(systemName: "list.bullet"), tag: 0)
    let grid = UINavigationController(
      rootViewController: MateGridViewController(viewModel: viewModel, avatars: avatars))
    grid.tabBarItem = UITabBarItem(
      title: "Grid", image: UIImage(systemName: "square.grid.3x3"), tag: 1)
    let teams = UINavigationController(
      rootViewController: TeamOutlineViewController(viewModel: viewModel))
    teams.tabBarItem = UITabBarItem(title: "Teams", image: UIImage(systemName: "person.3"), tag: 3)
    let feed = UINavigationController(
      rootViewController: PostFeedViewController(viewModel: PostFeedViewModel()))
    feed.tabBarItem = UITabBarItem(title: "Feed", image: UIImage(systemName: "text.bubble"), tag: 2)
    let tabs = UITabBarController()
    tabs.viewControllers = [list, grid, teams, feed]
    if #available(iOS 17, *) {
      // The same mates, from an @Observable model rather than @Published.
      let model = ObservableMatesModel(feed: MateFeed())
      let observed = UINavigationController(
        rootViewController: ObservedMatesViewController(model: model, avatars: avatars))
      observed.tabBarItem = UITabBarItem(
        title: "Observed", image: UIImage(systemName: "eye"), tag: 4)
      tabs.viewControllers?.append(observed)
      model.start()
      // A SwiftUI chat among the mates, on Bindery's engine, with their avatars.
      Task { @MainActor in
        let mates = await MateFeed().snapshot()
        AvatarStore.addresses.remember(mates)
        let chat = UINavigationController(
          rootViewController: ChatViewController(
            model: ChatModel(authors: mates.map(\.id)), photos: avatars))
        chat.tabBarItem = UITabBarItem(
          title: "Chat", image: UIImage(systemName: "bubble.left.and.bubble.right"), tag: 5)
        tabs.viewControllers?.append(chat)
        // The same chat in UIKit: opened at its unread messages, a reply streamed on demand,
        // the reader's place kept between launches.
        let uikitChat = UINavigationController(
          rootViewController: UIKitChatViewController(
            model: ChatModel(authors: mates.map(\.id), unread: 12), photos: avatars))
        uikitChat.tabBarItem = UITabBarItem(
          title: "Chat (UIKit)", image: UIImage(systemName: "bubble.left"), tag: 6)
        tabs.viewControllers?.append(uikitChat)
      }
    }
    let window = UIWindow(windowScene: scene)
    window.rootViewController = tabs
    window.makeKeyAndVisible()
    self.window = window
    viewModel.start()
  }
}

// Sheets, alerts and confirmation dialogs.

/// SwiftUI.Visibility
public enum Visibility: Hashable, CaseIterable, Sendable {
  case automatic
  case visible
  case hidden
}

extension View {
  /// SwiftUI.View.sheet(item:onDismiss:content:)
  public func sheet<Item, Content>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View {
    StandInView()
  }

  /// SwiftUI.View.sheet(isPresented:onDismiss:content:)
  public func sheet<Content>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View where Content: View {
    StandInView()
  }

  /// SwiftUI.View.alert(_:isPresented:presenting:actions:message:), with a `Text` title.
  public func alert<A, M, T>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View where A: View, M: View {
    StandInView()
  }

  /// SwiftUI.View.alert(_:isPresented:presenting:actions:message:), with a string title.
  public func alert<S, A, M, T>(
    _ title: S, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View where S: StringProtocol, A: View, M: View {
    StandInView()
  }

  /// SwiftUI.View.confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:),
  /// with a `Text` title.
  public func confirmationDialog<A, M, T>(
    _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View where A: View, M: View {
    StandInView()
  }

  /// SwiftUI.View.confirmationDialog(_:isPresented:titleVisibility:presenting:actions:message:),
  /// with a string title.
  public func confirmationDialog<S, A, M, T>(
    _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View where S: StringProtocol, A: View, M: View {
    StandInView()
  }
}

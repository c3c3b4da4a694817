#if canImport(SwiftUI)
  import SwiftUI

  /// A presented feature's store, as SwiftUI's `sheet(item:)` and `popover(item:)` present it:
  /// identified by the presentation.
  public struct PresentedStore<State, Action>: Identifiable {
    /// The presented feature's store.
    public let store: Store<State, Action>

    /// The same for as long as the presentation lasts, as the store is.
    public var id: ObjectIdentifier { ObjectIdentifier(store) }
  }

  extension Store {
    /// A binding to a presented feature's store, for `sheet(item:)`; clearing it dismisses.
    ///
    /// ```swift
    /// .sheet(item: store.binding(presenting: \.$editor, action: Action.editor)) { presented in
    ///   EditorView(store: presented.store)
    /// }
    /// ```
    ///
    /// When SwiftUI clears the binding (the user swiped the sheet away), it sends
    /// `.dismiss` for the presentation, unless the presentation has already ended.
    ///
    /// - Parameters:
    ///   - state: The path to the presentation state, `\.$editor`.
    ///   - action: The action case that carries presentation actions.
    /// - Returns: A binding to the presented store, nil while nothing is presented.
    public func binding<ChildState, ChildAction>(
      presenting state: KeyPath<State, PresentationState<ChildState>> & Sendable,
      action: @escaping @Sendable (PresentationAction<ChildAction>) -> Action
    ) -> Binding<PresentedStore<ChildState, ChildAction>?> {
      Binding(
        get: { @MainActor in
          self.scope(state: state, action: action).map { PresentedStore(store: $0) }
        },
        set: { @MainActor in
          if $0 == nil { self.scope(state: state, action: action)?.core.dismissPresentation?() }
        })
    }
  }

  extension View {
    /// Presents a sheet while `store` is there, and dismisses the presentation when the user
    /// swipes the sheet away.
    ///
    /// It takes any presented store, a case of an enum destination included:
    ///
    /// ```swift
    /// .sheet(
    ///   store: store.scope(state: \.$destination, action: Action.destination)?
    ///     .scope(state: Destination.State.edit, action: Destination.Action.edit)
    /// ) { edit in
    ///   EditView(store: edit)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - store: The presented feature's store, or nil while it is not presented.
    ///   - onDismiss: Called when the sheet went away.
    ///   - content: Builds the sheet's view from the store.
    /// - Returns: A view that presents the sheet.
    public func sheet<State, Action, Content: View>(
      store: Store<State, Action>?,
      onDismiss: (() -> Void)? = nil,
      @ViewBuilder content: @escaping (Store<State, Action>) -> Content
    ) -> some View {
      sheet(
        item: Binding(
          get: { @MainActor in store.map { PresentedStore(store: $0) } },
          set: { @MainActor in if $0 == nil { store?.core.dismissPresentation?() } }),
        onDismiss: onDismiss, content: { content($0.store) })
    }

    /// Shows an alert while the store of one is presented, and sends its buttons' actions.
    ///
    /// ```swift
    /// .alert(store: store.scope(state: \.$alert, action: Action.alert))
    /// ```
    ///
    /// A button with an action sends it (the presentation reducer then clears the alert);
    /// SwiftUI dismissing the alert otherwise sends `.dismiss`.
    ///
    /// - Parameter store: The presented alert's store, or nil while no alert is presented.
    /// - Returns: A view that presents the alert.
    public func alert<Action>(store: Store<AlertState<Action>, Action>?) -> some View {
      let alert = store?.state
      return self.alert(
        Text(verbatim: alert.map { String(state: $0.title) } ?? ""),
        isPresented: presentationBinding(store), presenting: alert,
        actions: { PresentedButtons(buttons: $0.buttons, store: store) },
        message: { alert in
          if let message = alert.message { Text(verbatim: String(state: message)) }
        })
    }

    /// Shows a confirmation dialog while the store of one is presented, and sends its buttons'
    /// actions.
    ///
    /// ```swift
    /// .confirmationDialog(store: store.scope(state: \.$dialog, action: Action.dialog))
    /// ```
    ///
    /// - Parameter store: The presented dialog's store, or nil while no dialog is presented.
    /// - Returns: A view that presents the dialog.
    public func confirmationDialog<Action>(
      store: Store<ConfirmationDialogState<Action>, Action>?
    ) -> some View {
      let dialog = store?.state
      return confirmationDialog(
        Text(verbatim: dialog.map { String(state: $0.title) } ?? ""),
        isPresented: presentationBinding(store),
        titleVisibility: dialog.map { Visibility($0.titleVisibility) } ?? .automatic,
        presenting: dialog,
        actions: { PresentedButtons(buttons: $0.buttons, store: store) },
        message: { dialog in
          if let message = dialog.message { Text(verbatim: String(state: message)) }
        })
    }
  }

  /// Whether a presented store is there; set to false, it dismisses the presentation.
  @MainActor
  private func presentationBinding<State, Action>(_ store: Store<State, Action>?) -> Binding<Bool> {
    Binding(
      get: { @MainActor in store != nil },
      set: { @MainActor in if !$0 { store?.core.dismissPresentation?() } })
  }

  extension Visibility {
    fileprivate init(_ visibility: ConfirmationDialogStateTitleVisibility) {
      switch visibility {
      case .automatic: self = .automatic
      case .hidden: self = .hidden
      case .visible: self = .visible
      }
    }
  }

  /// The buttons of an alert or dialog; each sends its action through the presented store.
  private struct PresentedButtons<State, Action>: View {
    let buttons: [ButtonState<Action>]
    let store: Store<State, Action>?

    var body: some View {
      ForEach(buttons.indices, id: \.self) { index in
        let button = buttons[index]
        Button(
          role: button.role.map { $0 == .cancel ? ButtonRole.cancel : .destructive },
          action: { if let action = button.action.action { store?.send(action) } },
          label: { Text(verbatim: String(state: button.label)) })
      }
    }
  }
#endif

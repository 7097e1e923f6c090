import Glibc

/// libdbus's functions, looked up with `dlopen`/`dlsym` the first time a bus is wanted.
///
/// Linking libdbus would load it, and the eight libraries it needs (libsystemd, libgcrypt,
/// liblzma, libzstd, …), into every run of the program: about 1.3 MB more resident and
/// 0.6 ms more before `main`, even where accessibility is off or there is no bus at all.
/// Loaded on demand, a run without a session bus never maps it. So this module does not
/// import libdbus's headers (the `CDBus` module, whose pkg-config would link it): pointers
/// to its structs are raw pointers into `MessageIterator` and `BusErrorStorage`, whose
/// layout the tests check against the headers. The names are the C names in lower camel
/// case without `dbus_` (`dbus_message_unref` is `messageUnref`).
struct LibDBus: @unchecked Sendable {
    let messageUnref: @convention(c) (OpaquePointer?) -> Void
    let messageNewMethodCall:
        @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafePointer<CChar>?
        ) -> OpaquePointer?
    let messageNewSignal:
        @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) ->
            OpaquePointer?
    let messageNewMethodReturn: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let messageNewError:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) ->
            OpaquePointer?
    let messageGetType: @convention(c) (OpaquePointer?) -> Int32
    let messageGetPath: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let messageGetInterface: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let messageGetMember: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let messageGetSender: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let messageGetErrorName: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let messageGetReplySerial: @convention(c) (OpaquePointer?) -> UInt32
    let messageGetNoReply: @convention(c) (OpaquePointer?) -> UInt32
    let messageIterInitAppend: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
    let messageIterAppendBasic:
        @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?) -> UInt32
    let messageIterOpenContainer:
        @convention(c) (
            UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?
        ) -> UInt32
    let messageIterCloseContainer:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> UInt32
    let messageIterInit: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> UInt32
    let messageIterGetArgType: @convention(c) (UnsafeMutableRawPointer?) -> Int32
    let messageIterNext: @convention(c) (UnsafeMutableRawPointer?) -> UInt32
    let messageIterGetBasic:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    let messageIterRecurse:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    let messageIterGetSignature:
        @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CChar>?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let errorInit: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let errorFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let connectionOpenPrivate:
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> OpaquePointer?
    let connectionSetExitOnDisconnect: @convention(c) (OpaquePointer?, UInt32) -> Void
    let busRegister: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> UInt32
    let connectionClose: @convention(c) (OpaquePointer?) -> Void
    let connectionUnref: @convention(c) (OpaquePointer?) -> Void
    let busGetUniqueName: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let connectionGetUnixFd: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UInt32
    let connectionGetIsConnected: @convention(c) (OpaquePointer?) -> UInt32
    let connectionSend:
        @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UInt32
    let connectionFlush: @convention(c) (OpaquePointer?) -> Void
    let connectionHasMessagesToSend: @convention(c) (OpaquePointer?) -> UInt32
    let connectionGetOutgoingSize: @convention(c) (OpaquePointer?) -> Int
    let connectionGetDispatchStatus: @convention(c) (OpaquePointer?) -> Int32
    let connectionSendWithReplyAndBlock:
        @convention(c) (OpaquePointer?, OpaquePointer?, Int32, UnsafeMutableRawPointer?) ->
            OpaquePointer?
    let connectionReadWrite: @convention(c) (OpaquePointer?, Int32) -> UInt32
    let connectionPopMessage: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let busAddMatch:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

    /// The library, loaded once; nil (after saying why in `loadError`) when it cannot be.
    static let shared: LibDBus? = load()
    /// Why `shared` is nil.
    nonisolated(unsafe) private(set) static var loadError = ""

    private static func load() -> LibDBus? {
        guard let handle = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL) else {
            loadError = dlerror().map { String(cString: $0) } ?? "libdbus-1.so.3 not found"
            return nil
        }
        var missing: [String] = []
        func symbol<T>(_ name: String) -> T {
            guard let address = dlsym(handle, name) else {
                missing.append(name)
                return unsafeBitCast(Self.unresolved, to: T.self)
            }
            return unsafeBitCast(address, to: T.self)
        }
        let library = LibDBus(
            messageUnref: symbol("dbus_message_unref"),
            messageNewMethodCall: symbol("dbus_message_new_method_call"),
            messageNewSignal: symbol("dbus_message_new_signal"),
            messageNewMethodReturn: symbol("dbus_message_new_method_return"),
            messageNewError: symbol("dbus_message_new_error"),
            messageGetType: symbol("dbus_message_get_type"),
            messageGetPath: symbol("dbus_message_get_path"),
            messageGetInterface: symbol("dbus_message_get_interface"),
            messageGetMember: symbol("dbus_message_get_member"),
            messageGetSender: symbol("dbus_message_get_sender"),
            messageGetErrorName: symbol("dbus_message_get_error_name"),
            messageGetReplySerial: symbol("dbus_message_get_reply_serial"),
            messageGetNoReply: symbol("dbus_message_get_no_reply"),
            messageIterInitAppend: symbol("dbus_message_iter_init_append"),
            messageIterAppendBasic: symbol("dbus_message_iter_append_basic"),
            messageIterOpenContainer: symbol("dbus_message_iter_open_container"),
            messageIterCloseContainer: symbol("dbus_message_iter_close_container"),
            messageIterInit: symbol("dbus_message_iter_init"),
            messageIterGetArgType: symbol("dbus_message_iter_get_arg_type"),
            messageIterNext: symbol("dbus_message_iter_next"),
            messageIterGetBasic: symbol("dbus_message_iter_get_basic"),
            messageIterRecurse: symbol("dbus_message_iter_recurse"),
            messageIterGetSignature: symbol("dbus_message_iter_get_signature"),
            free: symbol("dbus_free"),
            errorInit: symbol("dbus_error_init"),
            errorFree: symbol("dbus_error_free"),
            connectionOpenPrivate: symbol("dbus_connection_open_private"),
            connectionSetExitOnDisconnect: symbol("dbus_connection_set_exit_on_disconnect"),
            busRegister: symbol("dbus_bus_register"),
            connectionClose: symbol("dbus_connection_close"),
            connectionUnref: symbol("dbus_connection_unref"),
            busGetUniqueName: symbol("dbus_bus_get_unique_name"),
            connectionGetUnixFd: symbol("dbus_connection_get_unix_fd"),
            connectionGetIsConnected: symbol("dbus_connection_get_is_connected"),
            connectionSend: symbol("dbus_connection_send"),
            connectionFlush: symbol("dbus_connection_flush"),
            connectionHasMessagesToSend: symbol("dbus_connection_has_messages_to_send"),
            connectionGetOutgoingSize: symbol("dbus_connection_get_outgoing_size"),
            connectionGetDispatchStatus: symbol("dbus_connection_get_dispatch_status"),
            connectionSendWithReplyAndBlock: symbol("dbus_connection_send_with_reply_and_block"),
            connectionReadWrite: symbol("dbus_connection_read_write"),
            connectionPopMessage: symbol("dbus_connection_pop_message"),
            busAddMatch: symbol("dbus_bus_add_match"))
        guard missing.isEmpty else {
            loadError = "libdbus-1.so.3 lacks \(missing.joined(separator: ", "))"
            return nil
        }
        return library
    }

    /// `DBUS_MESSAGE_TYPE_*`.
    static let methodCallType: Int32 = 1
    static let methodReturnType: Int32 = 2
    static let errorType: Int32 = 3
    static let signalType: Int32 = 4
    /// `DBUS_DISPATCH_DATA_REMAINS`.
    static let dataRemainsStatus: Int32 = 0

    /// Stands in for a symbol the library lacks; never called (`load` then returns nil).
    private static let unresolved: @convention(c) () -> Void = {}
}

/// Room for one libdbus `DBusMessageIter`: the public struct is 72 bytes, 8-aligned, on
/// 64-bit Linux (checked against dbus/dbus-message.h by the tests); this is a little more.
struct MessageIterator {
    var storage:
        (
            UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
            UInt64
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}

/// libdbus's `DBusError`, as laid out in dbus/dbus-errors.h (checked by the tests): the
/// name and message pointers, a word of flag bits, a padding pointer. Zeroed, it is what
/// `dbus_error_init` makes.
struct BusErrorStorage {
    var name: UnsafePointer<CChar>? = nil
    var message: UnsafePointer<CChar>? = nil
    var flags: UInt64 = 0
    var padding: UnsafeMutableRawPointer? = nil
}

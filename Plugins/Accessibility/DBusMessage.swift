internal import CDBus

/// One libdbus message, owned: unreferenced (`dbus_message_unref`) in `deinit`.
final class DBusMessage {
    let pointer: OpaquePointer

    /// Takes over a message reference libdbus handed out (no extra reference is taken).
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { dbus_message_unref(pointer) }

    /// A method call `interface.member` on `path` at `destination`.
    static func methodCall(
        destination: String, path: String, interface: String, member: String,
        arguments: [DBusValue] = []
    ) -> DBusMessage? {
        guard let raw = dbus_message_new_method_call(destination, path, interface, member) else {
            return nil
        }
        let message = DBusMessage(adopting: raw)
        message.append(arguments)
        return message
    }

    /// A signal `interface.member` from `path`.
    static func signal(path: String, interface: String, member: String, arguments: [DBusValue])
        -> DBusMessage?
    {
        guard let raw = dbus_message_new_signal(path, interface, member) else { return nil }
        let message = DBusMessage(adopting: raw)
        message.append(arguments)
        return message
    }

    /// The reply to this method call, carrying `arguments`.
    func reply(_ arguments: [DBusValue]) -> DBusMessage? {
        guard let raw = dbus_message_new_method_return(pointer) else { return nil }
        let message = DBusMessage(adopting: raw)
        message.append(arguments)
        return message
    }

    /// An error reply `name` to this method call.
    func errorReply(name: String, text: String) -> DBusMessage? {
        dbus_message_new_error(pointer, name, text).map(DBusMessage.init(adopting:))
    }

    /// `DBUS_MESSAGE_TYPE_*` of the message.
    var type: Int32 { dbus_message_get_type(pointer) }
    var isMethodCall: Bool { type == DBUS_MESSAGE_TYPE_METHOD_CALL }
    var isSignal: Bool { type == DBUS_MESSAGE_TYPE_SIGNAL }
    var isError: Bool { type == DBUS_MESSAGE_TYPE_ERROR }
    var path: String { dbus_message_get_path(pointer).map { String(cString: $0) } ?? "" }
    var interface: String {
        dbus_message_get_interface(pointer).map { String(cString: $0) } ?? ""
    }
    var member: String { dbus_message_get_member(pointer).map { String(cString: $0) } ?? "" }
    var sender: String { dbus_message_get_sender(pointer).map { String(cString: $0) } ?? "" }
    var errorName: String {
        dbus_message_get_error_name(pointer).map { String(cString: $0) } ?? ""
    }
    /// The serial of the call this message answers (0 for other messages).
    var replySerial: UInt32 { dbus_message_get_reply_serial(pointer) }
    /// Whether the caller wants no reply (a reply would be dropped by the bus anyway).
    var expectsReply: Bool { dbus_message_get_no_reply(pointer) == 0 }

    // MARK: Writing

    private func append(_ arguments: [DBusValue]) {
        guard !arguments.isEmpty else { return }
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(pointer, &iterator)
        for argument in arguments { Self.append(argument, to: &iterator) }
    }

    private static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) {
        switch value {
        case .bool(let flag):
            var word: dbus_bool_t = flag ? 1 : 0
            dbus_message_iter_append_basic(&iterator, DBusType.boolean, &word)
        case .int16(var number): dbus_message_iter_append_basic(&iterator, DBusType.int16, &number)
        case .int32(var number): dbus_message_iter_append_basic(&iterator, DBusType.int32, &number)
        case .uint32(var number):
            dbus_message_iter_append_basic(&iterator, DBusType.uint32, &number)
        case .double(var number):
            dbus_message_iter_append_basic(&iterator, DBusType.double, &number)
        case .string(let text): appendString(text, type: DBusType.string, to: &iterator)
        case .objectPath(let path): appendString(path, type: DBusType.objectPath, to: &iterator)
        case .array(let element, let items):
            container(DBusType.array, element, &iterator) { inner in
                for item in items { append(item, to: &inner) }
            }
        case .dictionary(let key, let valueType, let entries):
            container(DBusType.array, "{" + key + valueType + "}", &iterator) { inner in
                for (entryKey, entryValue) in entries {
                    container(DBusType.dictEntry, nil, &inner) { entry in
                        append(entryKey, to: &entry)
                        append(entryValue, to: &entry)
                    }
                }
            }
        case .structure(let fields):
            container(DBusType.structure, nil, &iterator) { inner in
                for field in fields { append(field, to: &inner) }
            }
        case .variant(let inner):
            container(DBusType.variant, inner.signature, &iterator) { append(inner, to: &$0) }
        }
    }

    private static func appendString(
        _ text: String, type: Int32, to iterator: inout DBusMessageIter
    ) {
        // libdbus rejects (and, built with checks, aborts on) invalid UTF-8 or NUL bytes:
        // Swift strings are valid UTF-8; a NUL is cut off by `withCString`.
        text.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            _ = dbus_message_iter_append_basic(&iterator, type, &pointer)
        }
    }

    private static func container(
        _ type: Int32, _ signature: String?, _ iterator: inout DBusMessageIter,
        _ body: (inout DBusMessageIter) -> Void
    ) {
        var inner = DBusMessageIter()
        if let signature {
            _ = signature.withCString {
                dbus_message_iter_open_container(&iterator, type, $0, &inner)
            }
        } else {
            dbus_message_iter_open_container(&iterator, type, nil, &inner)
        }
        body(&inner)
        dbus_message_iter_close_container(&iterator, &inner)
    }

    // MARK: Reading

    /// The message's arguments, in order.
    var arguments: [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(pointer, &iterator) != 0 else { return [] }
        return Self.readAll(&iterator)
    }

    private static func readAll(_ iterator: inout DBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != DBusType.invalid {
            if let value = read(&iterator) { values.append(value) }
            dbus_message_iter_next(&iterator)
        }
        return values
    }

    private static func read(_ iterator: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case DBusType.boolean:
            var word: dbus_bool_t = 0
            dbus_message_iter_get_basic(&iterator, &word)
            return .bool(word != 0)
        case DBusType.int16:
            var number: Int16 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .int16(number)
        case DBusType.int32:
            var number: Int32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .int32(number)
        case DBusType.uint32:
            var number: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .uint32(number)
        case DBusType.double:
            var number = 0.0
            dbus_message_iter_get_basic(&iterator, &number)
            return .double(number)
        case DBusType.string, DBusType.objectPath:
            var characters: UnsafePointer<CChar>? = nil
            dbus_message_iter_get_basic(&iterator, &characters)
            let text = characters.map { String(cString: $0) } ?? ""
            return type == DBusType.string ? .string(text) : .objectPath(text)
        case DBusType.variant:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return read(&inner).map(DBusValue.variant)
        case DBusType.structure, DBusType.dictEntry:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return .structure(readAll(&inner))
        case DBusType.array:
            let element =
                dbus_message_iter_get_signature(&iterator).map { signature in
                    defer { dbus_free(signature) }
                    return String(String(cString: signature).dropFirst())
                } ?? ""
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            let items = readAll(&inner)
            if element.hasPrefix("{") {
                let pairs = items.compactMap { item -> (DBusValue, DBusValue)? in
                    guard case .structure(let fields) = item, fields.count == 2 else { return nil }
                    return (fields[0], fields[1])
                }
                let key = String(element.dropFirst().prefix(1))
                let value = String(element.dropFirst(2).dropLast())
                return .dictionary(key: key, value: value, pairs)
            }
            return .array(element: element, items)
        default:
            return nil
        }
    }
}

/// The D-Bus type codes (`DBUS_TYPE_*`, which are C casts Swift does not import).
enum DBusType {
    static let invalid: Int32 = 0
    static let boolean = code("b")
    static let int16 = code("n")
    static let int32 = code("i")
    static let uint32 = code("u")
    static let double = code("d")
    static let string = code("s")
    static let objectPath = code("o")
    static let array = code("a")
    static let variant = code("v")
    static let structure = code("r")
    static let dictEntry = code("e")

    private static func code(_ letter: Unicode.Scalar) -> Int32 { Int32(letter.value) }
}

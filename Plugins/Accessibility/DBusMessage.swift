/// One libdbus message, owned: unreferenced (`dbus_message_unref`) in `deinit`.
final class DBusMessage {
    let pointer: OpaquePointer
    let lib: LibDBus

    /// Takes over a message reference libdbus handed out (no extra reference is taken).
    init(adopting pointer: OpaquePointer, lib: LibDBus) {
        self.pointer = pointer
        self.lib = lib
    }

    deinit { lib.messageUnref(pointer) }

    /// A method call `interface.member` on `path` at `destination`.
    static func methodCall(
        destination: String, path: String, interface: String, member: String,
        arguments: [DBusValue] = []
    ) -> DBusMessage? {
        guard let lib = LibDBus.shared,
            let raw = lib.messageNewMethodCall(destination, path, interface, member)
        else { return nil }
        let message = DBusMessage(adopting: raw, lib: lib)
        message.append(arguments)
        return message
    }

    /// A signal `interface.member` from `path`.
    static func signal(path: String, interface: String, member: String, arguments: [DBusValue])
        -> DBusMessage?
    {
        guard let lib = LibDBus.shared, let raw = lib.messageNewSignal(path, interface, member)
        else { return nil }
        let message = DBusMessage(adopting: raw, lib: lib)
        message.append(arguments)
        return message
    }

    /// The reply to this method call, carrying `arguments`.
    func reply(_ arguments: [DBusValue]) -> DBusMessage? {
        guard let raw = lib.messageNewMethodReturn(pointer) else { return nil }
        let message = DBusMessage(adopting: raw, lib: lib)
        message.append(arguments)
        return message
    }

    /// An error reply `name` to this method call.
    func errorReply(name: String, text: String) -> DBusMessage? {
        lib.messageNewError(pointer, name, text).map { DBusMessage(adopting: $0, lib: lib) }
    }

    /// `DBUS_MESSAGE_TYPE_*` of the message.
    var type: Int32 { lib.messageGetType(pointer) }
    var isMethodCall: Bool { type == LibDBus.methodCallType }
    var isSignal: Bool { type == LibDBus.signalType }
    var isError: Bool { type == LibDBus.errorType }
    var path: String { lib.messageGetPath(pointer).map { String(cString: $0) } ?? "" }
    var interface: String {
        lib.messageGetInterface(pointer).map { String(cString: $0) } ?? ""
    }
    var member: String { lib.messageGetMember(pointer).map { String(cString: $0) } ?? "" }
    var sender: String { lib.messageGetSender(pointer).map { String(cString: $0) } ?? "" }
    var errorName: String {
        lib.messageGetErrorName(pointer).map { String(cString: $0) } ?? ""
    }
    /// The serial of the call this message answers (0 for other messages).
    var replySerial: UInt32 { lib.messageGetReplySerial(pointer) }
    /// Whether the caller wants no reply (a reply would be dropped by the bus anyway).
    var expectsReply: Bool { lib.messageGetNoReply(pointer) == 0 }

    // MARK: Writing

    private func append(_ arguments: [DBusValue]) {
        guard !arguments.isEmpty else { return }
        var iterator = MessageIterator()
        lib.messageIterInitAppend(pointer, &iterator)
        for argument in arguments { append(argument, to: &iterator) }
    }

    // The appends and containers return FALSE only when libdbus is out of memory; like
    // libdbus's own callers, the message is sent as it is then (their results are dropped
    // with `_ =`, so a dependent's build has no unused-result warnings).
    private func append(_ value: DBusValue, to iterator: inout MessageIterator) {
        switch value {
        case .bool(let flag):
            var word: UInt32 = flag ? 1 : 0
            _ = lib.messageIterAppendBasic(&iterator, DBusType.boolean, &word)
        case .int16(var number): _ = lib.messageIterAppendBasic(&iterator, DBusType.int16, &number)
        case .int32(var number): _ = lib.messageIterAppendBasic(&iterator, DBusType.int32, &number)
        case .uint32(var number):
            _ = lib.messageIterAppendBasic(&iterator, DBusType.uint32, &number)
        case .double(var number):
            _ = lib.messageIterAppendBasic(&iterator, DBusType.double, &number)
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

    private func appendString(
        _ text: String, type: Int32, to iterator: inout MessageIterator
    ) {
        // libdbus rejects (and, built with checks, aborts on) invalid UTF-8 or NUL bytes:
        // Swift strings are valid UTF-8; a NUL is cut off by `withCString`.
        text.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            _ = lib.messageIterAppendBasic(&iterator, type, &pointer)
        }
    }

    private func container(
        _ type: Int32, _ signature: String?, _ iterator: inout MessageIterator,
        _ body: (inout MessageIterator) -> Void
    ) {
        var inner = MessageIterator()
        if let signature {
            _ = signature.withCString {
                lib.messageIterOpenContainer(&iterator, type, $0, &inner)
            }
        } else {
            _ = lib.messageIterOpenContainer(&iterator, type, nil, &inner)
        }
        body(&inner)
        _ = lib.messageIterCloseContainer(&iterator, &inner)
    }

    // MARK: Reading

    /// The message's arguments, in order.
    var arguments: [DBusValue] {
        var iterator = MessageIterator()
        guard lib.messageIterInit(pointer, &iterator) != 0 else { return [] }
        return readAll(&iterator)
    }

    private func readAll(_ iterator: inout MessageIterator) -> [DBusValue] {
        var values: [DBusValue] = []
        while lib.messageIterGetArgType(&iterator) != DBusType.invalid {
            if let value = read(&iterator) { values.append(value) }
            _ = lib.messageIterNext(&iterator)
        }
        return values
    }

    private func read(_ iterator: inout MessageIterator) -> DBusValue? {
        let type = lib.messageIterGetArgType(&iterator)
        switch type {
        case DBusType.boolean:
            var word: UInt32 = 0
            lib.messageIterGetBasic(&iterator, &word)
            return .bool(word != 0)
        case DBusType.int16:
            var number: Int16 = 0
            lib.messageIterGetBasic(&iterator, &number)
            return .int16(number)
        case DBusType.int32:
            var number: Int32 = 0
            lib.messageIterGetBasic(&iterator, &number)
            return .int32(number)
        case DBusType.uint32:
            var number: UInt32 = 0
            lib.messageIterGetBasic(&iterator, &number)
            return .uint32(number)
        case DBusType.double:
            var number = 0.0
            lib.messageIterGetBasic(&iterator, &number)
            return .double(number)
        case DBusType.string, DBusType.objectPath:
            var characters: UnsafePointer<CChar>? = nil
            lib.messageIterGetBasic(&iterator, &characters)
            let text = characters.map { String(cString: $0) } ?? ""
            return type == DBusType.string ? .string(text) : .objectPath(text)
        case DBusType.variant:
            var inner = MessageIterator()
            lib.messageIterRecurse(&iterator, &inner)
            return read(&inner).map(DBusValue.variant)
        case DBusType.structure, DBusType.dictEntry:
            var inner = MessageIterator()
            lib.messageIterRecurse(&iterator, &inner)
            return .structure(readAll(&inner))
        case DBusType.array:
            let element =
                lib.messageIterGetSignature(&iterator).map { signature in
                    defer { lib.free(signature) }
                    return String(String(cString: signature).dropFirst())
                } ?? ""
            var inner = MessageIterator()
            lib.messageIterRecurse(&iterator, &inner)
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

/// The D-Bus type codes (`DBUS_TYPE_*`).
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

internal import CProj

/// One PROJ context (`PJ_CONTEXT *`), owned and destroyed here, with a logging callback that
/// captures PROJ's messages so that a failure can say what PROJ said.
///
/// Not `Sendable`: PROJ allows a context (and every object made with it) to be used by one
/// thread at a time only. ``CRSTransformer`` keeps its context inside an actor.
final class ProjContext {
    /// What PROJ logged during the current call.
    private final class Log {
        var messages: [String] = []
    }

    private let handle: OpaquePointer
    private let log = Log()

    /// Creates a context; `searchPaths`, when given, replaces where PROJ looks for `proj.db`
    /// and grids (otherwise `PROJ_DATA`, then the installed default). The corresponding C
    /// functions are `proj_context_create`, `proj_log_func` and `proj_context_set_search_paths`.
    init(searchPaths: [String]?) throws(ProjectionError) {
        guard let handle = proj_context_create() else { throw .contextUnavailable }
        self.handle = handle
        proj_log_func(handle, Unmanaged.passUnretained(log).toOpaque()) { data, _, message in
            guard let data, let message else { return }
            Unmanaged<Log>.fromOpaque(data).takeUnretainedValue().messages.append(String(cString: message))
        }
        if let searchPaths {
            Self.withCStrings(searchPaths) { pointers in
                proj_context_set_search_paths(handle, Int32(clamping: pointers.count), pointers.baseAddress)
            }
        }
    }

    deinit {
        proj_context_destroy(handle)
    }

    /// Parses a CRS definition (`EPSG:2180`, a PROJ string, WKT, PROJJSON).
    /// The corresponding C functions are `proj_create` and `proj_is_crs`.
    func crs(_ definition: String) throws(ProjectionError) -> ProjObject {
        let object = call { proj_create(handle, definition) }
        guard let pointer = object.result else {
            throw classify(object.messages, otherwise: .unknownCRS(definition, message: object.messages))
        }
        let crs = ProjObject(pointer, context: self)
        guard proj_is_crs(pointer) != 0 else {
            throw .unknownCRS(definition, message: "not a coordinate reference system")
        }
        return crs
    }

    /// The operation from `source` to `target`, with axes in longitude/latitude and
    /// easting/northing order. The corresponding C functions are
    /// `proj_create_crs_to_crs_from_pj` and `proj_normalize_for_visualization`.
    func operation(from source: ProjObject, to target: ProjObject, names: (String, String)) throws(ProjectionError)
        -> ProjObject
    {
        let created = call { proj_create_crs_to_crs_from_pj(handle, source.pointer, target.pointer, nil, nil) }
        guard let raw = created.result else {
            throw classify(
                created.messages, otherwise: .noTransformation(from: names.0, to: names.1, message: created.messages))
        }
        let operation = ProjObject(raw, context: self)
        let normalized = call { proj_normalize_for_visualization(handle, operation.pointer) }
        guard let pointer = normalized.result else {
            throw classify(
                normalized.messages,
                otherwise: .noTransformation(from: names.0, to: names.1, message: normalized.messages))
        }
        return ProjObject(pointer, context: self)
    }

    /// The name of a CRS or operation. The corresponding C function is `proj_get_name`.
    func name(of object: ProjObject) -> String {
        proj_get_name(object.pointer).map { String(cString: $0) } ?? ""
    }

    /// Transforms one point forwards; `nil` and PROJ's message when PROJ cannot.
    /// The corresponding C function is `proj_trans`.
    func forward(_ operation: ProjObject, x: Double, y: Double) -> Result<(x: Double, y: Double), ProjMessage> {
        proj_errno_reset(operation.pointer)
        let output = call { proj_trans(operation.pointer, PJ_FWD, proj_coord(x, y, 0, 0)) }
        let x = output.result.xy.x
        let y = output.result.xy.y
        guard x.isFinite, y.isFinite else {  // PROJ signals failure with HUGE_VAL (infinity)
            let code = proj_errno(operation.pointer)
            let text = proj_context_errno_string(handle, code).map { String(cString: $0) }
            let message = [output.messages, text ?? ""].filter { !$0.isEmpty }.joined(separator: "; ")
            return .failure(ProjMessage(text: message.isEmpty ? "no result" : message))
        }
        return .success((x, y))
    }

    /// Destroys a PROJ object. The corresponding C function is `proj_destroy`.
    fileprivate func destroy(_ pointer: OpaquePointer) {
        proj_destroy(pointer)
    }

    /// Runs a PROJ call, returning its result with what PROJ logged meanwhile.
    private func call<T>(_ body: () -> T) -> (result: T, messages: String) {
        log.messages.removeAll()
        let result = body()
        let messages = log.messages.joined(separator: "; ")
        log.messages.removeAll()
        return (result, messages)
    }

    /// A missing `proj.db` makes every lookup fail; say so instead of blaming the CRS.
    private func classify(_ messages: String, otherwise error: ProjectionError) -> ProjectionError {
        messages.contains("proj.db") ? .databaseUnavailable(message: messages) : error
    }

    private static func withCStrings<R>(
        _ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R
    ) -> R {
        let copies = strings.map { string in
            let bytes = Array(string.utf8CString)
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            copy.initialize(from: bytes, count: bytes.count)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer(body)
    }
}

/// A message PROJ gave for a failed call.
struct ProjMessage: Error {
    var text: String
}

/// A `PJ *` (a CRS or an operation), destroyed with `proj_destroy` when the last reference
/// goes. It keeps its context alive, since PROJ objects must not outlive their context.
final class ProjObject {
    fileprivate let pointer: OpaquePointer
    private let context: ProjContext

    fileprivate init(_ pointer: OpaquePointer, context: ProjContext) {
        self.pointer = pointer
        self.context = context
    }

    deinit {
        context.destroy(pointer)
    }
}

// Sources/IconLoading/Fetching/HTTPSFetcher.swift - GET over https with libcurl, every rule enforced

import CCurl

#if canImport(Glibc)
    import Glibc
#endif

/// Fetches one resource over `https` with libcurl.
///
/// Rules (Docs/icons.md, "Network"): only `https`, checked by ``URLRules`` before each connection,
/// including every redirect target (redirects are followed here, not by libcurl, so an `http`
/// target is refused without being requested); at most ``FetchPolicy/maxRedirects`` redirects;
/// no cookies (the cookie engine is never enabled), no `.netrc`, no credentials; no content
/// `Accept-Encoding` (a `Transfer-Encoding: gzip` body is decoded by libcurl and the cap counts the
/// decoded bytes); the size cap is enforced while streaming; one timeout over every hop, within the
/// load's deadline; no connection to loopback, link-local or private addresses unless allowed
/// (``AddressRules``, checked on each address about to be connected); proxies only from
/// `https_proxy`/`HTTPS_PROXY`, never for loopback addresses or hosts in `no_proxy`/`NO_PROXY`.
public struct HTTPSFetcher: Sendable {
    public var policy: FetchPolicy
    public var userAgent: String

    public init(policy: FetchPolicy, userAgent: String = "xds") {
        self.policy = policy
        self.userAgent = userAgent
    }

    /// GETs `url`, following up to ``FetchPolicy/maxRedirects`` https redirects.
    /// - Parameter validators: sent as `If-None-Match`/`If-Modified-Since`; a 304 is then a success.
    /// - Throws: ``FetchError`` naming the URL and the rule, the network failure or the status.
    public func fetch(_ url: String, validators: Validators = Validators()) throws(FetchError) -> HTTPResponse {
        var requested: [String] = []
        return try fetch(url, validators: validators, requested: &requested)
    }

    /// GETs `url` as ``fetch(_:validators:)`` does; `requested` receives every URL requested on the
    /// network (the original and each redirect target), also when the fetch then fails.
    public func fetch(_ url: String, validators: Validators, requested: inout [String]) throws(FetchError)
        -> HTTPResponse
    {
        CurlGlobal.initialize()
        let ownDeadline = Deadline.after(seconds: policy.totalTimeout)
        var current = url
        var hop = 0
        while true {
            try URLRules.check(current).get()
            let remaining = min(ownDeadline.remainingSeconds, policy.deadline?.remainingSeconds ?? .infinity)
            guard remaining > 0 else {
                throw .network(url: current, kind: .timeout, libraryText: "")
            }
            requested.append(current)
            let single = try performOnce(current, validators: validators, timeout: remaining)
            if (300...399).contains(single.status), single.status != 304, let location = single.redirectURL {
                guard hop < policy.maxRedirects else {
                    throw .refused(
                        url: location, rule: .tooManyRedirects,
                        detail: "more than \(policy.maxRedirects) redirects (from \(url))")
                }
                hop += 1
                current = location
                continue
            }
            if single.status == 304 && !validators.isEmpty {
                return response(single, requested: requested)
            }
            guard (200...299).contains(single.status) else { throw .server(url: current, status: single.status) }
            return response(single, requested: requested)
        }
    }

    private func response(_ single: SingleTransfer, requested: [String]) -> HTTPResponse {
        HTTPResponse(
            status: single.status, body: single.body, requestedURLs: requested,
            contentType: single.headers.contentType,
            validators: Validators(
                etag: single.headers.value("etag"), lastModified: single.headers.value("last-modified")),
            maxAge: single.headers.maxAge)
    }

    private struct SingleTransfer {
        var status: Int
        var body: [UInt8]
        var headers: ResponseHeaders
        var redirectURL: String?
    }

    private func performOnce(_ url: String, validators: Validators, timeout: Double) throws(FetchError)
        -> SingleTransfer
    {
        guard let handle = curl_easy_init() else { throw .setup(detail: "curl_easy_init failed") }
        defer { curl_easy_cleanup(handle) }
        let context = TransferContext(maxBytes: policy.maxBytes, allowPrivateAddresses: policy.allowPrivateAddresses)
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        if let etag = validators.etag { headerList = curl_slist_append(headerList, "If-None-Match: \(etag)") }
        if let date = validators.lastModified {
            headerList = curl_slist_append(headerList, "If-Modified-Since: \(date)")
        }
        let extraTrust = trustBundle(handle)

        var setupFailures: [String] = []
        func check(_ code: CURLcode, _ name: String) {
            if code != CURLE_OK { setupFailures.append("\(name): \(String(cString: curl_easy_strerror(code)))") }
        }
        check(xds_curl_set_string(handle, CURLOPT_URL, url), "URL")
        check(xds_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "https"), "PROTOCOLS_STR")
        check(xds_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "https"), "REDIR_PROTOCOLS_STR")
        check(xds_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0), "FOLLOWLOCATION")
        check(xds_curl_set_long(handle, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        check(xds_curl_set_long(handle, CURLOPT_NETRC, Int(CURL_NETRC_IGNORED.rawValue)), "NETRC")
        check(xds_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1), "SSL_VERIFYPEER")
        check(xds_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2), "SSL_VERIFYHOST")
        check(
            xds_curl_set_long(
                handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(min(policy.connectTimeout, timeout))),
            "CONNECTTIMEOUT")
        check(xds_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds(timeout)), "TIMEOUT")
        check(xds_curl_set_size(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(policy.maxBytes)), "MAXFILESIZE")
        check(xds_curl_set_string(handle, CURLOPT_USERAGENT, userAgent), "USERAGENT")
        check(xds_curl_set_string(handle, CURLOPT_PROXY, ProxySettings.proxy), "PROXY")
        check(xds_curl_set_string(handle, CURLOPT_NOPROXY, ProxySettings.noProxy), "NOPROXY")
        check(xds_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        check(xds_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList), "HTTPHEADER")
        check(xds_curl_set_callback(handle, CURLOPT_WRITEFUNCTION, receiveBody), "WRITEFUNCTION")
        check(xds_curl_set_pointer(handle, CURLOPT_WRITEDATA, contextPointer), "WRITEDATA")
        check(xds_curl_set_callback(handle, CURLOPT_HEADERFUNCTION, receiveHeader), "HEADERFUNCTION")
        check(xds_curl_set_pointer(handle, CURLOPT_HEADERDATA, contextPointer), "HEADERDATA")
        check(xds_curl_set_opensocket(handle, openCheckedSocket), "OPENSOCKETFUNCTION")
        check(xds_curl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, contextPointer), "OPENSOCKETDATA")
        if var extraTrust {
            let code = extraTrust.withUnsafeMutableBytes {
                xds_curl_set_blob(handle, CURLOPT_CAINFO_BLOB, $0.baseAddress, $0.count)
            }
            check(code, "CAINFO_BLOB")
        }
        guard setupFailures.isEmpty else { throw .setup(detail: setupFailures.joined(separator: "; ")) }

        let code = withExtendedLifetime(context) { curl_easy_perform(handle) }
        if code != CURLE_OK, let refused = context.refusedAddress {
            throw .refused(
                url: url, rule: .privateAddress,
                detail: "the host resolved to \(refused), which is not fetched without --allow-private-hosts")
        }
        if context.oversize {
            throw .refused(
                url: url, rule: .tooLarge,
                detail:
                    "the body exceeds \(policy.maxBytes) bytes; the transfer was cut after \(context.received) bytes")
        }
        if code == CURLE_FILESIZE_EXCEEDED {
            throw .refused(
                url: url, rule: .tooLarge,
                detail: "Content-Length exceeds \(policy.maxBytes) bytes; no body was read")
        }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            throw .network(
                url: url, kind: NetworkFailureKind(curlCode: code),
                libraryText: "libcurl: " + (detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail))
        }
        var status = 0
        _ = xds_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var redirect: UnsafeMutablePointer<CChar>?
        _ = xds_curl_get_string(handle, CURLINFO_REDIRECT_URL, &redirect)
        return SingleTransfer(
            status: status, body: context.body, headers: context.headers,
            redirectURL: redirect.map { String(cString: $0) })
    }

    /// The system's trust anchors plus ``FetchPolicy/extraTrustAnchors``, or nil when there are no extra ones.
    private func trustBundle(_ handle: UnsafeMutableRawPointer) -> [UInt8]? {
        guard let extra = policy.extraTrustAnchors else { return nil }
        var systemPath: UnsafeMutablePointer<CChar>?
        _ = xds_curl_get_string(handle, CURLINFO_CAINFO, &systemPath)
        var bundle = systemPath.flatMap { FileBytes.read(String(cString: $0), limit: 16 << 20) } ?? []
        bundle.append(0x0A)
        bundle += extra
        return bundle
    }

    private func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 1 }
        return Int(min(seconds, 86_400) * 1000)
    }
}

/// What libcurl's callbacks fill in during one transfer.
private final class TransferContext {
    let maxBytes: Int
    let allowPrivateAddresses: Bool
    var body: [UInt8] = []
    var received = 0
    var oversize = false
    var headers = ResponseHeaders()
    /// The address a connection was refused to, with the reason (``AddressRules``).
    var refusedAddress: String?

    init(maxBytes: Int, allowPrivateAddresses: Bool) {
        self.maxBytes = maxBytes
        self.allowPrivateAddresses = allowPrivateAddresses
    }
}

/// CURLOPT_OPENSOCKETFUNCTION: every address libcurl is about to connect to (after resolution, each
/// hop, each address it tries) is checked with ``AddressRules``; a refused one gets no socket.
private let openCheckedSocket: curl_opensocket_callback = { userData, _, address in
    guard let userData, let address else { return CURL_SOCKET_BAD }
    let context = Unmanaged<TransferContext>.fromOpaque(userData).takeUnretainedValue()
    let family = address.pointee.family
    if !context.allowPrivateAddresses {
        guard let (bytes, text) = SocketAddress.bytesAndText(address) else {
            context.refusedAddress = "an address of family \(family)"
            return CURL_SOCKET_BAD
        }
        if let reason = AddressRules.refusal(bytes) {
            context.refusedAddress = "\(text), \(reason)"
            return CURL_SOCKET_BAD
        }
    }
    return socket(family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.protocol)
}

/// The address in a `curl_sockaddr`, as bytes (network order) and as text.
private enum SocketAddress {
    static func bytesAndText(_ address: UnsafeMutablePointer<curl_sockaddr>) -> ([UInt8], String)? {
        guard let offset = MemoryLayout<curl_sockaddr>.offset(of: \.addr) else { return nil }
        let raw = UnsafeRawPointer(address).advanced(by: offset)
        let length = Int(address.pointee.addrlen)
        switch address.pointee.family {
        case AF_INET where length >= MemoryLayout<sockaddr_in>.size:
            var inet = raw.loadUnaligned(as: sockaddr_in.self)
            let bytes = withUnsafeBytes(of: &inet.sin_addr) { Array($0) }
            return (bytes, text(AF_INET, &inet.sin_addr))
        case AF_INET6 where length >= MemoryLayout<sockaddr_in6>.size:
            var inet6 = raw.loadUnaligned(as: sockaddr_in6.self)
            let bytes = withUnsafeBytes(of: &inet6.sin6_addr) { Array($0) }
            return (bytes, text(AF_INET6, &inet6.sin6_addr))
        default:
            return nil
        }
    }

    private static func text(_ family: Int32, _ address: UnsafeRawPointer) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        guard inet_ntop(family, address, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// CURLOPT_WRITEFUNCTION: appends the body, stopping the transfer once it exceeds the cap.
private let receiveBody: xds_curl_data_callback = { data, size, count, userData in
    guard let data, let userData else { return 0 }
    let context = Unmanaged<TransferContext>.fromOpaque(userData).takeUnretainedValue()
    let length = size * count
    context.received += length
    if context.body.count + length > context.maxBytes {
        context.oversize = true
        return 0
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) {
        context.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
    }
    return length
}

/// CURLOPT_HEADERFUNCTION: one header line per call.
private let receiveHeader: xds_curl_data_callback = { data, size, count, userData in
    guard let data, let userData else { return 0 }
    let context = Unmanaged<TransferContext>.fromOpaque(userData).takeUnretainedValue()
    let length = size * count
    let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
    context.headers.add(line: line)
    return length
}

/// `curl_global_init`, once per process.
enum CurlGlobal {
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
    static func initialize() { _ = initialized }
}

/// The only proxy settings honoured: `https_proxy` (or `HTTPS_PROXY`) and `no_proxy` (or `NO_PROXY`).
/// `http_proxy`, `all_proxy` and `ALL_PROXY` are ignored; loopback hosts never go through a proxy.
public enum ProxySettings {
    public static var proxy: String { environment("https_proxy") ?? environment("HTTPS_PROXY") ?? "" }
    public static var noProxy: String {
        (["localhost", "127.0.0.1", "::1"] + [environment("no_proxy") ?? environment("NO_PROXY")].compactMap { $0 })
            .joined(separator: ",")
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}

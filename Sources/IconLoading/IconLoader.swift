// Sources/IconLoading/IconLoader.swift - appInfo.json → selection → image → mask, through the cache

import Foundation
import IconImages
import Icons

/// Loads an icon end to end, as `loadIcon:withCompletionHandler:` does, with the safety rules,
/// limits and cache of Docs/icons.md.
public enum IconLoader {
    /// Content types accepted for an image response (parameters ignored); an absent
    /// Content-Type is accepted and the bytes decide.
    public static let imageContentTypes: Set<String> = [
        "image/png", "image/jpeg", "image/jpg", "image/pjpeg", "application/octet-stream", "binary/octet-stream",
    ]

    /// Loads the icon of `request`; `trace` records every step, also when loading fails.
    public static func load(_ request: IconLoadRequest, trace: inout LoadTrace) throws(IconLoadError) -> LoadedIcon {
        guard IconMasker.scales.contains(request.scale) else {
            throw .noIcon("scale \(request.scale) is outside \(IconMasker.scales)")
        }
        let deadline = Deadline.after(seconds: request.timeout)
        var extraTrustAnchors: [UInt8]?
        if let caFile = request.caFile {
            do {
                extraTrustAnchors = try TrustAnchorFile.read(caFile)
            } catch {
                throw .unreadableInput(error.description)
            }
        }
        let now = Date().timeIntervalSince1970
        var cached: CacheEntry?
        var corrupt = false
        var cacheUsable = request.cache != nil
        if let cache = request.cache {
            switch cache.load(request.cacheKey) {
            case .miss: trace.note("cache: no entry in \(cache.directory)")
            case .hit(let entry):
                cached = entry
                trace.note("cache: entry found in \(cache.directory)")
            case .corrupt(let detail):
                corrupt = true
                trace.note("cache: entry corrupt (\(detail)): everything is fetched again")
            case .untrusted(let detail):
                cacheUsable = false
                trace.note("cache: \(detail): neither read nor written")
            }
        } else {
            trace.note("cache: disabled")
        }
        let cacheState = CacheState(
            enabled: request.cache != nil, usable: cacheUsable, corrupt: corrupt)
        func policy(_ base: FetchPolicy) -> FetchPolicy {
            var policy = base
            policy.connectTimeout = min(10, request.timeout)
            policy.totalTimeout = request.timeout
            policy.deadline = deadline
            policy.extraTrustAnchors = extraTrustAnchors
            policy.allowPrivateAddresses = request.allowPrivateHosts
            return policy
        }

        // 1. appInfo.json
        let appInfoPolicy = policy(.appInfo)
        let appInfo = try obtain(
            "appInfo", url: request.appInfoURL, cached: cached?.appInfo, policy: appInfoPolicy, now: now,
            cacheState: cacheState, trace: &trace, contentTypes: nil)

        // 2. selection
        let explained = IconSelector.explain(
            json: appInfo.body, scale: request.scale, appInfoURL: request.appInfoURL, profile: request.profile)
        for note in explained.notes { trace.note("select (\(request.profile.rawValue)): \(note)") }
        let chosen: ChosenIcon
        switch explained.selection {
        case .icon(let url, let width, let height, let index):
            chosen = ChosenIcon(url: url, width: width, height: height, index: index)
            trace.chosen = chosen
            trace.note("select: entry \(index) (\(width)x\(height)) → \(url)")
        case .none(let reason):
            store(CacheEntry(appInfo: appInfo, image: nil), request: request, usable: cacheUsable, trace: &trace)
            throw .noIcon(reason.description)
        case .originalRaises(let reason):
            store(CacheEntry(appInfo: appInfo, image: nil), request: request, usable: cacheUsable, trace: &trace)
            throw .noIcon("the original Objective-C code raises here: \(reason)")
        }

        // 3. the image
        let imagePolicy = policy(.image)
        let reusable = cached?.image.flatMap { $0.url == chosen.url ? $0 : nil }
        let image = try obtain(
            "image", url: chosen.url, cached: reusable, policy: imagePolicy, now: now,
            cacheState: cacheState, trace: &trace, contentTypes: imageContentTypes)

        // 4. decode (header checked before any pixel memory), then mask
        let decoded: RGBAImage
        do {
            let header = try ImageHeader.checked(image.body)
            trace.note("image: \(header.format.rawValue) \(header.width)x\(header.height)")
            decoded = try ImageDecoder.decode(image.body)
        } catch {
            store(CacheEntry(appInfo: appInfo, image: nil), request: request, usable: cacheUsable, trace: &trace)
            if let rule = error.refusalRule {
                throw .refused(url: chosen.url, rule: rule, detail: error.description)
            }
            throw .undecodable(url: chosen.url, error)
        }
        store(CacheEntry(appInfo: appInfo, image: image), request: request, usable: cacheUsable, trace: &trace)
        let masker = IconMasker(scale: request.scale, corners: request.corners)
        do {
            let png = try masker.renderPNG(decoded)
            trace.note(
                "mask: \(masker.pixelSize)x\(masker.pixelSize) px, \(request.corners.rawValue) corners, radius 7 pt, stroke 10 % black 1 pt"
            )
            return LoadedIcon(png: png, pixelSize: masker.pixelSize, chosen: chosen)
        } catch {
            throw .internalFailure(error.description)
        }
    }

    /// One resource: from the cache when fresh, revalidated when it has validators, else fetched.
    private static func obtain(
        _ resource: String, url: String, cached: CachedResource?, policy: FetchPolicy, now: Double,
        cacheState: CacheState, trace: inout LoadTrace, contentTypes: Set<String>?
    ) throws(IconLoadError) -> CachedResource {
        if let cached, cached.url == url, cached.isFresh(at: now) {
            trace.steps.append(
                ResourceStep(
                    resource: resource, url: url, requested: [], status: nil, bytes: cached.body.count, cache: "fresh"))
            trace.note("\(resource): \(url): fresh in the cache (max-age \(cached.maxAge ?? 0) s): no request")
            return cached
        }
        let validators = cached?.validators ?? Validators()
        let response: HTTPResponse
        var requested: [String] = []
        do {
            response = try HTTPSFetcher(policy: policy, userAgent: "xds-icon").fetch(
                url, validators: validators, requested: &requested)
        } catch {
            trace.steps.append(
                ResourceStep(resource: resource, url: url, requested: requested, status: nil, bytes: 0, cache: "miss"))
            throw IconLoadError(error)
        }
        if response.notModified, var kept = cached {
            kept.storedAt = now
            kept.maxAge = response.maxAge ?? kept.maxAge
            trace.steps.append(
                ResourceStep(
                    resource: resource, url: url, requested: response.requestedURLs, status: 304,
                    bytes: kept.body.count, cache: "revalidated"))
            trace.note("\(resource): \(url): 304 Not Modified: the cached copy is kept")
            return kept
        }
        if let contentTypes, let type = response.contentType, !contentTypes.contains(type) {
            trace.steps.append(
                ResourceStep(
                    resource: resource, url: url, requested: response.requestedURLs, status: response.status,
                    bytes: response.body.count, cache: "miss"))
            throw .refused(
                url: response.finalURL, rule: "content-type", detail: "Content-Type '\(type)' is not an image type")
        }
        let state =
            !cacheState.enabled
            ? "disabled"
            : !cacheState.usable
                ? "untrusted" : cacheState.corrupt ? "corrupt-refetched" : cached == nil ? "miss" : "changed"
        trace.steps.append(
            ResourceStep(
                resource: resource, url: url, requested: response.requestedURLs, status: response.status,
                bytes: response.body.count, cache: state))
        trace.note(
            "\(resource): \(url): HTTP \(response.status), \(response.body.count) bytes"
                + (response.requestedURLs.count > 1
                    ? " (via \(response.requestedURLs.dropLast().joined(separator: " → ")))" : "")
                + " [cache \(state)]")
        return CachedResource(
            url: url, body: response.body, validators: response.validators, storedAt: now, maxAge: response.maxAge)
    }

    private static func store(
        _ entry: CacheEntry, request: IconLoadRequest, usable: Bool, trace: inout LoadTrace
    ) {
        guard let cache = request.cache, usable else { return }
        do {
            try cache.store(entry, for: request.cacheKey)
        } catch {
            trace.note("cache: not written: \(error)")
        }
    }
}

/// What the cache lookup found, for the steps' `cache` field.
private struct CacheState {
    /// Not `--no-cache`.
    var enabled: Bool
    /// The directory is trusted (else neither read nor written: `untrusted`).
    var usable: Bool
    /// The entry was damaged or not ours (`corrupt-refetched`).
    var corrupt: Bool
}

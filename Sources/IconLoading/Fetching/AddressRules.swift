// Sources/IconLoading/Fetching/AddressRules.swift - Which resolved addresses a fetch may connect to

/// The addresses refused by default (Docs/icons.md, "Network"): loopback, link-local, private,
/// shared (carrier-grade NAT), unspecified, multicast and reserved ones, so that a document's
/// `appInfoURL` cannot make `xds icon` probe services on this machine or its network. Checked on the
/// address each connection is about to use, after name resolution and on every redirect hop.
public enum AddressRules {
    /// Why `address` (4 bytes IPv4 or 16 bytes IPv6, network order) is refused, or nil when it is public.
    public static func refusal(_ address: [UInt8]) -> String? {
        switch address.count {
        case 4: return ipv4Refusal(address)
        case 16: return ipv6Refusal(address)
        default: return "not an IPv4 or IPv6 address"
        }
    }

    private static func ipv4Refusal(_ a: [UInt8]) -> String? {
        switch (a[0], a[1]) {
        case (0, _): return "unspecified (0.0.0.0/8)"
        case (10, _): return "private (10.0.0.0/8)"
        case (100, 64...127): return "shared, carrier-grade NAT (100.64.0.0/10)"
        case (127, _): return "loopback (127.0.0.0/8)"
        case (169, 254): return "link-local (169.254.0.0/16)"
        case (172, 16...31): return "private (172.16.0.0/12)"
        case (192, 168): return "private (192.168.0.0/16)"
        case (192, 0) where a[2] == 0: return "special-purpose (192.0.0.0/24)"
        case (198, 18...19): return "benchmarking (198.18.0.0/15)"
        case (224...239, _): return "multicast (224.0.0.0/4)"
        case (240...255, _): return "reserved (240.0.0.0/4)"
        default: return nil
        }
    }

    private static func ipv6Refusal(_ a: [UInt8]) -> String? {
        if a[0..<15].allSatisfy({ $0 == 0 }) {
            return a[15] == 0 ? "unspecified (::)" : a[15] == 1 ? "loopback (::1)" : "IPv4-compatible (::/96)"
        }
        if a[0..<10].allSatisfy({ $0 == 0 }) && a[10] == 0xFF && a[11] == 0xFF {
            return ipv4Refusal(Array(a[12..<16])).map { "IPv4-mapped \($0)" }
        }
        if a[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
            return ipv4Refusal(Array(a[12..<16])).map { "NAT64 \($0)" }
        }
        if a[0] == 0xFE && a[1] & 0xC0 == 0x80 { return "link-local (fe80::/10)" }
        if a[0] == 0xFE && a[1] & 0xC0 == 0xC0 { return "site-local (fec0::/10)" }
        if a[0] & 0xFE == 0xFC { return "unique local, private (fc00::/7)" }
        if a[0] == 0xFF { return "multicast (ff00::/8)" }
        return nil
    }
}

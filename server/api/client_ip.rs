//! Who is calling: the peer of the TCP connection, or, only when that peer is one of the
//! proxies named in `BANK_TRUSTED_PROXIES`, the client that the proxy names in `Forwarded`
//! (RFC 7239) or `X-Forwarded-For`. A header from anyone else is ignored, so a client cannot
//! choose its own address to dodge a rate limit or to write someone else's into the audit log.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use ipnet::IpNet;

use super::ApiState;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl ClientIp {
    /// A request that came without a socket (a router test through `oneshot`).
    pub const UNKNOWN: Self = Self(IpAddr::V4(Ipv4Addr::UNSPECIFIED));

    /// The key a per-address limit counts under. One IPv6 customer line usually holds a whole
    /// /64, so a limit per single IPv6 address would be a limit on nobody.
    pub fn limit_key(&self) -> String {
        match self.0 {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => IpNet::new(IpAddr::V6(v6), 64)
                .map(|net| net.trunc().to_string())
                .unwrap_or_else(|_| v6.to_string()),
        }
    }
}

impl std::fmt::Display for ClientIp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The client of a request: the peer, walked back through trusted proxies.
pub fn resolve(peer: Option<SocketAddr>, headers: &HeaderMap, trusted: &[IpNet]) -> ClientIp {
    let Some(peer) = peer else {
        return ClientIp::UNKNOWN;
    };
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    let mut client = peer.ip().to_canonical();
    if !is_trusted(&client) {
        return ClientIp(client);
    }
    // Each proxy appends the address it heard from; read from the right, the first address
    // that is not one of ours is the client. An unreadable hop ends the walk at the last
    // proxy we trust.
    for hop in forwarded_hops(headers).iter().rev() {
        match parse_hop(hop) {
            Some(ip) => {
                client = ip.to_canonical();
                if !is_trusted(&client) {
                    break;
                }
            }
            None => break,
        }
    }
    ClientIp(client)
}

/// The `for=` values of `Forwarded`, else the entries of `X-Forwarded-For`, left to right.
fn forwarded_hops(headers: &HeaderMap) -> Vec<String> {
    let values = |name: &str| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|part| part.trim().to_string())
            .filter(|part| !part.is_empty())
            .collect()
    };
    let forwarded = values("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .map(|element| {
                element
                    .split(';')
                    .find_map(|pair| {
                        let (key, value) = pair.trim().split_once('=')?;
                        key.eq_ignore_ascii_case("for").then(|| value.to_string())
                    })
                    .unwrap_or_default()
            })
            .collect();
    }
    values("x-forwarded-for")
}

/// `192.0.2.1`, `192.0.2.1:4711`, `"[2001:db8::1]:4711"`, `2001:db8::1`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim().trim_matches('"');
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(socket) = hop.parse::<SocketAddr>() {
        return Some(socket.ip());
    }
    hop.strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .and_then(|(ip, _)| ip.parse().ok())
}

impl<S> FromRequestParts<S> for ClientIp
where
    ApiState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        // The server render forwards the address of the page request it serves.
        if let Some(known) = parts.extensions.get::<ClientIp>() {
            return Ok(*known);
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|info| info.0);
        let api = ApiState::from_ref(state);
        Ok(resolve(peer, &parts.headers, &api.config.trusted_proxies))
    }
}

impl crate::rate_limit::Subject for ClientIp {
    const KIND: crate::rate_limit::KeyKind = crate::rate_limit::KeyKind::Ip;
    fn key(&self) -> String {
        self.limit_key()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        map
    }

    fn peer(ip: &str) -> Option<SocketAddr> {
        Some(SocketAddr::new(ip.parse().unwrap(), 50_000))
    }

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|n| n.parse().unwrap()).collect()
    }

    #[test]
    fn headers_from_an_untrusted_peer_are_ignored() {
        let spoofed = headers(&[("x-forwarded-for", "1.2.3.4"), ("forwarded", "for=5.6.7.8")]);
        assert_eq!(
            resolve(peer("203.0.113.9"), &spoofed, &[]).to_string(),
            "203.0.113.9"
        );
        assert_eq!(
            resolve(peer("203.0.113.9"), &spoofed, &nets(&["10.0.0.0/8"])).to_string(),
            "203.0.113.9"
        );
    }

    #[test]
    fn a_trusted_proxy_names_the_client_and_forged_left_entries_do_not_count() {
        let trusted = nets(&["10.0.0.0/8"]);
        let forwarded = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.7, 10.1.1.1")]);
        assert_eq!(
            resolve(peer("10.0.0.2"), &forwarded, &trusted).to_string(),
            "198.51.100.7",
            "the client's own forged entry (6.6.6.6) is left of the first untrusted hop"
        );
        let rfc = headers(&[(
            "forwarded",
            "for=192.0.2.60;proto=https, for=\"[2001:db8:cafe::17]:4711\"",
        )]);
        assert_eq!(
            resolve(peer("10.0.0.2"), &rfc, &trusted).to_string(),
            "2001:db8:cafe::17"
        );
        assert_eq!(
            resolve(peer("10.0.0.2"), &HeaderMap::new(), &trusted).to_string(),
            "10.0.0.2",
            "no header: the proxy itself"
        );
        let garbage = headers(&[("x-forwarded-for", "not-an-ip")]);
        assert_eq!(
            resolve(peer("10.0.0.2"), &garbage, &trusted).to_string(),
            "10.0.0.2"
        );
    }

    #[test]
    fn ipv6_clients_are_limited_per_64_and_mapped_v4_reads_as_v4() {
        let a = resolve(peer("2001:db8:1:2:aaaa::1"), &HeaderMap::new(), &[]);
        let b = resolve(peer("2001:db8:1:2:bbbb::2"), &HeaderMap::new(), &[]);
        assert_eq!(a.limit_key(), b.limit_key());
        assert_eq!(a.limit_key(), "2001:db8:1:2::/64");
        let mapped = resolve(peer("::ffff:192.0.2.1"), &HeaderMap::new(), &[]);
        assert_eq!(mapped.to_string(), "192.0.2.1");
        assert_eq!(resolve(None, &HeaderMap::new(), &[]), ClientIp::UNKNOWN);
    }
}

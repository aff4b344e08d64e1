//! The client's address, for per-address limits.
//!
//! `gbvf serve` serves with connect info, so the peer address is always known. Behind a
//! reverse proxy every request comes from the proxy: list its addresses in
//! `GBVF_TRUSTED_PROXIES` (comma-separated IP addresses; empty by default) and the client is
//! the right-most `X-Forwarded-For` entry that is not a trusted proxy (MDN, "X-Forwarded-For:
//! selecting an IP address"). Without that setting forwarded headers are ignored, so a client
//! cannot choose its own address.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;

/// Proxies whose `X-Forwarded-For` is believed.
#[derive(Clone, Default, Debug)]
pub struct TrustedProxies(pub Arc<Vec<IpAddr>>);

impl TrustedProxies {
    /// From `GBVF_TRUSTED_PROXIES`; an entry that is not an IP address is an error.
    pub fn from_env() -> anyhow::Result<TrustedProxies> {
        let raw = std::env::var("GBVF_TRUSTED_PROXIES").unwrap_or_default();
        let list = raw
            .split(',')
            .map(str::trim)
            .filter(|x| !x.is_empty())
            .map(|x| {
                x.parse::<IpAddr>().map_err(|_| {
                    anyhow::anyhow!("GBVF_TRUSTED_PROXIES: {x:?} is not an IP address")
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(TrustedProxies(Arc::new(list)))
    }

    /// The client address of a request from `peer` with these `X-Forwarded-For` values.
    pub fn client(&self, peer: IpAddr, forwarded_for: &[&str]) -> IpAddr {
        if !self.0.contains(&peer) {
            return peer;
        }
        let hops: Vec<IpAddr> = forwarded_for
            .iter()
            .flat_map(|v| v.split(','))
            .filter_map(|x| x.trim().parse().ok())
            .collect();
        hops.into_iter()
            .rev()
            .find(|ip| !self.0.contains(ip))
            .unwrap_or(peer)
    }
}

/// The client's address; `None` only when the server runs without connect info.
pub struct ClientIp(pub Option<IpAddr>);

impl ClientIp {
    /// The client of a request with these `extensions` (its connect info) and `headers`
    /// (`X-Forwarded-For`, believed only from `proxies`).
    pub fn of(
        proxies: &TrustedProxies,
        extensions: &axum::http::Extensions,
        headers: &axum::http::HeaderMap,
    ) -> ClientIp {
        let Some(peer) = extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
        else {
            return ClientIp(None);
        };
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        ClientIp(Some(proxies.client(peer, &forwarded)))
    }

    /// The address as the key of a limit ("unknown" without connect info). An IPv6 address
    /// counts as its /64 network, the smallest block a provider hands one customer (RFC 6177),
    /// so an attacker cannot take a fresh key from each of 2^64 addresses; an IPv4 address
    /// written as IPv6 counts as the IPv4 address.
    pub fn key_part(&self) -> String {
        match self.0 {
            None => "unknown".into(),
            Some(IpAddr::V4(v4)) => v4.to_string(),
            Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => {
                    let s = v6.segments();
                    let net = std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                    format!("{net}/64")
                }
            },
        }
    }
}

impl<S> FromRequestParts<S> for ClientIp
where
    S: Send + Sync,
    TrustedProxies: FromRef<S>,
{
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, s: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp::of(
            &TrustedProxies::from_ref(s),
            &parts.extensions,
            &parts.headers,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_address_counts_as_its_64_network() {
        let key = |a: &str| ClientIp(Some(a.parse().unwrap())).key_part();
        assert_eq!(key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2:ffff:1:2:3"), key("2001:db8:1:2::9"));
        assert_ne!(key("2001:db8:1:3::1"), key("2001:db8:1:2::1"));
        assert_eq!(key("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(key("192.0.2.7"), "192.0.2.7");
        assert_eq!(ClientIp(None).key_part(), "unknown");
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        let none = TrustedProxies::default();
        let peer: IpAddr = "10.0.0.5".parse().unwrap();
        assert_eq!(none.client(peer, &["1.2.3.4"]), peer);
        let trusted = TrustedProxies(Arc::new(vec![peer, "10.0.0.6".parse().unwrap()]));
        // The right-most untrusted hop; a spoofed left-most entry is ignored.
        assert_eq!(
            trusted.client(peer, &["6.6.6.6, 1.2.3.4", "10.0.0.6"]),
            "1.2.3.4".parse::<IpAddr>().unwrap()
        );
        assert_eq!(trusted.client(peer, &[]), peer);
    }
}

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

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use super::AppState;

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
    /// The address as the key of a limit ("unknown" without connect info).
    pub fn key_part(&self) -> String {
        self.0
            .map(|ip| ip.to_string())
            .unwrap_or_else(|| "unknown".into())
    }
}

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, s: &AppState) -> Result<Self, Self::Rejection> {
        let Some(peer) = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
        else {
            return Ok(ClientIp(None));
        };
        let xff: Vec<&str> = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        Ok(ClientIp(Some(s.trusted_proxies.client(peer, &xff))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

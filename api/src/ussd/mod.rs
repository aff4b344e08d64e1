//! The health-check survey over USSD (decision 0168): a respondent on any phone dials the
//! service code, types the short code of their survey link, and answers the same questionnaire
//! on numbered menus; the answers become the same survey response, through the same aggregate
//! and rules, as a browser's.
//!
//! - [`gateway`]: the aggregator's callback protocol (Africa's Talking), behind [`gateway::Gateway`].
//! - [`menus`]: the questionnaire as screens of at most 182 characters (pure).
//! - [`session`]: where a dropped session stands, so that it resumes.
//! - [`flow`]: one step of a session: code, language, questions, sending.
//!
//! The phone number is never stored: only keyed hashes of it ([`UssdConfig::phone_key`],
//! [`UssdConfig::response_id`]) under a key held outside the database.

pub mod flow;
pub mod gateway;
pub mod menus;
pub mod session;

use hmac::{Hmac, Mac};

/// Minutes a dropped session can be resumed by dialling again.
pub const RESUME_MINUTES: i64 = 30;

/// The USSD channel's settings, from the environment (docs/operations.md "USSD"):
/// - `GBVF_USSD_CALLBACK_SECRET` (at least 32 characters): the secret path segment of the
///   callback address the aggregator is given; without it the channel is off.
/// - `GBVF_USSD_PHONE_KEY` (at least 32 characters): the key of the phone numbers' hashes;
///   kept outside the database, so that nobody with the database alone can tell which phone a
///   row or a response belongs to. Changing it forgets every phone (crypto-shredding).
/// - `GBVF_USSD_SERVICE_CODE`: the code respondents dial, e.g. `*120*4321#` (shown beside each
///   survey link).
/// - `GBVF_USSD_ALLOWED_ADDRESSES`: the aggregator's addresses, comma-separated IPs or CIDR
///   ranges; when set, a callback from elsewhere is refused.
#[derive(Clone)]
pub struct UssdConfig {
    /// The callback path's secret.
    pub callback_secret: String,
    phone_key: Vec<u8>,
    /// What respondents dial.
    pub service_code: String,
    /// Where callbacks may come from (empty: anywhere, the secret alone).
    pub allowed: Vec<ipnet::IpNet>,
}

impl std::fmt::Debug for UssdConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UssdConfig")
            .field("service_code", &self.service_code)
            .field("allowed", &self.allowed)
            .finish_non_exhaustive()
    }
}

impl UssdConfig {
    /// The settings from the environment; `Ok(None)` when the channel is off (no callback
    /// secret). Errors: a secret or key shorter than 32 characters, a bad address.
    pub fn from_env() -> anyhow::Result<Option<UssdConfig>> {
        let Ok(callback_secret) = std::env::var("GBVF_USSD_CALLBACK_SECRET") else {
            return Ok(None);
        };
        let phone_key = std::env::var("GBVF_USSD_PHONE_KEY").unwrap_or_default();
        let allowed = std::env::var("GBVF_USSD_ALLOWED_ADDRESSES").unwrap_or_default();
        let config = UssdConfig::new(
            callback_secret,
            phone_key.into_bytes(),
            std::env::var("GBVF_USSD_SERVICE_CODE").unwrap_or_else(|_| "*120*4321#".into()),
            &allowed,
        )?;
        Ok(Some(config))
    }

    /// Settings from their values (see [`UssdConfig::from_env`]). `allowed`: comma-separated
    /// IPs or CIDR ranges, empty for none. Errors as there.
    pub fn new(
        callback_secret: String,
        phone_key: Vec<u8>,
        service_code: String,
        allowed: &str,
    ) -> anyhow::Result<UssdConfig> {
        anyhow::ensure!(
            callback_secret.len() >= 32
                && callback_secret
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
            "GBVF_USSD_CALLBACK_SECRET must be at least 32 letters, digits, - or _"
        );
        anyhow::ensure!(
            phone_key.len() >= 32,
            "GBVF_USSD_PHONE_KEY must be at least 32 characters (kept outside the database)"
        );
        let allowed = allowed
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(|a| {
                a.parse::<ipnet::IpNet>()
                    .or_else(|_| a.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                    .map_err(|_| anyhow::anyhow!("GBVF_USSD_ALLOWED_ADDRESSES: bad address {a}"))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(UssdConfig {
            callback_secret,
            phone_key,
            service_code,
            allowed,
        })
    }

    /// Hex HMAC-SHA256 under the phone key of `parts` joined by NUL.
    fn keyed(&self, parts: &[&str]) -> String {
        let mut h = Hmac::<sha2::Sha256>::new_from_slice(&self.phone_key).expect("any key length");
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                h.update(&[0]);
            }
            h.update(p.as_bytes());
        }
        hex::encode(h.finalize().into_bytes())
    }

    /// The key of phone `phone` for its resume row and its wrong-code limit (64 hex digits).
    pub fn phone_key(&self, phone: &str) -> String {
        self.keyed(&["ussd-phone", phone])
    }

    /// The survey-response aggregate id of `phone`'s response through link `invite_code` of
    /// period `health_check_id`: `<health_check_id>/<32 hex digits>`, shaped like a browser's,
    /// so that a phone answers a link once and nothing tells the two apart.
    pub fn response_id(&self, health_check_id: &str, invite_code: &str, phone: &str) -> String {
        let key = self.keyed(&["ussd-survey", invite_code, phone]);
        format!("{health_check_id}/{}", &key[..32])
    }

    /// The response key of the gateway session `session_id` of `phone`: its Send step sent
    /// again (a gateway's retry) is the same response, recorded once.
    pub fn response_key(&self, session_id: &str, phone: &str) -> String {
        self.keyed(&["ussd-response", session_id, phone])
    }

    /// Whether a callback from `ip` may be served ([`UssdConfig::allowed`]).
    pub fn allows(&self, ip: Option<std::net::IpAddr>) -> bool {
        self.allowed.is_empty() || ip.is_some_and(|ip| self.allowed.iter().any(|n| n.contains(&ip)))
    }

    /// What a respondent dials for survey `short_code`: the service code with the short code
    /// before its final `#` (`*120*4321*123456789012#`).
    pub fn dial_string(&self, short_code: &str) -> String {
        let base = self.service_code.trim_end_matches('#');
        format!("{base}*{short_code}#")
    }

    /// The USSD short code of survey link `invite_code`
    /// (`gbvf_events::health_check::short_code`, 12 digits) and its [`Self::dial_string`], as
    /// the organisation's link card shows them.
    pub fn codes_of(&self, invite_code: &str) -> (String, String) {
        let short_code = gbvf_events::health_check::short_code(invite_code);
        let dial = self.dial_string(&short_code);
        (short_code, dial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(allowed: &str) -> UssdConfig {
        UssdConfig::new(
            "s".repeat(32),
            b"k".repeat(32),
            "*120*4321#".into(),
            allowed,
        )
        .unwrap()
    }

    #[test]
    fn keys_are_keyed_and_shaped_like_a_browser_s() {
        let c = config("");
        assert_eq!(c.phone_key("+27820000001").len(), 64);
        assert_ne!(c.phone_key("+27820000001"), c.phone_key("+27820000002"));
        let id = c.response_id("hc-1", "code", "+27820000001");
        assert!(
            id.starts_with("hc-1/") && id.len() == "hc-1/".len() + 32,
            "{id}"
        );
        let other = UssdConfig::new("s".repeat(32), b"x".repeat(32), String::new(), "").unwrap();
        assert_ne!(other.phone_key("+27820000001"), c.phone_key("+27820000001"));
        assert_eq!(c.dial_string("123456789012"), "*120*4321*123456789012#");
    }

    #[test]
    fn short_secrets_and_bad_addresses_are_refused() {
        assert!(UssdConfig::new("short".into(), b"k".repeat(32), String::new(), "").is_err());
        assert!(UssdConfig::new("s".repeat(32), b"k".repeat(8), String::new(), "").is_err());
        assert!(
            UssdConfig::new("s".repeat(32), b"k".repeat(32), String::new(), "10.0.0.300").is_err()
        );
        let c = config("52.48.80.0/24, 127.0.0.1");
        assert!(c.allows(Some("52.48.80.7".parse().unwrap())));
        assert!(c.allows(Some("127.0.0.1".parse().unwrap())));
        assert!(!c.allows(Some("10.0.0.1".parse().unwrap())));
        assert!(!c.allows(None));
        assert!(config("").allows(None));
    }
}

//! Throttling of sign-in and password-reset requests, per account and per client address
//! (governor keyed rate limiters, in memory per process). The key is what the client sent,
//! whether or not an account exists, so throttling reveals nothing about accounts.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// The limiters of one process.
#[derive(Clone)]
pub struct Throttle {
    login_account: Arc<DefaultKeyedRateLimiter<String>>,
    login_address: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    otp_account: Arc<DefaultKeyedRateLimiter<String>>,
    otp_address: Arc<DefaultKeyedRateLimiter<IpAddr>>,
}

fn quota(burst: u32, refill_every: Duration) -> Quota {
    Quota::with_period(refill_every)
        .expect("non-zero period")
        .allow_burst(NonZeroU32::new(burst).expect("non-zero burst"))
}

impl Default for Throttle {
    /// Sign-in: 5 attempts per account, then one per minute; 30 per address, then one every
    /// 10 s. One-time codes: 5 requests per account, then one every 2 minutes; 20 per
    /// address, then one every 15 s.
    fn default() -> Self {
        Throttle {
            login_account: Arc::new(RateLimiter::keyed(quota(5, Duration::from_secs(60)))),
            login_address: Arc::new(RateLimiter::keyed(quota(30, Duration::from_secs(10)))),
            otp_account: Arc::new(RateLimiter::keyed(quota(5, Duration::from_secs(120)))),
            otp_address: Arc::new(RateLimiter::keyed(quota(20, Duration::from_secs(15)))),
        }
    }
}

impl Throttle {
    /// Whether a sign-in attempt for `account` from `address` may proceed.
    pub fn allow_login(&self, account: &str, address: Option<IpAddr>) -> bool {
        let a = self
            .login_account
            .check_key(&account.trim().to_lowercase())
            .is_ok();
        let b = address.is_none_or(|ip| self.login_address.check_key(&ip).is_ok());
        a && b
    }

    /// Whether a one-time-code request for `account` from `address` may proceed.
    pub fn allow_otp(&self, account: &str, address: Option<IpAddr>) -> bool {
        let a = self
            .otp_account
            .check_key(&account.trim().to_lowercase())
            .is_ok();
        let b = address.is_none_or(|ip| self.otp_address.check_key(&ip).is_ok());
        a && b
    }
}

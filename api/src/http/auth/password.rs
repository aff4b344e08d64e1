//! Password and one-time-code hashing: argon2id with the OWASP Password Storage Cheat Sheet
//! parameters (m = 19,456 KiB, t = 2, p = 1). Only PHC strings are stored.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand_core::{OsRng, RngCore};

fn argon2() -> Argon2<'static> {
    Argon2::new(
        Algorithm::Argon2id,
        Version::V0x13,
        Params::new(19_456, 2, 1, None).expect("OWASP argon2id parameters"),
    )
}

/// The argon2id PHC string of `secret`.
pub fn hash(secret: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(argon2()
        .hash_password(secret.as_bytes(), &salt)
        .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))?
        .to_string())
}

/// Whether `secret` matches the PHC string `phc` (false for a malformed string).
pub fn verify(secret: &str, phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|h| argon2().verify_password(secret.as_bytes(), &h).is_ok())
}

/// Spends the same time as a real verification, so an unknown account answers as slowly as a
/// wrong password.
pub fn verify_dummy(secret: &str) {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let phc = DUMMY.get_or_init(|| hash("dummy password for timing").expect("hash"));
    let _ = verify(secret, phc);
}

/// Argon2 runs on the blocking pool, at most one hash per core at a time, so a flood of
/// sign-ins cannot stall the async workers that answer every other request.
fn hashing_permits() -> &'static tokio::sync::Semaphore {
    static PERMITS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    PERMITS.get_or_init(|| {
        tokio::sync::Semaphore::new(
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2),
        )
    })
}

async fn off_the_runtime<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> anyhow::Result<T> {
    let _permit = hashing_permits().acquire().await?;
    Ok(tokio::task::spawn_blocking(work).await?)
}

/// [`hash`] on the blocking pool, behind the hashing permits.
pub async fn hash_async(secret: String) -> anyhow::Result<String> {
    off_the_runtime(move || hash(&secret)).await?
}

/// [`verify`] on the blocking pool, behind the hashing permits (false on a failed task).
pub async fn verify_async(secret: String, phc: String) -> bool {
    off_the_runtime(move || verify(&secret, &phc))
        .await
        .unwrap_or(false)
}

/// [`verify_dummy`] on the blocking pool, behind the hashing permits.
pub async fn verify_dummy_async(secret: String) {
    let _ = off_the_runtime(move || verify_dummy(&secret)).await;
}

/// A random 6-digit code, uniformly drawn.
pub fn random_otp() -> String {
    let n = loop {
        let v = OsRng.next_u32();
        if v < u32::MAX - (u32::MAX % 1_000_000) {
            break v % 1_000_000;
        }
    };
    format!("{n:06}")
}

/// A random URL-safe token (32 bytes, hex).
pub fn random_token() -> String {
    let mut b = [0u8; 32];
    OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Compares without an early exit.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_never_contain_the_secret() {
        let h = hash("Correct!Horse9Battery").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(!h.contains("Correct!Horse9Battery"));
        assert!(verify("Correct!Horse9Battery", &h));
        assert!(!verify("correct!horse9battery", &h));
    }

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..100 {
            let c = random_otp();
            assert_eq!(c.len(), 6);
            assert!(c.chars().all(|c| c.is_ascii_digit()));
        }
    }
}

//! The public read contract (decision 0158) against real PostgreSQL: strong entity tags and
//! 304 on a matching `If-None-Match`, `Cache-Control: no-cache`, and CORS for any origin on the
//! public reads only (a session route answers a cross-origin caller without CORS headers, so a
//! browser keeps its answer from the calling page).

mod common;

use common::{import_geography, start_server, TestDb};
use reqwest::header::{
    ACCEPT_ENCODING, ACCESS_CONTROL_ALLOW_CREDENTIALS, ACCESS_CONTROL_ALLOW_ORIGIN,
    ACCESS_CONTROL_EXPOSE_HEADERS, CACHE_CONTROL, ETAG, IF_NONE_MATCH, ORIGIN,
};

const PARTNER: &str = "http://partner.example";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_reads_are_revalidated_by_entity_tag_and_readable_from_any_site() {
    let db = TestDb::new().await;
    import_geography(&db.pool).await;
    let base = start_server(&db.pool, None).await;
    let client = reqwest::Client::builder().build().unwrap();
    let url = format!("{base}/api/geography/boundary/1");

    // Twice: the first answer runs the stack, the second comes whole from the cache; both
    // carry the same strong tag.
    for round in 0..2 {
        let res = client
            .get(&url)
            .header(ORIGIN, PARTNER)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "round {round}");
        let etag = res.headers()[ETAG].to_str().unwrap().to_string();
        assert!(etag.starts_with('"') && !etag.starts_with("W/"), "{etag}");
        assert_eq!(res.headers()[CACHE_CONTROL], "no-cache");
        assert_eq!(res.headers()[ACCESS_CONTROL_ALLOW_ORIGIN], "*");
        assert!(res
            .headers()
            .get(ACCESS_CONTROL_ALLOW_CREDENTIALS)
            .is_none());
        assert!(res.headers()[ACCESS_CONTROL_EXPOSE_HEADERS]
            .to_str()
            .unwrap()
            .contains("etag"));
        let body = res.bytes().await.unwrap();
        assert!(!body.is_empty());

        // The same tag back: 304, no body, the validators kept.
        let again = client
            .get(&url)
            .header(IF_NONE_MATCH, &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "round {round}");
        assert_eq!(again.headers()[ETAG].to_str().unwrap(), etag);
        assert!(again.bytes().await.unwrap().is_empty());

        // Another tag: the whole answer.
        let other = client
            .get(&url)
            .header(IF_NONE_MATCH, "\"0123456789abcdef0123456789abcdef\"")
            .send()
            .await
            .unwrap();
        assert_eq!(other.status(), 200);
        assert_eq!(other.bytes().await.unwrap(), body);
    }

    // A strong tag names one representation: the gzip answer has its own.
    let plain = client.get(&url).send().await.unwrap();
    let gzip = client
        .get(&url)
        .header(ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(
        gzip.headers()
            .get("content-encoding")
            .map(|v| v.to_str().unwrap()),
        Some("gzip")
    );
    assert_ne!(plain.headers()[ETAG], gzip.headers()[ETAG]);

    // A browser's preflight for a revalidating fetch from another site is allowed.
    let preflight = client
        .request(reqwest::Method::OPTIONS, &url)
        .header(ORIGIN, PARTNER)
        .header("access-control-request-method", "GET")
        .header("access-control-request-headers", "if-none-match")
        .send()
        .await
        .unwrap();
    assert!(preflight.status().is_success(), "{}", preflight.status());
    assert_eq!(preflight.headers()[ACCESS_CONTROL_ALLOW_ORIGIN], "*");

    // A session route gives another site nothing it may read.
    let session = client
        .get(format!("{base}/api/auth/csrf"))
        .header(ORIGIN, PARTNER)
        .send()
        .await
        .unwrap();
    assert!(session.headers().get(ACCESS_CONTROL_ALLOW_ORIGIN).is_none());
    assert!(session.headers().get(ETAG).is_none());
    db.drop_db().await;
}

/// A client past its allowance of reads gets 429 with `Retry-After` and the error body, and is
/// served again once it waits; another client (a forwarded address behind a trusted proxy),
/// a write and the web app's pages are not counted against it (decision 0160).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_reads_from_one_client_is_answered_429_with_retry_after() {
    let db = TestDb::new().await;
    let mut state = gbvf_api::http::AppStateInner::new(db.pool.clone(), None, false, None);
    state.read_limit = gbvf_api::http::read_limit::ReadLimit::new(1, 5);
    state.trusted_proxies =
        gbvf_api::http::client::TrustedProxies(std::sync::Arc::new(vec!["127.0.0.1"
            .parse()
            .unwrap()]));
    let app = gbvf_api::http::router(state.into(), None);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(gbvf_api::cli::serve::serve_app(
        listener,
        app,
        std::future::pending(),
    ));
    let client = reqwest::Client::new();
    let read = || {
        client
            .get(format!("{base}/api/dashboard/components"))
            .send()
    };

    for n in 0..5 {
        assert_ne!(
            read().await.unwrap().status(),
            429,
            "read {n} is within the burst"
        );
    }
    let refused = read().await.unwrap();
    assert_eq!(refused.status(), 429);
    assert_eq!(refused.headers()[reqwest::header::RETRY_AFTER], "1");
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["success"], false);
    assert_eq!(body["errors"][0]["code"], "rate_limit");
    assert_eq!(body["message"], gbvf_api::http::error::TOO_MANY, "{body}");

    // Another client behind the trusted proxy has its own allowance.
    let other = client
        .get(format!("{base}/api/dashboard/components"))
        .header("x-forwarded-for", "198.51.100.7")
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200);
    // Writes and pages are not reads of the API.
    let write = client
        .post(format!("{base}/api/auth/login"))
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    assert_ne!(write.status(), 429);
    assert_ne!(
        client
            .get(format!("{base}/"))
            .send()
            .await
            .unwrap()
            .status(),
        429
    );

    // Once it has waited (one read a second), the client is served again.
    let mut served = false;
    for _ in 0..100 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        if read().await.unwrap().status() != 429 {
            served = true;
            break;
        }
    }
    assert!(served, "served again after waiting");
    db.drop_db().await;
}

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

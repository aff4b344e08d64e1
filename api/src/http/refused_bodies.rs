//! A body the server refuses unread (413 too large, 403 no permission or no CSRF token, any 4xx)
//! is read to its end, up to a bound, before the refusal is sent, so the client hears the
//! refusal. Without this the server answered 413 at
//! once and closed the connection while the client was still sending: the client saw a broken
//! pipe ("connection reset") instead of the answer, by chance and more often on a busy machine
//! (a browser uploading a too-large bulk-load file showed a network error, not the message).
//! This is the "lingering close" that web servers such as nginx do.
//!
//! Only requests that may be over the smallest limit are watched: a `Content-Length` over
//! [`super::layers::API_BODY_LIMIT`], or a body of unknown length. What is read past the limit
//! is thrown away as it arrives (bounded memory): at most [`DRAIN_AT_MOST_BYTES`] within
//! [`DRAIN_AT_MOST`]; beyond either the connection is closed as before.

use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, BodyDataStream, Bytes};
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;
use futures::{Stream, StreamExt};

/// Most bytes of a refused body read and thrown away before the refusal is sent.
pub const DRAIN_AT_MOST_BYTES: usize = 8 * 1024 * 1024;
/// Most time spent reading a refused body before the refusal is sent.
pub const DRAIN_AT_MOST: Duration = Duration::from_secs(5);

/// Where the rest of a body goes back when the handler drops it.
type Rest = Arc<Mutex<Option<BodyDataStream>>>;

/// The request's body as the handler reads it; what the handler leaves unread goes back to
/// [`Rest`] when it is dropped.
struct Returned {
    stream: Option<BodyDataStream>,
    rest: Rest,
}

impl Stream for Returned {
    type Item = Result<Bytes, axum::Error>;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        match self.stream.as_mut() {
            Some(stream) => stream.poll_next_unpin(cx),
            None => Poll::Ready(None),
        }
    }
}

impl Drop for Returned {
    fn drop(&mut self) {
        if let (Some(stream), Ok(mut rest)) = (self.stream.take(), self.rest.lock()) {
            *rest = Some(stream);
        }
    }
}

/// Whether the body may be over the smallest limit: a larger `Content-Length`, or none with
/// a body that is streamed (chunked).
fn may_be_too_large(req: &Request) -> bool {
    match req.headers().get(header::CONTENT_LENGTH) {
        Some(length) => length
            .to_str()
            .ok()
            .and_then(|l| l.parse::<usize>().ok())
            .is_none_or(|l| l > super::layers::API_BODY_LIMIT),
        None => req.headers().contains_key(header::TRANSFER_ENCODING),
    }
}

/// Middleware: answers a refusal (4xx) that left the body unread only after that body has been
/// read (bounded, see the module docs). Other answers and other requests are untouched.
pub async fn drain_refused_bodies(req: Request, next: Next) -> Response {
    if !may_be_too_large(&req) {
        return next.run(req).await;
    }
    let (parts, body) = req.into_parts();
    let rest: Rest = Arc::new(Mutex::new(None));
    let returned = Returned {
        stream: Some(body.into_data_stream()),
        rest: rest.clone(),
    };
    let response = next
        .run(Request::from_parts(parts, Body::from_stream(returned)))
        .await;
    if !response.status().is_client_error() {
        return response;
    }
    let unread = rest.lock().ok().and_then(|mut r| r.take());
    if let Some(mut unread) = unread {
        let _ = tokio::time::timeout(DRAIN_AT_MOST, async {
            let mut read = 0usize;
            while let Some(Ok(chunk)) = unread.next().await {
                read += chunk.len();
                if read > DRAIN_AT_MOST_BYTES {
                    break;
                }
            }
        })
        .await;
    }
    response
}

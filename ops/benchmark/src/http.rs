//! A small HTTP/1.1 client (hyper, one keep-alive connection per client) and the browser's
//! side of the product's sessions: the session check that hands out the browser cookie and
//! CSRF token, cookie jars, and signing in with a password.

use std::net::SocketAddr;

use anyhow::{anyhow, bail, Result};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper::{Method, Request, StatusCode};
use hyper_util::rt::TokioIo;

type Sender = SendRequest<Full<Bytes>>;

/// An answer: status, headers and the whole body.
pub type Answer = (StatusCode, hyper::HeaderMap, Bytes);

async fn connect(addr: SocketAddr) -> Result<Sender> {
    let stream = tokio::net::TcpStream::connect(addr).await?;
    stream.set_nodelay(true)?;
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(async move {
        let _ = conn.await;
    });
    Ok(sender)
}

/// One keep-alive HTTP/1.1 connection that reconnects when the server closes it.
pub struct Http {
    addr: SocketAddr,
    /// The `Host` header of its requests (`127.0.0.1:PORT`).
    pub host: String,
    sender: Option<Sender>,
}

impl Http {
    /// Connects to `addr`. Errors: the connection is refused.
    pub async fn new(addr: SocketAddr) -> Result<Http> {
        let sender = Some(connect(addr).await?);
        Ok(Http {
            addr,
            host: addr.to_string(),
            sender,
        })
    }

    /// Sends `req` and reads the whole answer; reconnects first if the server had closed the
    /// connection. Errors: connection or protocol failures (an HTTP error status is an answer).
    pub async fn send(&mut self, req: Request<Full<Bytes>>) -> Result<Answer> {
        if self.sender.as_ref().is_none_or(|s| s.is_closed()) {
            self.sender = Some(connect(self.addr).await?);
        }
        let sender = self.sender.as_mut().expect("connected");
        let result = async {
            sender.ready().await?;
            let res = sender.send_request(req).await?;
            let (parts, body) = res.into_parts();
            let bytes = body.collect().await?.to_bytes();
            anyhow::Ok((parts.status, parts.headers, bytes))
        }
        .await;
        if result.is_err() {
            self.sender = None;
        }
        result
    }

    /// `GET path` without a body.
    pub fn get(&self, path: &str) -> Request<Full<Bytes>> {
        Request::get(path)
            .header(hyper::header::HOST, &self.host)
            .body(Full::new(Bytes::new()))
            .expect("valid request")
    }

    /// `method path` with a JSON `body`, sent by the browser of `session` (its cookies and
    /// CSRF token).
    pub fn json(
        &self,
        method: Method,
        path: &str,
        session: &Session,
        body: impl Into<Bytes>,
    ) -> Result<Request<Full<Bytes>>> {
        Ok(Request::builder()
            .method(method)
            .uri(path)
            .header(hyper::header::HOST, &self.host)
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .header(hyper::header::COOKIE, &session.cookies)
            .header("x-csrf-token", &session.csrf)
            .body(Full::new(body.into()))?)
    }

    /// The session check every page of the web app makes, `POST /api/auth/userAuthenticated`,
    /// with the cookies of `jar` (none: a new browser); keeps the cookies it sets and returns
    /// the browser's session. Errors: no `csrfToken` in the answer.
    pub async fn session_check(&mut self, jar: &mut Jar) -> Result<Session> {
        let mut req =
            Request::post("/api/auth/userAuthenticated").header(hyper::header::HOST, &self.host);
        if !jar.0.is_empty() {
            req = req.header(hyper::header::COOKIE, jar.header());
        }
        let (_, headers, body) = self.send(req.body(Full::new(Bytes::new()))?).await?;
        jar.keep(&headers);
        let csrf = serde_json::from_slice::<serde_json::Value>(&body)?["csrfToken"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| anyhow!("no csrfToken"))?;
        Ok(Session {
            cookies: jar.header(),
            csrf,
        })
    }
}

/// An answer as a worker counts it: `Ok` for a 200; otherwise `path`, the status and the
/// answer's body, or the connection error, as text.
pub fn answered_ok(path: &str, outcome: Result<Answer, String>) -> Result<(), String> {
    match outcome {
        Ok((StatusCode::OK, _, _)) => Ok(()),
        Ok((status, _, body)) => Err(format!(
            "{path}: {status}: {}",
            String::from_utf8_lossy(&body)
        )),
        Err(e) => Err(format!("{path}: {e}")),
    }
}

/// `n` keep-alive connections to `addr`, opened before a run's clock starts.
pub async fn connections(addr: SocketAddr, n: usize) -> Result<Vec<Http>> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(Http::new(addr).await?);
    }
    Ok(out)
}

/// One `GET path` on a new connection to `addr`.
pub async fn get_once(addr: SocketAddr, path: &str) -> Result<Answer> {
    let mut http = Http::new(addr).await?;
    let req = http.get(path);
    http.send(req).await
}

/// A browser's session as the server sees it: the `Cookie` header and the CSRF token that
/// state-changing requests carry.
#[derive(Clone)]
pub struct Session {
    /// The `Cookie` header (`name=value; …`).
    pub cookies: String,
    /// The `X-CSRF-Token` header.
    pub csrf: String,
}

/// The cookies a client holds, by name, as `Set-Cookie` headers left them.
#[derive(Default)]
pub struct Jar(std::collections::BTreeMap<String, String>);

impl Jar {
    /// Keeps every cookie that `headers` set (name and value; attributes dropped).
    pub fn keep(&mut self, headers: &hyper::HeaderMap) {
        for v in headers.get_all(hyper::header::SET_COOKIE) {
            if let Some((name, value)) = v
                .to_str()
                .ok()
                .and_then(|v| v.split(';').next())
                .and_then(|p| p.split_once('='))
            {
                self.0
                    .insert(name.trim().to_string(), value.trim().to_string());
            }
        }
    }

    /// The `Cookie` header of what it holds.
    pub fn header(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// Signs in with a password over HTTP (session check, `POST /api/auth/login`, session check
/// again) and returns the signed-in session. Errors: the sign-in is refused (with the answer).
pub async fn sign_in(addr: SocketAddr, email: &str, password: &str) -> Result<Session> {
    let mut http = Http::new(addr).await?;
    let mut jar = Jar::default();
    let browser = http.session_check(&mut jar).await?;
    let body = serde_json::json!({"Username": email, "Password": password}).to_string();
    let req = http.json(Method::POST, "/api/auth/login", &browser, body)?;
    let (status, headers, body) = http.send(req).await?;
    if status != StatusCode::OK {
        bail!("sign-in: {status}: {}", String::from_utf8_lossy(&body));
    }
    jar.keep(&headers);
    http.session_check(&mut jar).await
}

/// `method path` with `body` as `session`; the answer's JSON when it is 200. Errors: any other
/// status (with the answer), or a body that is not JSON.
pub async fn call(
    http: &mut Http,
    session: &Session,
    method: Method,
    path: &str,
    body: serde_json::Value,
) -> Result<serde_json::Value> {
    let req = http.json(method, path, session, body.to_string())?;
    let (status, _, answer) = http.send(req).await?;
    if status != StatusCode::OK {
        bail!("{path}: {status}: {}", String::from_utf8_lossy(&answer));
    }
    Ok(serde_json::from_slice(&answer)?)
}

//! A TCP proxy in front of PostgreSQL that a test can cut and restore: what a network outage or
//! a stopped database looks like to `gbvf serve`, without touching the shared test cluster.
#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A running proxy; `url` is the database URL through it.
pub struct DbProxy {
    up: Arc<AtomicBool>,
    cut: watch::Sender<u64>,
    /// The database URL with the proxy's port.
    pub url: String,
}

impl DbProxy {
    /// Proxies `database_url`'s host and port from a free loopback port.
    pub async fn start(database_url: &str) -> DbProxy {
        let parsed = url::Url::parse(database_url).expect("database URL");
        let target = format!(
            "{}:{}",
            parsed.host_str().unwrap_or("127.0.0.1"),
            parsed.port().unwrap_or(5432)
        );
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let mut through = parsed.clone();
        through.set_host(Some("127.0.0.1")).unwrap();
        through.set_port(Some(port)).unwrap();
        let up = Arc::new(AtomicBool::new(true));
        let (cut, _) = watch::channel(0u64);
        let (up2, cut2) = (up.clone(), cut.clone());
        tokio::spawn(async move {
            loop {
                let Ok((client, _)) = listener.accept().await else {
                    return;
                };
                if !up2.load(Ordering::SeqCst) {
                    drop(client); // refused: closed at once
                    continue;
                }
                let mut cuts = cut2.subscribe();
                let target = target.clone();
                tokio::spawn(async move {
                    let Ok(server) = TcpStream::connect(&target).await else {
                        return;
                    };
                    let (mut client, mut server) = (client, server);
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = cuts.changed() => {}
                    }
                });
            }
        });
        DbProxy {
            up,
            cut,
            url: through.to_string(),
        }
    }

    /// Drops every open connection and refuses new ones until [`DbProxy::restore`].
    pub fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        self.cut.send_modify(|n| *n += 1);
    }

    /// Accepts connections again.
    pub fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

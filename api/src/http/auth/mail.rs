//! E-mail through lettre: SMTP when `SMTP_URL` is set, otherwise a development outbox that
//! writes every message as an `.eml` file under `GBVF_OUTBOX_DIR` (default `.data/outbox`).
//! Templates (minijinja) live in `api/templates/`: the OTP, the invitation of an account
//! created for someone, the welcome and rejection messages of organisation verification, and
//! the notice of a new application to the administrators who decide it.

use std::path::PathBuf;

use lettre::message::{header::ContentType, Mailbox};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use minijinja::Environment;
use serde::Serialize;

/// Where mail goes.
#[derive(Clone)]
pub enum Mailer {
    /// A real SMTP server.
    Smtp(AsyncSmtpTransport<Tokio1Executor>, Mailbox),
    /// Files in a directory (development and tests).
    Outbox(PathBuf, Mailbox),
}

fn templates() -> Environment<'static> {
    let mut env = Environment::new();
    env.add_template("otp", include_str!("../../../templates/otp.txt"))
        .expect("otp template");
    env.add_template(
        "invitation",
        include_str!("../../../templates/invitation.txt"),
    )
    .expect("invitation template");
    env.add_template("welcome", include_str!("../../../templates/welcome.txt"))
        .expect("welcome template");
    env.add_template(
        "application",
        include_str!("../../../templates/application.txt"),
    )
    .expect("application template");
    env.add_template(
        "rejection",
        include_str!("../../../templates/rejection.txt"),
    )
    .expect("rejection template");
    env.add_template(
        "registration-attempt",
        include_str!("../../../templates/registration-attempt.txt"),
    )
    .expect("registration-attempt template");
    env.add_template(
        "sign-in-attempts",
        include_str!("../../../templates/sign-in-attempts.txt"),
    )
    .expect("sign-in-attempts template");
    for (name, text) in [
        (
            "building-block-submissions",
            include_str!("../../../templates/building-block-submissions.txt"),
        ),
        (
            "building-block-verified",
            include_str!("../../../templates/building-block-verified.txt"),
        ),
        (
            "building-block-returned",
            include_str!("../../../templates/building-block-returned.txt"),
        ),
        (
            "building-block-decided",
            include_str!("../../../templates/building-block-decided.txt"),
        ),
    ] {
        env.add_template(name, text)
            .expect("building-block template");
    }
    env
}

impl Mailer {
    /// From the environment: `SMTP_URL` (e.g. `smtps://user:pass@host`) and `MAIL_FROM`, else
    /// the outbox at `GBVF_OUTBOX_DIR` or `.data/outbox`.
    pub fn from_env() -> anyhow::Result<Mailer> {
        let from: Mailbox = std::env::var("MAIL_FROM")
            .unwrap_or_else(|_| "GBVF dashboard <no-reply@gbvf.invalid>".into())
            .parse()?;
        match std::env::var("SMTP_URL").ok().filter(|u| !u.is_empty()) {
            Some(url) => Ok(Mailer::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(&url)?
                    .timeout(Some(std::time::Duration::from_secs(10)))
                    .build(),
                from,
            )),
            None => Ok(Mailer::Outbox(
                PathBuf::from(
                    std::env::var("GBVF_OUTBOX_DIR").unwrap_or_else(|_| ".data/outbox".into()),
                ),
                from,
            )),
        }
    }

    /// An outbox mailer writing into `dir`.
    pub fn outbox(dir: PathBuf) -> Mailer {
        Mailer::Outbox(
            dir,
            "GBVF dashboard <no-reply@gbvf.invalid>"
                .parse()
                .expect("mailbox"),
        )
    }

    /// Sends like [`Mailer::send`] off the request path (a spawned task), so that an answer
    /// takes as long whether or not a message was due; failures are logged. The development
    /// outbox is written before returning (a local file, and tests read it at once).
    pub async fn send_later(
        &self,
        to: String,
        subject: &'static str,
        name: &'static str,
        context: serde_json::Value,
    ) {
        if let Mailer::Outbox(..) = self {
            if let Err(e) = self.send(&to, subject, name, context).await {
                tracing::error!(error = %e, template = name, "writing an e-mail failed");
            }
            return;
        }
        let mailer = self.clone();
        tokio::spawn(async move {
            if let Err(e) = mailer.send(&to, subject, name, context).await {
                tracing::error!(error = %e, template = name, "sending an e-mail failed");
            }
        });
    }

    /// Renders template `name` with `context` and sends it to `to` with `subject`.
    pub async fn send(
        &self,
        to: &str,
        subject: &str,
        name: &str,
        context: impl Serialize,
    ) -> anyhow::Result<()> {
        self.send_with_id(to, subject, name, context, None).await
    }

    /// Like [`Mailer::send`] with a fixed `Message-ID` header (`<…@…>`), so that a message sent
    /// again for the same event is recognisably the same message (api/src/mail_worker/mod.rs).
    /// Errors: template, address or SMTP failures (connection refused, 10 s timeout, rejection).
    pub async fn send_with_id(
        &self,
        to: &str,
        subject: &str,
        name: &str,
        context: impl Serialize,
        message_id: Option<String>,
    ) -> anyhow::Result<()> {
        let body = templates().get_template(name)?.render(context)?;
        let from = match self {
            Mailer::Smtp(_, f) | Mailer::Outbox(_, f) => f.clone(),
        };
        let message = Message::builder()
            .from(from)
            .to(to.parse()?)
            .subject(subject)
            .message_id(message_id)
            .header(ContentType::TEXT_PLAIN)
            .body(body)?;
        match self {
            Mailer::Smtp(t, _) => {
                t.send(message).await?;
            }
            Mailer::Outbox(dir, _) => {
                tokio::fs::create_dir_all(dir).await?;
                AsyncFileTransport::<Tokio1Executor>::new(dir)
                    .send(message)
                    .await?;
            }
        }
        Ok(())
    }
}

/// One message in the outbox.
#[derive(Debug, Serialize)]
pub struct OutboxMessage {
    /// File name.
    pub file: String,
    /// Recipient.
    pub to: String,
    /// Subject.
    pub subject: String,
    /// Modification time, RFC 3339.
    pub at: String,
    /// Raw message.
    pub raw: String,
}

/// The messages of an outbox directory, newest first.
pub fn list_outbox(dir: &std::path::Path) -> anyhow::Result<Vec<OutboxMessage>> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(out);
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("eml") {
            continue;
        }
        let raw = std::fs::read_to_string(&path)?;
        let header = |name: &str| {
            raw.lines()
                .find_map(|l| l.strip_prefix(&format!("{name}: ")).map(str::to_string))
                .unwrap_or_default()
        };
        let at: chrono::DateTime<chrono::Utc> = entry.metadata()?.modified()?.into();
        out.push(OutboxMessage {
            file: entry.file_name().to_string_lossy().into(),
            to: header("To"),
            subject: header("Subject"),
            at: at.to_rfc3339(),
            raw,
        });
    }
    out.sort_by(|a, b| b.at.cmp(&a.at));
    Ok(out)
}

//! `gbvf ussd simulate`: the USSD survey in a terminal, without a gateway (decision 0168). It
//! speaks the aggregator's protocol (Africa's Talking form fields) over HTTP to a running
//! server, as a phone's network would: each line typed is one screen's input.

use std::io::{BufRead, Write};

use clap::Subcommand;

/// USSD subcommands.
#[derive(Subcommand)]
pub enum UssdCommand {
    /// Dial the survey of a short code against a running server and answer its menus here:
    /// type what a phone would (a number, 0 Back, 98 More, 99 Skip or Done) and Enter; an
    /// empty line or end of input hangs up (dial again with the same --phone to resume).
    Simulate {
        /// The short survey code (shown beside the survey link); typed as the first input.
        #[arg(long)]
        code: Option<String>,
        /// The server's address.
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        /// The callback secret the server was started with.
        #[arg(long, env = "GBVF_USSD_CALLBACK_SECRET", hide_env_values = true)]
        secret: String,
        /// The phone number the network would report.
        #[arg(long, default_value = "+27820000000")]
        phone: String,
        /// The service code dialled.
        #[arg(long, default_value = "*120*4321#")]
        service_code: String,
    },
}

/// Runs `gbvf ussd simulate`: a session of one dial, reading inputs from standard input and
/// printing each screen. Errors: the server unreachable or refusing the callback.
pub async fn run(command: UssdCommand) -> anyhow::Result<()> {
    let UssdCommand::Simulate {
        code,
        url,
        secret,
        phone,
        service_code,
    } = command;
    let client = reqwest::Client::new();
    let session = format!("simulate-{}", uuid::Uuid::new_v4().simple());
    let mut typed: Vec<String> = code.into_iter().collect();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let res = client
            .post(format!("{}/api/ussd/{secret}", url.trim_end_matches('/')))
            .form(&[
                ("sessionId", session.as_str()),
                ("serviceCode", service_code.as_str()),
                ("phoneNumber", phone.as_str()),
                ("networkCode", "simulate"),
                ("text", typed.join("*").as_str()),
            ])
            .send()
            .await?;
        let status = res.status();
        let body = res.text().await?;
        anyhow::ensure!(status.is_success(), "the server answered {status}: {body}");
        let (more, screen) = match body.split_at_checked(4) {
            Some(("CON ", s)) => (true, s),
            Some(("END ", s)) => (false, s),
            _ => anyhow::bail!("not a USSD answer: {body}"),
        };
        println!(
            "┌{}\n{screen}\n└{} characters",
            "─".repeat(30),
            screen.chars().count()
        );
        if !more {
            return Ok(());
        }
        print!("> ");
        std::io::stdout().flush()?;
        match lines.next() {
            Some(line) if !line.as_ref().map(|l| l.trim().is_empty()).unwrap_or(true) => {
                typed.push(line?.trim().to_string());
            }
            _ => {
                println!("(hung up)");
                return Ok(());
            }
        }
    }
}

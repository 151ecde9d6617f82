use std::process::ExitCode;

use bank::config::Config;
use bank::store::Db;

// mimalloc instead of glibc's malloc: a render allocates and frees tens of kilobytes of strings
// across threads (the page's HTML, its state, each API answer), and glibc spent ~8 % of a busy
// bank's CPU in malloc, free and the consolidation that large frees set off (`perf`, 2026-11-29).
// The `override` feature makes it the C `malloc` too, for what V8 and SQLite allocate (2.5 % of the
// bank's instructions per dashboard under callgrind, 2026-12-03; glibc's `malloc_consolidate`
// still showed in their threads).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "usage: bank [serve]
       bank features set <name> on|off     store a per-flag override
       bank features clear <name>          remove a stored override
       bank features list                  show the effective flags
       bank promos add <promo> [--business|--personal] [--roles admin,director,...] [--currency GBP]
                       [--has-card yes|no] [--from YYYY-MM-DD] [--until YYYY-MM-DD]
                                           run a promo (SPEC §2) for its audience, from and until
                                           those London days (default: from now, no end)
       bank promos end <promo>             end a running promo now
       bank promos list                    show every promo and its audience
       bank events queue <event> [--to <email>] [--business|--personal] [--roles ...] [--currency GBP]
                       [--has-card yes|no]
                                           queue a system event (cardShippingAddress,
                                           openBankingSurvey) for one customer or a segment
       bank support reply <email> <text>   answer a customer in the support chat
       bank staff add <email> support|compliance|operations|admin
                                           add back-office staff (adminPanel flag); prints
                                           their one-time passkey enrolment link
       bank server-bundle                  print the server bundle (for the Node benchmark)
       bank openapi                        print the API's OpenAPI 3.1 document
       bank ledger check                   verify the ledger's invariants (exit 1 if broken)
       bank money-in <IBAN|account number> <amount> <payer name> [reference] [--at <RFC 3339 time>]
                                           sandbox: credit an account as an inbound payment
       bank card-network authorize <card number|card id> <amount> contactless|atm|online [merchant]
       bank card-network capture|reverse <network id>
       bank card-network refund <network id> <amount>
                                           sandbox: what a card network sends the bank as issuer
       bank card-key <id>                  print a new key for BANK_CARD_KEYS
       bank kyb <email> approve|reject|request-more [--note <what the bank needs>]
                                           decide on a business waiting for its review
       bank restrict <email> | bank lift-restriction <email>
                                           restrict a ready account (the app stays open) or lift it";

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .json()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,tower_http=info".into()),
        )
        .with_current_span(true)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("bank: {error:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: &[String]) -> anyhow::Result<()> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    if print_without_database(&words)? {
        return Ok(());
    }
    let config = Config::from_env()?;
    let db = Db::connect(secrecy::ExposeSecret::expose_secret(&config.database_url)).await?;
    match words.as_slice() {
        [] | ["serve"] => serve(config, db).await,
        ["features", "list"] => features_list(&config, &db).await,
        ["features", "set", name, state] => features_set(&db, name, state).await,
        ["features", "clear", name] => features_clear(&db, name).await,
        ["promos", "list"] => promos::list(&db).await,
        ["promos", "add", name, rest @ ..] => promos::add(&db, name, rest).await,
        ["promos", "end", name] => promos::end(&db, name).await,
        ["events", "queue", name, rest @ ..] => events::queue(&db, name, rest).await,
        ["support", "reply", email, text @ ..] if !text.is_empty() => {
            support_reply(&db, email, &text.join(" ")).await
        }
        ["staff", "add", email, role] => staff_add(&config, &db, email, role).await,
        ["ledger", "check"] => ledger_check(&db).await,
        ["money-in", account, amount, payer, rest @ ..] => {
            money_in(&config, &db, [account, amount, payer], rest).await
        }
        ["card-network", message, rest @ ..] => card_network(&config, &db, message, rest).await,
        ["kyb", email, decision, rest @ ..] => kyb(&config, &db, email, decision, rest).await,
        [which @ ("restrict" | "lift-restriction"), email] => {
            restriction(&db, *which == "restrict", email).await
        }
        _ => anyhow::bail!("{USAGE}"),
    }
}

/// The commands that need no configuration or database; true when `words` was one of them.
fn print_without_database(words: &[&str]) -> anyhow::Result<bool> {
    match words {
        ["server-bundle"] => print!("{}", bank::http::assets::SERVER_BUNDLE),
        ["openapi"] => println!("{}", bank::api::openapi().to_pretty_json()?),
        // A new card key for BANK_CARD_KEYS: put it first and keep the old ones after it.
        ["card-key", id] => println!(
            "{}",
            bank::domain::cards::sealed::CardVault::new_key_text(id)
        ),
        _ => return Ok(false),
    }
    Ok(true)
}

async fn features_list(config: &Config, db: &Db) -> anyhow::Result<()> {
    let flags = config
        .features
        .with_overrides(&bank::store::features::overrides(db).await?);
    println!("{}", serde_json::to_string_pretty(&flags)?);
    Ok(())
}

async fn features_set(db: &Db, name: &str, state: &str) -> anyhow::Result<()> {
    let name = bank::domain::engagement::features::Flag::parse(name)
        .ok_or_else(|| anyhow::anyhow!("unknown feature flag {name}"))?
        .name();
    let on = match state {
        "on" => true,
        "off" => false,
        _ => anyhow::bail!("the state must be on or off"),
    };
    bank::store::features::set_override(db, name, on).await?;
    println!("{name} is now {state}");
    Ok(())
}

async fn features_clear(db: &Db, name: &str) -> anyhow::Result<()> {
    let removed = bank::store::features::clear_override(db, name).await?;
    println!(
        "{}",
        if removed {
            "override removed"
        } else {
            "there was no override"
        }
    );
    Ok(())
}

async fn ledger_check(db: &Db) -> anyhow::Result<()> {
    let broken = bank::jobs::check_ledger(db).await?;
    if broken.is_empty() {
        println!("the ledger is sound");
        return Ok(());
    }
    for line in &broken {
        println!("{line}");
    }
    anyhow::bail!("{} invariant(s) broken", broken.len())
}

/// Sandbox: an inbound payment to an account (or, for a number no account has, into suspense).
async fn money_in(
    config: &Config,
    db: &Db,
    [account, amount, payer]: [&str; 3],
    rest: &[&str],
) -> anyhow::Result<()> {
    if !config.sandbox {
        anyhow::bail!("money-in exists only in sandbox mode");
    }
    let (reference, at) = match rest {
        [words @ .., "--at", when] => {
            let at = when
                .parse::<jiff::Timestamp>()
                .map_err(|e| anyhow::anyhow!("--at wants an RFC 3339 time: {e}"))?;
            (words.join(" "), at.as_millisecond())
        }
        words => (words.join(" "), db.now_ms()),
    };
    let done =
        bank::providers::sandbox_payments::credit_at(db, account, amount, payer, &reference, at)
            .await?;
    if done.in_suspense {
        println!(
            "no account has {}: {} held in suspense (item {})",
            done.iban, done.amount, done.transaction_id
        );
    } else {
        println!(
            "credited {} to {} (transaction {})",
            done.amount, done.iban, done.transaction_id
        );
    }
    Ok(())
}

/// Sandbox: what a card network sends the bank as the card's issuer.
async fn card_network(
    config: &Config,
    db: &Db,
    message: &str,
    rest: &[&str],
) -> anyhow::Result<()> {
    use bank::providers::card_network;
    if !config.sandbox {
        anyhow::bail!("the sandbox card network exists only in sandbox mode");
    }
    let vault = &config.cards.vault;
    let done = match (message, rest) {
        ("authorize", [card, amount, kind, merchant @ ..]) => {
            let merchant = merchant.join(" ");
            card_network::authorize(db, vault, card, amount, kind, &merchant).await?
        }
        ("capture", [id]) => card_network::capture(db, id).await?,
        ("reverse", [id]) => card_network::reverse(db, id).await?,
        ("refund", [id, amount]) => card_network::refund(db, id, amount).await?,
        _ => anyhow::bail!("{USAGE}"),
    };
    println!("{}", card_network::describe(&done));
    Ok(())
}

/// The bank's decision on a business waiting for its review.
async fn kyb(
    config: &Config,
    db: &Db,
    email: &str,
    decision: &str,
    rest: &[&str],
) -> anyhow::Result<()> {
    use bank::domain::onboarding::review::KybDecision;
    use bank::services::onboarding::review::decide_business;
    let decision = match decision {
        "approve" => KybDecision::Approve,
        "reject" => KybDecision::Reject,
        "request-more" => KybDecision::RequestMore,
        _ => anyhow::bail!("the decision is approve, reject or request-more"),
    };
    let note = match rest {
        [] => None,
        ["--note", words @ ..] => Some(words.join(" ")),
        _ => anyhow::bail!("{USAGE}"),
    };
    let notify = bank::providers::notify::Notifications::for_config(db, config)?;
    let trading_name = &config.company.trading_name;
    let status =
        decide_business(db, &notify, trading_name, email, decision, note.as_deref()).await?;
    println!("{email} is now {}", status.as_str());
    Ok(())
}

/// A new member of the back office's staff: prints their one-time enrolment link.
async fn staff_add(config: &Config, db: &Db, email: &str, role: &str) -> anyhow::Result<()> {
    use bank::domain::backoffice::staff::StaffRole;
    let role = StaffRole::parse(role)
        .ok_or_else(|| anyhow::anyhow!("the role is support, compliance, operations or admin"))?;
    let (member, link) =
        bank::services::backoffice::staff::add(db, &config.base_url, email, role).await?;
    println!(
        "{} is {} staff. Their one-time enrolment link (valid for 24 hours):\n{link}",
        member.email,
        role.as_str()
    );
    Ok(())
}

/// Restricts a ready account (the app stays open, money does not move), as the back office's
/// compliance staff do, or lifts the restriction (in the back office that takes two members).
async fn restriction(db: &Db, restrict: bool, email: &str) -> anyhow::Result<()> {
    use bank::domain::onboarding::kyc::KycStatus;
    let email = bank::domain::auth::email::Email::parse(email)
        .map_err(|message| anyhow::anyhow!("{message}"))?;
    let user = bank::store::users::by_email(db, &email)
        .await?
        .ok_or_else(|| anyhow::anyhow!("no customer has that email"))?;
    if restrict {
        bank::services::backoffice::customers::restrict(db, None, &user.id, "bank restrict")
            .await
            .map_err(|error| anyhow::anyhow!("{error}"))?;
        println!(
            "{} is now {}",
            email.as_str(),
            KycStatus::AccountRestricted.as_str()
        );
        return Ok(());
    }
    let (from, to) = (KycStatus::AccountRestricted, KycStatus::Completed);
    let mut conn = db.pool.acquire().await?;
    if !bank::store::users::move_status(&mut conn, &user.id, &[from], to).await? {
        anyhow::bail!(
            "the account is {}, not {}",
            user.kyc_status.as_str(),
            from.as_str()
        );
    }
    println!("{} is now {}", email.as_str(), to.as_str());
    Ok(())
}

async fn serve(config: Config, db: Db) -> anyhow::Result<()> {
    if config.sandbox && bank::demo::ensure(&db).await? {
        println!(
            "Sandbox demo customers (log in, then read the SMS code at {}/dev/outbox):",
            config.base_url
        );
        for demo in bank::demo::DEMO_USERS {
            println!(
                "  {}  password {}  ({}, phone {})",
                demo.email, demo.password, demo.profile, demo.phone
            );
        }
        let waiting = bank::demo::applicant::APPLICANT;
        println!(
            "  {}  password {}  ({}, phone {}): a business waiting for the bank's review",
            waiting.email, waiting.password, waiting.profile, waiting.phone
        );
    }
    let listen = config.listen;
    let limits = config.limits;
    let base_url = config.base_url.clone();
    let (app, lifecycle) = bank::http::build(config, db)?;
    let listener = tokio::net::TcpListener::bind(listen).await?;
    tracing::info!(%listen, "bank listening");
    println!("The bank is running. Open {base_url}/ in your browser.");
    // The peer address reaches every handler (client identity, rate limits, audit log), and the
    // listener's limits hold off slow and idle sockets.
    let draining = lifecycle.clone();
    let stop_accepting = async move {
        shutdown().await;
        tracing::info!(drain = ?limits.drain, "shutting down: /readyz is unready");
        draining.begin_drain();
        tokio::time::sleep(limits.drain).await;
    };
    bank::http::serve::serve(listener, app, limits, stop_accepting).await;
    lifecycle.stop_jobs(limits.grace).await;
    tracing::info!("the bank stopped");
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut signal) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}

/// The operator's promo campaigns (SPEC §2 promo modals): added and ended without a deployment.
mod promos {
    use bank::domain::accounts::money::Currency;
    use bank::domain::engagement::promos::{Audience, Campaign, Promo};
    use bank::domain::london::day_bound;
    use bank::domain::profiles::access::{ProfileType, Role};
    use bank::services::engagement::promos as service;
    use bank::store::Db;

    fn promo(name: &str) -> anyhow::Result<Promo> {
        Promo::parse(name).ok_or_else(|| {
            let names: Vec<_> = Promo::ALL.iter().map(|p| p.name()).collect();
            anyhow::anyhow!("unknown promo {name}: one of {}", names.join(", "))
        })
    }

    pub async fn add(db: &Db, name: &str, rest: &[&str]) -> anyhow::Result<()> {
        let mut campaign = Campaign {
            promo: promo(name)?,
            audience: Audience::default(),
            starts_at: db.now_ms(),
            ends_at: None,
        };
        let mut words = rest.iter();
        while let Some(word) = words.next() {
            let mut value = || {
                words
                    .next()
                    .copied()
                    .ok_or_else(|| anyhow::anyhow!("{word} needs a value"))
            };
            if audience_option(word, &mut value, &mut campaign.audience)? {
                continue;
            }
            match *word {
                "--from" => {
                    let day = value()?;
                    campaign.starts_at = day_bound(day, false)
                        .ok_or_else(|| anyhow::anyhow!("--from is a day YYYY-MM-DD"))?
                }
                "--until" => {
                    let day = value()?;
                    campaign.ends_at = Some(
                        day_bound(day, true)
                            .ok_or_else(|| anyhow::anyhow!("--until is a day YYYY-MM-DD"))?
                            + 1,
                    )
                }
                other => anyhow::bail!("unknown option {other}\n{}", super::USAGE),
            }
        }
        if campaign.ends_before_it_starts() {
            anyhow::bail!("the promo would end before it starts");
        }
        service::start(db, &campaign).await?;
        println!("{}", serde_json::to_string(&campaign)?);
        Ok(())
    }

    /// The audience options promos and system events share; false when `word` is not one.
    pub fn audience_option<'w>(
        word: &str,
        value: &mut impl FnMut() -> anyhow::Result<&'w str>,
        a: &mut Audience,
    ) -> anyhow::Result<bool> {
        match word {
            "--business" => a.profile_type = Some(ProfileType::Business),
            "--personal" => a.profile_type = Some(ProfileType::Personal),
            "--roles" => {
                a.roles = value()?
                    .split(',')
                    .map(|r| Role::parse(r).ok_or_else(|| anyhow::anyhow!("unknown role {r}")))
                    .collect::<anyhow::Result<_>>()?
            }
            "--currency" => {
                let code = value()?;
                a.primary_currency = Some(
                    Currency::parse(code)
                        .ok_or_else(|| anyhow::anyhow!("unknown currency {code}"))?,
                )
            }
            "--has-card" => {
                a.has_card = Some(match value()? {
                    "yes" => true,
                    "no" => false,
                    _ => anyhow::bail!("--has-card is yes or no"),
                })
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    pub async fn end(db: &Db, name: &str) -> anyhow::Result<()> {
        let ended = service::end(db, promo(name)?).await?;
        println!("{}", if ended { "ended" } else { "it was not running" });
        Ok(())
    }

    pub async fn list(db: &Db) -> anyhow::Result<()> {
        for campaign in service::campaigns(db).await? {
            println!("{}", serde_json::to_string(&campaign)?);
        }
        Ok(())
    }
}

mod events {
    use bank::domain::auth::email::Email;
    use bank::domain::engagement::events::SystemEvent;
    use bank::domain::engagement::promos::Audience;
    use bank::services::engagement::events::{self as service, Target};
    use bank::store::Db;

    /// `bank events queue <event> [--to <email>] [audience options]`: for one customer (every
    /// profile of theirs the audience holds for) or for everyone the audience holds for.
    pub async fn queue(db: &Db, name: &str, rest: &[&str]) -> anyhow::Result<()> {
        let event = SystemEvent::parse(name).ok_or_else(|| {
            let names: Vec<_> = SystemEvent::ALL.iter().map(|e| e.name()).collect();
            anyhow::anyhow!("unknown event {name}: one of {}", names.join(", "))
        })?;
        let mut target = Target {
            email: None,
            audience: Audience::default(),
        };
        let mut words = rest.iter();
        while let Some(word) = words.next() {
            let mut value = || {
                words
                    .next()
                    .copied()
                    .ok_or_else(|| anyhow::anyhow!("{word} needs a value"))
            };
            if super::promos::audience_option(word, &mut value, &mut target.audience)? {
                continue;
            }
            match *word {
                "--to" => {
                    let address = value()?;
                    target.email = Some(
                        Email::parse(address)
                            .map_err(|_| anyhow::anyhow!("--to is an email address"))?,
                    )
                }
                other => anyhow::bail!("unknown option {other}\n{}", super::USAGE),
            }
        }
        let queued = service::queue(db, event, &target, "operator").await?;
        println!("queued {} for {queued} member(s)", event.name());
        Ok(())
    }
}

/// Support answers a customer in the app's chat (until the back office has its inbox).
async fn support_reply(db: &Db, email: &str, text: &str) -> anyhow::Result<()> {
    let email = bank::domain::auth::email::Email::parse(email)
        .map_err(|_| anyhow::anyhow!("{email} is not an email address"))?;
    let text = bank::domain::support::chat::check_text(text).map_err(anyhow::Error::msg)?;
    match bank::services::support::chat::reply(db, &email, &text, "operator").await? {
        Some(line) => println!("sent {}", line.id),
        None => anyhow::bail!("no customer has the email {}", email.as_str()),
    }
    Ok(())
}

//! Issue 31 point 7: the support chat behind SPEC §1's chatWidget flag. A line is kept once
//! however often the app sends it; support's answers are unread until the person looks; each
//! person sees their own conversation only; with the flag off the chat does not exist.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::domain::auth::email::Email;

async fn conversation(bank: &TestBank, who: &Customer, open: bool) -> Value {
    let reply = call(
        bank,
        who,
        "POST",
        "/v2/support/chat/fetch",
        json!({ "open": open }),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

async fn say(bank: &TestBank, who: &Customer, client_id: &str, text: &str) -> Reply {
    call(
        bank,
        who,
        "POST",
        "/v2/support/chat",
        json!({ "clientId": client_id, "text": text }),
    )
    .await
}

on_both_backends!(the_chat_exists_only_while_its_flag_is_on, |bank| {
    let owner = business_owner(bank).await;
    // SPEC §1: chatWidget is off.
    assert_eq!(say(bank, &owner, "line-0001", "Hello").await.status, 403);
    let closed = call(bank, &owner, "POST", "/v2/support/chat/fetch", json!({})).await;
    assert_eq!(closed.status, 403);
    bank::store::features::set_override(&bank.db, "chatWidget", true)
        .await
        .unwrap();
    assert_eq!(conversation(bank, &owner, false).await["lines"], json!([]));
});

on_both_backends!(a_line_is_kept_once_and_answers_wait_to_be_read, |bank| {
    bank::store::features::set_override(&bank.db, "chatWidget", true)
        .await
        .unwrap();
    let owner = business_owner(bank).await;
    let other = personal_customer(bank, "sam@example.com", "Sam Carter").await;

    let empty = say(bank, &owner, "line-0001", "   ").await;
    assert_eq!(empty.status, 422);
    assert_eq!(empty.field_error("text"), "Field is required");
    let long = say(bank, &owner, "line-0001", &"x".repeat(2001)).await;
    assert_eq!(long.field_error("text"), "Write at most 2,000 characters");
    let no_id = say(bank, &owner, "", "Hello").await;
    assert_eq!(
        no_id.field_error("clientId"),
        "Send the line again from the app"
    );
    assert_eq!(conversation(bank, &owner, false).await["lines"], json!([]));

    // The app sends again when an answer is lost: the same line, once.
    let (a, b) = tokio::join!(
        say(bank, &owner, "line-0001", " Can I raise my card limit? "),
        say(bank, &owner, "line-0001", " Can I raise my card limit? "),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(b.status, 200, "{}", b.body);
    assert_eq!(a.json()["id"], b.json()["id"]);
    assert_eq!(a.json()["text"], "Can I raise my card limit?");
    assert_eq!(a.json()["author"], "customer");

    let answered = bank::services::support::chat::reply(
        &bank.db,
        &Email::parse("olivia@example.com").unwrap(),
        "Yes: Cards, then Limits.",
        "test",
    )
    .await
    .unwrap();
    assert!(answered.is_some());
    assert!(bank::services::support::chat::reply(
        &bank.db,
        &Email::parse("nobody@example.com").unwrap(),
        "Hello",
        "test",
    )
    .await
    .unwrap()
    .is_none());

    let waiting = conversation(bank, &owner, false).await;
    assert_eq!(waiting["unread"], 1);
    let authors: Vec<_> = waiting["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["author"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(authors, ["customer", "support"]);
    assert_eq!(conversation(bank, &owner, true).await["unread"], 0);
    assert_eq!(conversation(bank, &owner, false).await["unread"], 0);

    // Another person's chat is theirs alone, even with the same app id.
    assert_eq!(conversation(bank, &other, false).await["lines"], json!([]));
    let theirs = say(bank, &other, "line-0001", "Hi").await;
    assert_eq!(theirs.status, 200);
    assert_ne!(theirs.json()["id"], a.json()["id"]);
    assert_eq!(
        conversation(bank, &owner, false).await["lines"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
});

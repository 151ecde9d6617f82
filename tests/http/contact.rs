//! Issue 31 point 6, the contact form: SPEC §7 POST /v1/utils/contact-form with source
//! dashboard, SPEC §5's required fields and phone range, SPEC §8's 'Message sent successfully';
//! the message kept for support, acknowledged by email, and rate limited.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::common_answers::Success;

fn message() -> Value {
    json!({
        "name": "Olivia Bennett",
        "email": "olivia.b@example.com",
        "phone": "+44 7700 900001",
        "subject": "A card that did not arrive",
        "request": "I ordered a card two weeks ago and it has not come.",
        "source": "dashboard",
    })
}

async fn kept(bank: &TestBank) -> i64 {
    sqlx::query_as::<_, (i64,)>("SELECT CAST(COUNT(*) AS BIGINT) FROM support_messages")
        .fetch_one(&bank.db.pool)
        .await
        .unwrap()
        .0
}

on_both_backends!(a_message_is_kept_and_acknowledged, |bank| {
    let owner = business_owner(bank).await;
    let reply = call(bank, &owner, "POST", "/v1/utils/contact-form", message()).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let answer: Success = reply.read();
    assert!(answer.success);
    assert_eq!(answer.message.as_deref(), Some("Message sent successfully"));
    let open = bank::store::support_messages::open(&bank.db).await.unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].1, "dashboard");
    assert_eq!(open[0].2, "olivia.b@example.com");
    assert_eq!(open[0].3, "A card that did not arrive");
    let told = last_message(bank, "olivia.b@example.com").await;
    assert_eq!(
        told.subject,
        "We have your message: A card that did not arrive"
    );
    assert!(told.body.contains("it has not come"));
});

on_both_backends!(every_check_of_the_contact_form, |bank| {
    let owner = business_owner(bank).await;
    let reply = call(
        bank,
        &owner,
        "POST",
        "/v1/utils/contact-form",
        json!({"source": "dashboard"}),
    )
    .await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    for field in ["name", "email", "subject", "request"] {
        assert_eq!(reply.field_error(field), "Field is required");
    }
    let mut long_phone = message();
    long_phone["phone"] = json!("+44 7700 900001 23456");
    long_phone["email"] = json!("olivia at example");
    let reply = call(bank, &owner, "POST", "/v1/utils/contact-form", long_phone).await;
    assert_eq!(reply.field_error("phone"), "Phone number is out of range");
    assert_eq!(reply.field_error("email"), "Email is invalid");
    let mut elsewhere = message();
    elsewhere["source"] = json!("website");
    assert_eq!(
        call(bank, &owner, "POST", "/v1/utils/contact-form", elsewhere)
            .await
            .status,
        422
    );
    let anonymous = post(bank, "/v1/utils/contact-form", message(), &[]).await;
    assert_eq!(anonymous.status, 401, "{}", anonymous.body);
    assert_eq!(kept(bank).await, 0, "nothing kept");
});

on_both_backends!(contact_messages_are_rate_limited, |bank| {
    let owner = business_owner(bank).await;
    for _ in 0..5 {
        assert_eq!(
            call(bank, &owner, "POST", "/v1/utils/contact-form", message())
                .await
                .status,
            200
        );
    }
    let limited = call(bank, &owner, "POST", "/v1/utils/contact-form", message()).await;
    assert_eq!(limited.status, 429, "{}", limited.body);
    assert_eq!(kept(bank).await, 5);
});

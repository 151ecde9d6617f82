//! Issue 31 point 3: system events and surveys. SPEC §3 settings are the person's own (their
//! open events, the surveys they answered); an operator queues an event for one customer or a
//! segment; the shipping choice and the survey's answers close their events; an event the app
//! was never told of is never dismissed by it.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::domain::accounts::money::Currency;
use bank::domain::auth::email::Email;
use bank::domain::engagement::events::SystemEvent;
use bank::domain::engagement::promos::Audience;
use bank::domain::profiles::access::ProfileType;
use bank::services::engagement::events::{self, Target};

pub(crate) async fn settings(bank: &TestBank, who: &Customer) -> Value {
    let reply = call(bank, who, "GET", "/v1/utils/settings", Value::Null).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.header("cache-control"), "no-store");
    reply.json()
}

pub(crate) fn named(settings: &Value, name: &str) -> Value {
    settings
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap()["value"]
        .clone()
}

async fn queue_for(bank: &TestBank, event: SystemEvent, email: &str) -> usize {
    let target = Target {
        email: Some(Email::parse(email).unwrap()),
        audience: Audience::default(),
    };
    events::queue(&bank.db, event, &target, "test")
        .await
        .unwrap()
}

async fn keep_only(bank: &TestBank, who: &Customer, still: Value) -> Reply {
    call(
        bank,
        who,
        "POST",
        "/v1/utils/settings",
        json!({"name": "events", "value": still}),
    )
    .await
}

/// The person's open banking survey answers, as the bank kept them.
async fn kept_answers(bank: &TestBank, who: &Customer) -> Value {
    bank::store::system_events::answers(
        &bank.db,
        &who.user_id,
        bank::domain::engagement::surveys::Survey::OpenBankingSurvey,
    )
    .await
    .unwrap()
    .unwrap()
}

fn survey_answers() -> Value {
    json!({
        "name": "openBankingSurvey",
        "answers": {"otherBanks": "one", "wanted": ["balances"], "comfort": "somewhat", "comments": " Soon please "},
    })
}

on_both_backends!(settings_are_the_persons_own_events_and_surveys, |bank| {
    let anonymous = bank.get("/v1/utils/settings", DESKTOP).await;
    assert_eq!(
        anonymous.json(),
        json!([{"name": "events", "value": []}, {"name": "surveys", "value": []}])
    );
    let owner = business_owner(bank).await;
    let private = personal_customer(bank, "sam@example.com", "Sam Carter").await;

    assert_eq!(
        queue_for(bank, SystemEvent::CardShippingAddress, "olivia@example.com").await,
        1
    );
    assert_eq!(
        queue_for(bank, SystemEvent::CardShippingAddress, "olivia@example.com").await,
        0,
        "an open event is not queued twice"
    );
    assert_eq!(
        queue_for(bank, SystemEvent::CardShippingAddress, "nobody@example.com").await,
        0
    );
    // A business banking in euro has no cards to send (SPEC §6: a UK primary account).
    let euro = customer(bank, "eu@example.com", "Euro Trading GmbH").await;
    open_account(bank, &euro.profile_id, Currency::Eur, true).await;
    assert_eq!(
        queue_for(bank, SystemEvent::CardShippingAddress, "eu@example.com").await,
        0
    );
    // A segment: every personal profile's members.
    let personal = Target {
        email: None,
        audience: Audience {
            profile_type: Some(ProfileType::Personal),
            ..Audience::default()
        },
    };
    assert_eq!(
        events::queue(&bank.db, SystemEvent::OpenBankingSurvey, &personal, "test")
            .await
            .unwrap(),
        1
    );

    let mine = settings(bank, &owner).await;
    assert_eq!(named(&mine, "events"), json!(["cardShippingAddress"]));
    assert_eq!(named(&mine, "surveys"), json!([]));
    assert_eq!(
        named(&settings(bank, &private).await, "events"),
        json!(["openBankingSurvey"])
    );

    // Queued after the app last looked: leaving it out does not dismiss it.
    assert_eq!(
        queue_for(bank, SystemEvent::OpenBankingSurvey, "olivia@example.com").await,
        1
    );
    let kept = keep_only(bank, &owner, json!([])).await;
    assert_eq!(kept.status, 200, "{}", kept.body);
    assert_eq!(named(&kept.json(), "events"), json!(["openBankingSurvey"]));
    // Now told of it, the app may put it aside too; it does not come back.
    let kept = keep_only(bank, &owner, json!([])).await;
    assert_eq!(named(&kept.json(), "events"), json!([]));
    assert_eq!(named(&settings(bank, &owner).await, "events"), json!([]));
    assert_eq!(
        queue_for(bank, SystemEvent::CardShippingAddress, "olivia@example.com").await,
        1,
        "a closed event may be asked again"
    );

    // Bad input changes nothing.
    for (input, field, message) in [
        (
            json!({"name": "surveys", "value": []}),
            "name",
            "Surveys are answered through their form",
        ),
        (
            json!({"name": "theme", "value": []}),
            "name",
            "Unknown setting",
        ),
        (
            json!({"name": "events", "value": "x"}),
            "value",
            "The value must be a list of names",
        ),
    ] {
        let refused = call(bank, &owner, "POST", "/v1/utils/settings", input).await;
        assert_eq!(refused.status, 422);
        assert_eq!(refused.field_error(field), message);
    }
    settings(bank, &owner).await;
    let refused = keep_only(bank, &owner, json!(["<script>"])).await;
    assert_eq!(refused.status, 422);
    assert_eq!(
        named(&settings(bank, &owner).await, "events"),
        json!(["cardShippingAddress"])
    );
    let anonymous = bank
        .post_json(
            "/v1/utils/settings",
            json!({"name": "events", "value": []}),
            None,
        )
        .await;
    assert_eq!(anonymous.status, 401);
});

on_both_backends!(events_wait_until_the_account_is_ready, |bank| {
    use bank::domain::onboarding::kyc::KycStatus;
    let owner = business_owner(bank).await;
    bank::store::users::set_status(&bank.db, &owner.user_id, KycStatus::ProfileIncomplete)
        .await
        .unwrap();
    let everyone = Target {
        email: None,
        audience: Audience::default(),
    };
    events::queue(
        &bank.db,
        SystemEvent::CardShippingAddress,
        &everyone,
        "test",
    )
    .await
    .unwrap();
    assert_eq!(named(&settings(bank, &owner).await, "events"), json!([]));
    let refused = call(
        bank,
        &owner,
        "POST",
        "/v2/ui-forms/take",
        json!({"name": "openBankingSurvey"}),
    )
    .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    // Ready now: the event queued meanwhile is there.
    bank::store::users::set_status(&bank.db, &owner.user_id, KycStatus::Completed)
        .await
        .unwrap();
    assert_eq!(
        named(&settings(bank, &owner).await, "events"),
        json!(["cardShippingAddress"])
    );
});

on_both_backends!(choosing_where_cards_go_answers_the_shipping_event, |bank| {
    let owner = business_owner(bank).await;
    queue_for(bank, SystemEvent::CardShippingAddress, "olivia@example.com").await;
    settings(bank, &owner).await;
    let unknown = call(
        bank,
        &owner,
        "PATCH",
        "/v2/cards/shipping-addresses",
        json!({"type": "registered"}),
    )
    .await;
    assert_eq!(unknown.status, 422);
    assert_eq!(
        named(&settings(bank, &owner).await, "events"),
        json!(["cardShippingAddress"]),
        "a refused choice answers nothing"
    );
    let chosen = call(
        bank,
        &owner,
        "PATCH",
        "/v2/cards/shipping-addresses",
        json!({"type": "other", "address": {
            "addressLine1": "1 Poultry", "city": "London", "postalCode": "EC2R 8EJ", "countryCode": "GB"
        }}),
    )
    .await;
    assert_eq!(chosen.status, 200, "{}", chosen.body);
    assert_eq!(named(&settings(bank, &owner).await, "events"), json!([]));
});

on_both_backends!(a_survey_is_a_form_answered_once, |bank| {
    let private = personal_customer(bank, "sam@example.com", "Sam Carter").await;
    queue_for(bank, SystemEvent::OpenBankingSurvey, "sam@example.com").await;

    let form = call(
        bank,
        &private,
        "POST",
        "/v2/ui-forms/take",
        json!({"name": "openBankingSurvey"}),
    )
    .await;
    assert_eq!(form.status, 200, "{}", form.body);
    let form = form.json();
    assert_eq!(form["name"], "openBankingSurvey");
    let ids: Vec<_> = form["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids, ["otherBanks", "wanted", "comfort", "comments"]);
    assert_eq!(form["questions"][1]["kind"], "multiple");
    let unknown = call(
        bank,
        &private,
        "POST",
        "/v2/ui-forms/take",
        json!({"name": "mood"}),
    )
    .await;
    assert_eq!(unknown.field_error("name"), "Unknown form");

    let incomplete = call(
        bank,
        &private,
        "POST",
        "/v2/ui-forms/answers",
        json!({"name": "openBankingSurvey", "answers": {"otherBanks": "maybe"}}),
    )
    .await;
    assert_eq!(incomplete.status, 422);
    assert_eq!(
        incomplete.field_error("otherBanks"),
        "Choose one of the options"
    );
    assert_eq!(incomplete.field_error("wanted"), "Field is required");
    assert_eq!(
        named(&settings(bank, &private).await, "events"),
        json!(["openBankingSurvey"])
    );

    // Sent twice at once (a double tap, a retry): both succeed, one answer is kept.
    let (a, b) = tokio::join!(
        call(
            bank,
            &private,
            "POST",
            "/v2/ui-forms/answers",
            survey_answers()
        ),
        call(
            bank,
            &private,
            "POST",
            "/v2/ui-forms/answers",
            survey_answers()
        ),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(b.status, 200, "{}", b.body);
    let mine = settings(bank, &private).await;
    assert_eq!(named(&mine, "events"), json!([]));
    assert_eq!(named(&mine, "surveys"), json!(["openBankingSurvey"]));
    let kept = kept_answers(bank, &private).await;
    assert_eq!(kept["comments"], "Soon please");
    assert_eq!(kept["wanted"], json!(["balances"]));

    let mut other = survey_answers();
    other["answers"]["otherBanks"] = json!("several");
    let again = call(bank, &private, "POST", "/v2/ui-forms/answers", other).await;
    assert_eq!(again.status, 200);
    let kept = kept_answers(bank, &private).await;
    assert_eq!(kept["otherBanks"], "one", "the first answers stand");
    assert_eq!(
        queue_for(bank, SystemEvent::OpenBankingSurvey, "sam@example.com").await,
        0,
        "not asked again once answered"
    );
});

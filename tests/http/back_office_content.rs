//! Issue 32 point 6: operations run promos (audience, dates) and queue system events and surveys
//! for one customer or a segment from the console; customers see them exactly as when the
//! commands set them up; every change is listed with who made it and why.

use bank::domain::backoffice::staff::StaffRole;
use serde_json::json;

use crate::back_office::{as_staff, open_back_office, staff};
use crate::engagement::{entries, state_of};
use crate::events::{named, settings};
use crate::helpers::*;
use crate::on_both_backends;

on_both_backends!(operations_run_promos_from_the_console, |bank| {
    open_back_office(bank).await;
    let (_, olga) = staff(bank, "olga@harbour.example", StaffRole::Operations).await;
    let owner = business_owner(bank).await;
    let private = personal_customer(bank, "sam@example.com", "Sam Carter").await;
    let start =
        |body: serde_json::Value| as_staff(bank, &olga, "POST", "/back-office/api/promos", body);

    let unexplained = start(json!({"promo": "rolesPromo", "reason": ""})).await;
    assert_eq!(unexplained.field_error("reason"), "Say why, in a few words");
    let backwards = start(json!({"promo": "rolesPromo", "from": "2026-12-10",
                                 "until": "2026-12-01", "reason": "Roles launch"}))
    .await;
    assert_eq!(
        backwards.field_error("until"),
        "The promo must end after it starts"
    );
    assert_eq!(state_of(&entries(bank, &owner).await, "rolesPromo"), None);

    let started = start(
        json!({"promo": "rolesPromo", "audience": {"profileType": "business"},
                               "reason": "Roles launch"}),
    )
    .await;
    assert_eq!(started.status, 200, "{}", started.body);
    let overview = started.json();
    assert_eq!(overview["campaigns"][0]["promo"], "rolesPromo");
    assert_eq!(overview["campaigns"][0]["running"], true);
    assert_eq!(overview["changes"][0]["by"], "olga@harbour.example");
    assert_eq!(overview["changes"][0]["action"], "promo.started");
    assert_eq!(overview["changes"][0]["reason"], "Roles launch");
    assert_eq!(
        state_of(&entries(bank, &owner).await, "rolesPromo").as_deref(),
        Some("toNotify")
    );
    assert_eq!(
        state_of(&entries(bank, &private).await, "rolesPromo"),
        None,
        "only businesses"
    );

    let end = |reason: &str| {
        let body = json!({"promo": "rolesPromo", "reason": reason});
        as_staff(bank, &olga, "POST", "/back-office/api/promos/end", body)
    };
    let ended = end("Launch over").await;
    assert_eq!(ended.status, 200, "{}", ended.body);
    assert_eq!(ended.json()["campaigns"][0]["running"], false);
    assert_eq!(ended.json()["changes"][0]["action"], "promo.ended");
    assert_eq!(state_of(&entries(bank, &owner).await, "rolesPromo"), None);
    assert_eq!(end("Launch over").await.error().code, "not_running");
});

on_both_backends!(
    operations_queue_events_and_surveys_for_a_customer_or_a_segment,
    |bank| {
        open_back_office(bank).await;
        let (_, olga) = staff(bank, "olga@harbour.example", StaffRole::Operations).await;
        let owner = business_owner(bank).await;
        let private = personal_customer(bank, "sam@example.com", "Sam Carter").await;
        let queue = |body: serde_json::Value| {
            as_staff(bank, &olga, "POST", "/back-office/api/events", body)
        };

        let nobody = queue(
            json!({"event": "cardShippingAddress", "email": "nobody@example.com",
                                  "reason": "Card reissue"}),
        )
        .await;
        assert_eq!(nobody.field_error("email"), "No customer has this email");
        let one = queue(
            json!({"event": "cardShippingAddress", "email": "olivia@example.com",
                               "reason": "Card reissue"}),
        )
        .await;
        assert_eq!(one.status, 200, "{}", one.body);
        assert_eq!(one.json()["queued"], 1);
        assert_eq!(
            named(&settings(bank, &owner).await, "events"),
            json!(["cardShippingAddress"])
        );
        assert_eq!(named(&settings(bank, &private).await, "events"), json!([]));

        let segment = queue(json!({"event": "openBankingSurvey",
                                   "audience": {"profileType": "personal"},
                                   "reason": "Open banking research"}))
        .await;
        assert_eq!(segment.json()["queued"], 1);
        assert_eq!(
            named(&settings(bank, &private).await, "events"),
            json!(["openBankingSurvey"])
        );

        let overview = as_staff(bank, &olga, "GET", "/back-office/api/content", json!({}))
            .await
            .json();
        let change = &overview["changes"][0];
        assert_eq!(change["action"], "event.queued");
        assert_eq!(change["subject"], "event:openBankingSurvey");
        assert_eq!(change["by"], "olga@harbour.example");
        assert_eq!(change["reason"], "Open banking research");
        assert_eq!(overview["changes"].as_array().unwrap().len(), 2);
    }
);

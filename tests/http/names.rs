//! Names and emails that cannot carry anything else (issue 26 point 7): a name with a line break
//! and a web address, bidirectional overrides or zero-width characters only, and an email with
//! angle brackets are refused before anything is stored or sent; names in the bank's emails link
//! nothing.

use bank::api::payments::recipients::RecipientBody;
use bank::api::profiles::invitations::InviteBody;
use bank::api::signup::PersonPatch;
use bank::domain::profiles::access::Role;

use crate::helpers::*;
use crate::invitations::invite;
use crate::on_both_backends;

on_both_backends!(names_carry_only_names, |bank| {
    let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let auth = owner.bearer();
    let headers = [("authorization", auth.as_str())];
    // An invitee's name that would write a phishing line into the bank's email.
    for name in [
        "Carl\r\nYour account is locked: https://evil.example/login",
        "Carl https://evil.example",
        "\u{202E}lraC",
        "\u{200B}\u{200B}\u{200B}",
    ] {
        let invited = post(
            bank,
            "/v2/invitations",
            body(&InviteBody {
                name: name.into(),
                ..invite("carl@example.com", Role::Cfo)
            }),
            &headers,
        )
        .await;
        assert_eq!(invited.status, 422, "{name:?}: {}", invited.body);
        assert!(!invited.field_error("name").is_empty(), "{name:?}");
    }
    // An email with angle brackets is no email.
    let invited = post(
        bank,
        "/v2/invitations",
        body(&invite("<carl@example.com>", Role::Cfo)),
        &headers,
    )
    .await;
    assert_eq!(invited.status, 422, "{}", invited.body);
    assert_eq!(invited.field_error("email"), "Email is invalid");
    assert!(
        bank::store::outbox::latest(&bank.db, Some("carl@example.com"), 10)
            .await
            .unwrap()
            .is_empty(),
        "no email went out"
    );
    let signup = post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body("anna<script>@example.com"),
        &[],
    )
    .await;
    assert_eq!(signup.status, 422, "{}", signup.body);

    // A payee whose name is invisible, or turns the SMS approval around.
    for name in ["\u{200B}\u{200C}", "Acme \u{202E}dtL"] {
        let saved = send_json(
            bank,
            "PUT",
            "/v2/recipients",
            body(&RecipientBody {
                name: name.into(),
                ..crate::recipients::local()
            }),
            &headers,
        )
        .await;
        assert_eq!(saved.status, 422, "{name:?}: {}", saved.body);
    }

    // A person's own name.
    let (_, applicant_auth) = applicant(
        bank,
        "grace@example.com",
        "personal",
        "user_data_incomplete",
    )
    .await;
    let details = send_json(
        bank,
        "PATCH",
        "/v2/users",
        body(&PersonPatch {
            title: Some("Ms".into()),
            name: Some("\u{202E}ecarG".into()),
            surname: Some("Hopper".into()),
            dob: Some("1990-02-09".into()),
            is_pep: Some(false),
            ..Default::default()
        }),
        &[("authorization", &applicant_auth)],
    )
    .await;
    assert_eq!(details.status, 422, "{}", details.body);
    assert_eq!(
        details.field_error("name"),
        "Input contains invalid symbols"
    );
});

on_both_backends!(names_in_the_banks_emails_link_nothing, |bank| {
    let owner = customer(bank, "olivia@example.com", "Example.com Trading Ltd").await;
    let invited = post(
        bank,
        "/v2/invitations",
        body(&invite("carl@example.com", Role::Cfo)),
        &[("authorization", &owner.bearer())],
    )
    .await;
    assert_eq!(invited.status, 200, "{}", invited.body);
    let email = last_message(bank, "carl@example.com").await;
    assert!(
        email.body.contains("Example\u{2024}com Trading Ltd"),
        "{}",
        email.body
    );
    assert!(!email.subject.contains("Example.com"), "{}", email.subject);
    // The bank's own link is the only link.
    assert_eq!(email.body.matches("://").count(), 1, "{}", email.body);
});

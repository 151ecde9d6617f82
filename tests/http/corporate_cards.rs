//! Corporate cards (issue 14 point 5): an Account Owner gives an employee a card by a card
//! invitation; the employee registers from the emailed link, which makes the card on the
//! company's account, sees only that card and activates it; removing them from the team closes
//! it. Only an Account Owner of a business with a UK primary account, with the corporateCards
//! flag on, gives cards: the server refuses everyone else.

use serde_json::{json, Value};

use crate::cards::{activation, change as status_change, deliver};
use crate::helpers::*;
use crate::on_both_backends;
use bank::api::cards::corporate::{GivenCard, GivenCards};
use bank::api::cards::managing::StatusChange;
use bank::api::cards::ordering::CardList;
use bank::api::profiles::invitations::{InvitationView, InviteBody};
use bank::api::session_state::SessionState;
use bank::domain::accounts::money::Currency;
use bank::domain::cards::shipping::{ShippingAddress, ShippingType};
use bank::domain::cards::status::{CardAction, CardStatus, ClosureReason};
use bank::domain::onboarding::kyc::OnboardingFlow;
use bank::domain::profiles::access::Role;
use bank::domain::profiles::invitation::Purpose;

async fn as_cookie(bank: &TestBank, cookie: &str, method: &str, path: &str, body: Value) -> Reply {
    send_json(bank, method, path, body, &[("cookie", cookie)]).await
}

/// A card for "Eve  Hall" at `email`, sent to the Finsbury Circus office.
fn card_invite(email: &str) -> InviteBody {
    InviteBody {
        purpose: Some(Purpose::Card),
        name: "Eve  Hall".into(),
        email: email.into(),
        agreement: true,
        shipping_type: Some(ShippingType::Other),
        shipping_address: Some(ShippingAddress {
            address_line1: "20 Finsbury Circus".into(),
            city: "London".into(),
            postal_code: "ec2m 7ea".into(),
            country_code: "GB".into(),
            ..Default::default()
        }),
        ..Default::default()
    }
}

fn card_form(email: &str) -> Value {
    body(&card_invite(email))
}

/// The owner gives `email` a card to the Finsbury Circus office; answers the invitation.
async fn invite_card(bank: &TestBank, owner: &Customer, email: &str) -> Reply {
    let invited = call(bank, owner, "POST", "/v2/invitations", card_form(email)).await;
    assert_eq!(invited.status, 200, "{}", invited.body);
    invited
}

/// The token of the card link emailed to `email`.
async fn card_link(bank: &TestBank, email: &str) -> String {
    let body = last_message(bank, email).await.body;
    body.split("/invitation/")
        .nth(1)
        .and_then(|rest| rest.split("/card").next())
        .unwrap_or_else(|| panic!("no card link in {body}"))
        .to_string()
}

async fn given(bank: &TestBank, cookie: &str) -> Vec<GivenCard> {
    let status = as_cookie(
        bank,
        cookie,
        "POST",
        "/v2/invitations/cards/status",
        json!({}),
    )
    .await;
    assert_eq!(status.status, 200, "{}", status.body);
    status.read::<GivenCards>().results
}

on_both_backends!(
    an_employee_accepts_a_corporate_card_and_activates_it_and_sees_nothing_else,
    |bank| {
        let owner = business_owner(bank).await;
        // The form's checks: where the card goes is required, and a typed address is checked.
        let nowhere = InviteBody {
            shipping_type: None,
            shipping_address: None,
            ..card_invite("eve@example.com")
        };
        let bare = call(bank, &owner, "POST", "/v2/invitations", body(&nowhere)).await;
        assert_eq!(bare.status, 422, "{}", bare.body);
        assert_eq!(
            bare.field_error("shippingType"),
            "Select a shipping address"
        );
        let mut no_city = card_invite("eve@example.com");
        if let Some(address) = no_city.shipping_address.as_mut() {
            address.city = String::new();
        }
        let refused = call(bank, &owner, "POST", "/v2/invitations", body(&no_city)).await;
        assert_eq!(refused.status, 422, "{}", refused.body);
        assert!(!refused.field_error("city").is_empty());
        let trading = InviteBody {
            shipping_type: Some(ShippingType::Trading),
            shipping_address: None,
            ..card_invite("eve@example.com")
        };
        let unknown = call(bank, &owner, "POST", "/v2/invitations", body(&trading)).await;
        assert_eq!(
            unknown.field_error("shippingType"),
            "This address is not known yet"
        );
        assert!(
            bank::store::invitations::for_profile(&bank.db, &owner.profile_id, 0)
                .await
                .unwrap()
                .is_empty()
        );

        let invited: InvitationView = invite_card(bank, &owner, "eve@example.com").await.read();
        assert_eq!(invited.role, Role::CardUser);
        assert_eq!(invited.purpose, Purpose::Card);
        let email = last_message(bank, "eve@example.com").await;
        assert!(email.subject.contains("company card"), "{}", email.subject);
        let token = card_link(bank, "eve@example.com").await;

        let cookie = joins_from_invitation(bank, "eve@example.com", &token).await;
        let session = as_cookie(bank, &cookie, "GET", "/v2/session", json!({})).await;
        let session: SessionState = session.read();
        assert_eq!(session.onboarding_flow, Some(OnboardingFlow::UserInvited));
        assert_eq!(session.access_role, Role::CardUser);

        // The card is made with the acceptance, on the company's GBP account, in the
        // employee's name, to the address the owner chose.
        let cards = given(bank, &cookie).await;
        assert_eq!(cards.len(), 1);
        let card = &cards[0].card;
        assert_eq!(cards[0].company, "Bennett & Hale Trading Ltd");
        assert_eq!(card.status, CardStatus::Draft);
        assert!(card.is_corporate);
        assert_eq!(card.holder_name, "EVE HALL");
        assert_eq!(
            card.shipping_address,
            "20 Finsbury Circus, London, EC2M 7EA"
        );
        let card_id = bank::domain::ids::CardId::from(card.id.as_str());
        let stored = bank::store::cards::by_id(&bank.db, &card_id)
            .await
            .unwrap()
            .unwrap();
        let account = bank::store::bank_accounts::for_profile(&bank.db, &owner.profile_id)
            .await
            .unwrap();
        assert_eq!(stored.bank_account_id, account[0].id);
        // The owner sees it among the company's cards.
        let company: CardList = call(bank, &owner, "POST", "/v2/cards/fetch", json!({}))
            .await
            .read();
        assert!(company.results.iter().any(|c| c.id == card_id.as_str()));

        // A card user loads none of the company's money, nor its cards.
        for path in ["/v2/cards/fetch", "/v2/transactions/fetch"] {
            let closed = as_cookie(bank, &cookie, "POST", path, json!({})).await;
            assert_eq!(closed.status, 403, "{path}: {}", closed.body);
        }

        // Nobody activates it before it arrives; then only with its last four digits.
        let change = |request: StatusChange| {
            let cookie = cookie.clone();
            async move {
                as_cookie(
                    bank,
                    &cookie,
                    "PATCH",
                    "/v2/invitations/cards/status",
                    body(&request),
                )
                .await
            }
        };
        let early = change(activation(&card_id, &stored.last_four, "4829")).await;
        assert_eq!(early.status, 409, "{}", early.body);
        deliver(bank).await;
        assert_eq!(
            given(bank, &cookie).await[0].card.status,
            CardStatus::ActivationPending
        );
        let wrong = if stored.last_four == "0000" {
            "1111"
        } else {
            "0000"
        };
        let bad = change(activation(&card_id, wrong, "4829")).await;
        assert_eq!(bad.status, 422, "{}", bad.body);
        assert!(!bad.field_error("lastDigits").is_empty());
        let active = change(activation(&card_id, &stored.last_four, "4829")).await;
        assert_eq!(active.status, 200, "{}", active.body);
        let status_of = |reply: &Reply| reply.read::<bank::api::cards::CardView>().status;
        assert_eq!(status_of(&active), CardStatus::Active);
        let frozen = change(status_change(&card_id, CardAction::Freeze)).await;
        assert_eq!(status_of(&frozen), CardStatus::Inactive);
        let back = change(status_change(&card_id, CardAction::Unfreeze)).await;
        assert_eq!(status_of(&back), CardStatus::Active);
        // Closing a corporate card is the company's.
        let close = change(StatusChange {
            reason: Some(ClosureReason::Lost),
            ..status_change(&card_id, CardAction::Close)
        })
        .await;
        assert_eq!(close.status, 403, "{}", close.body);
        assert_eq!(close.error().code, "card_close_by_company");

        // Another person, even the company's owner through this call, finds no such card.
        let stranger = customer(bank, "mallory@example.com", "Mallory Ltd").await;
        let freeze = body(&status_change(&card_id, CardAction::Freeze));
        let theirs = call(
            bank,
            &stranger,
            "PATCH",
            "/v2/invitations/cards/status",
            freeze.clone(),
        )
        .await;
        assert_eq!(theirs.status, 404);
        let owners = call(
            bank,
            &owner,
            "PATCH",
            "/v2/invitations/cards/status",
            freeze,
        )
        .await;
        assert_eq!(owners.status, 404);
        let listed = call(
            bank,
            &stranger,
            "POST",
            "/v2/invitations/cards/status",
            json!({}),
        )
        .await;
        assert!(listed.read::<GivenCards>().results.is_empty());

        // Removed from the team, the employee's card is closed and no longer theirs to see.
        let removed = call(
            bank,
            &owner,
            "DELETE",
            "/v2/account-profiles/users/access",
            crate::team::member(&stored.user_id),
        )
        .await;
        assert_eq!(removed.status, 200, "{}", removed.body);
        let closed = bank::store::cards::by_id(&bank.db, &card_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(closed.status, CardStatus::Closed);
        assert!(given(bank, &cookie).await.is_empty());
    }
);

on_both_backends!(
    only_an_account_owner_of_a_uk_business_with_the_flag_gives_cards,
    |bank| {
        let owner = business_owner(bank).await;
        let addresses = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations/cards/shipping-addresses",
            json!({}),
        )
        .await;
        assert_eq!(addresses.status, 200, "{}", addresses.body);
        // A director of the company may not.
        let director = colleague(
            bank,
            &owner.profile_id,
            "dora@example.com",
            Role::Director,
            &["transaction:rw", "card_order:rw"],
        )
        .await;
        let by_director = call(
            bank,
            &director,
            "POST",
            "/v2/invitations",
            card_form("eve@example.com"),
        )
        .await;
        assert_eq!(by_director.status, 403, "{}", by_director.body);
        // Nor the owner of a company whose primary account is in euros.
        let euro = customer(bank, "elena@example.com", "Euro Works GmbH").await;
        open_account(bank, &euro.profile_id, Currency::Eur, true).await;
        let by_euro = call(
            bank,
            &euro,
            "POST",
            "/v2/invitations",
            card_form("eve@example.com"),
        )
        .await;
        assert_eq!(by_euro.status, 403, "{}", by_euro.body);
        let euro_addresses = call(
            bank,
            &euro,
            "POST",
            "/v2/invitations/cards/shipping-addresses",
            json!({}),
        )
        .await;
        assert_eq!(euro_addresses.status, 403);

        // The flags are separate: cards without team invitations, and not the other way round.
        bank::store::features::set_override(&bank.db, "userInvite", false)
            .await
            .unwrap();
        let card_only = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            card_form("eve@example.com"),
        )
        .await;
        assert_eq!(card_only.status, 200, "{}", card_only.body);
        let team = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            body(&crate::invitations::invite("carl@example.com", Role::Cfo)),
        )
        .await;
        assert_eq!(team.status, 403, "{}", team.body);
        bank::store::features::set_override(&bank.db, "userInvite", true)
            .await
            .unwrap();
        bank::store::features::set_override(&bank.db, "corporateCards", false)
            .await
            .unwrap();
        let off = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            card_form("fred@example.com"),
        )
        .await;
        assert_eq!(off.status, 403, "{}", off.body);
        let cookie = format!("__Host-access={}", owner.token);
        let page = page_with_cookie(bank, "/cards/corporate", IPHONE, &cookie).await;
        assert_eq!(page.header("location"), "/dashboard");
        let team = call(
            bank,
            &owner,
            "POST",
            "/v2/invitations",
            body(&crate::invitations::invite("carl@example.com", Role::Cfo)),
        )
        .await;
        assert_eq!(team.status, 200, "{}", team.body);
    }
);

on_both_backends!(the_corporate_card_screens_render_on_the_server, |bank| {
    let owner = business_owner(bank).await;
    invite_card(bank, &owner, "eve@example.com").await;
    let token = card_link(bank, "eve@example.com").await;
    // The emailed link before login: what it offers, and the way in.
    let landing = page_with_cookie(bank, &format!("/invitation/{token}/card"), IPHONE, "").await;
    assert_eq!(landing.status, 200);
    assert!(
        landing.body.contains("is giving you a corporate card"),
        "{}",
        landing.body
    );
    assert!(landing.body.contains("Create your login"));

    // The owner's pages, with the open invitation.
    let cookie = format!("__Host-access={}", owner.token);
    let list = page_with_cookie(bank, "/cards/corporate", IPHONE, &cookie).await;
    assert_eq!(list.status, 200);
    assert!(
        list.body.contains("Eve  Hall") || list.body.contains("Eve Hall"),
        "{}",
        list.body
    );
    assert!(list.body.contains("Invitation sent"));
    let form = page_with_cookie(bank, "/cards/corporate/invite", IPHONE, &cookie).await;
    assert!(form.body.contains("Give card"));
    let desktop = page_with_cookie(bank, "/cards", DESKTOP, &cookie).await;
    assert!(desktop.body.contains("Corporate cards"));
    assert!(desktop.body.contains("Invitation sent"));

    // The employee's card set: the card page on its own paths and on any other.
    let employee = joins_from_invitation(bank, "eve@example.com", &token).await;
    for (path, agent) in [
        (format!("/invitation/{token}/card"), IPHONE),
        ("/dashboard".to_string(), DESKTOP),
    ] {
        let page = page_with_cookie(bank, &path, agent, &employee).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(
            page.body.contains("Your company card"),
            "{path}: {}",
            page.body
        );
        assert!(page.body.contains("EVE HALL"));
        assert!(page.body.contains("Bennett &amp; Hale Trading Ltd"));
        // The card set's own chunk is asked for with the entry, not found later by it.
        assert!(page.body.contains("\"/assets/routes-card-"), "{path}");
    }
    deliver(bank).await;
    let arrived = page_with_cookie(bank, "/controller", IPHONE, &employee).await;
    assert!(arrived.body.contains("Activate card"));
    let activate = page_with_cookie(
        bank,
        &format!("/invitation/{token}/card/activate"),
        IPHONE,
        &employee,
    )
    .await;
    assert_eq!(activate.status, 200);
    assert!(activate.body.contains("Last 4 digits of the card"));

    // The owner's page of the employee's card, and the list with it.
    let card_id = given(bank, &employee).await.remove(0).card.id;
    let view = page_with_cookie(
        bank,
        &format!("/cards/corporate/{card_id}/view"),
        IPHONE,
        &cookie,
    )
    .await;
    assert_eq!(view.status, 200);
    assert!(view.body.contains("EVE HALL"));
    assert!(
        !view.body.contains("Activate card"),
        "only the holder activates"
    );
});

// SPEC §2: on the desktop the director set opens a corporate card's link too, so a person still
// opening their own company's account sees the card offered and accepts it there; the phone's
// director set has no such page and sends them on with their onboarding.
on_both_backends!(
    a_person_opening_their_own_account_accepts_a_card_from_the_link,
    |bank| {
        let owner = business_owner(bank).await;
        invite_card(bank, &owner, "dana@example.com").await;
        let token = card_link(bank, "dana@example.com").await;
        let (_, auth) = applicant(bank, "dana@example.com", "business", "profile_incomplete").await;
        let cookie = format!("__Host-access={}", auth.trim_start_matches("Bearer "));
        let path = format!("/invitation/{token}/card");
        let page = page_with_cookie(bank, &path, DESKTOP, &cookie).await;
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(page.body.contains("\"routeSet\":\"director\""));
        assert!(page.body.contains("is giving you a corporate card"));
        assert!(page.body.contains("Accept the card"));
        let phone = page_with_cookie(bank, &path, IPHONE, &cookie).await;
        assert_eq!(
            (phone.status.as_u16(), phone.header("location")),
            (302, "/controller")
        );

        let accepted = send_json(
            bank,
            "POST",
            "/v2/invitations/accept",
            json!({ "token": token }),
            &[("authorization", &auth)],
        )
        .await;
        assert_eq!(accepted.status, 200, "{}", accepted.body);
        assert_eq!(
            accepted.read::<InvitationView>().state,
            bank::domain::profiles::invitation::InvitationState::InvitationAccepted
        );
        // Someone else's card is offered but not theirs to accept.
        invite_card(bank, &owner, "erin@example.com").await;
        let other = card_link(bank, "erin@example.com").await;
        let page =
            page_with_cookie(bank, &format!("/invitation/{other}/card"), DESKTOP, &cookie).await;
        assert!(page.body.contains("This card is for erin@example.com"));
        assert!(!page.body.contains("Accept the card"));
    }
);

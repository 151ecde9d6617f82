//! No page answers 500 for a reachable state (issue 26 point 10): every route of every route set,
//! opened by an applicant of each flow at each KYC status, answers a page or a redirect, and an
//! onboarding step opened out of turn sends the person to the controller.

use crate::helpers::*;
use crate::on_both_backends;

/// Every route of every route set (app/src/routesets), with made-up parameters.
const PATHS: &[&str] = &[
    "/",
    "/login",
    "/forgot",
    "/reset-password",
    "/accept-invite",
    "/signup",
    "/leads",
    "/onboarding",
    "/onboarding/user",
    "/onboarding/business",
    "/controller",
    "/phone-verification",
    "/sumsub",
    "/sumsub?step=widget",
    "/additional-company-info",
    "/account-activation",
    "/account-activation/transfer",
    "/account-activation/card",
    "/account-activation/card?checkout=nothing",
    "/account-activation/other",
    "/invite-onboarding/user",
    "/invite-onboarding/status",
    "/invitation/nothing/card",
    "/invitation/nothing/card/activate",
    "/dashboard",
    "/account",
    "/client/details",
    "/account/users/invite",
    "/account/users/invitation/nothing/view",
    "/account/users/nobody/view",
    "/cards",
    "/cards/activate",
    "/cards/corporate",
    "/cards/corporate/invite",
    "/cards/corporate/nothing/view",
    "/cards/transactions",
    "/bank-accounts/details",
    "/statement",
    "/recipients",
    "/recipients/create",
    "/recipients/edit/nothing",
    "/transfer/approve",
    "/transfer/1",
    "/currency-converter",
    "/company/add",
    "/proof-letter",
    "/invoice",
    "/invoice/new",
    "/invoice/new?cId=nothing",
    "/invoice/edit/nothing",
    "/invoice/list",
    "/invoice/view/nothing",
    "/invoice/contractors",
    "/invoice/contractors/new",
    "/invoice/contractors/edit/nothing",
    "/no-such-page",
];

const STATUSES: &[&str] = &[
    "user_data_incomplete",
    "profile_incomplete",
    "kyb_requested",
    "kyb_pending",
    "to_verify",
    "to_complete",
    "no_proof",
    "pending",
    "pending_signoff",
    "verify_phone",
    "registration_fee_assigned",
    "registration_fee_pending",
    "account_not_ready",
    "completed",
    "rejected",
    "account_restricted",
];

on_both_backends!(
    every_route_answers_every_applicant_without_a_server_error,
    |bank| {
        let mut failures = Vec::new();
        let mut n = 0;
        for flow in [
            "personal",
            "business",
            "business_additional",
            "user_invited",
        ] {
            for status in STATUSES {
                n += 1;
                let (_, bearer) = applicant(bank, &format!("a{n}@example.com"), flow, status).await;
                let cookie = format!("__Host-access={}", bearer.trim_start_matches("Bearer "));
                for (i, path) in PATHS.iter().enumerate() {
                    // Both layouts, alternately: each route meets each of them across the statuses.
                    let agent = if (i + n) % 2 == 0 { DESKTOP } else { IPHONE };
                    let page = page_with_cookie(bank, path, agent, &cookie).await;
                    if page.status.is_server_error() {
                        failures.push(format!("{flow} {status} {path}: {}", page.status));
                    }
                }
            }
        }
        assert!(
            failures.is_empty(),
            "server errors:\n{}",
            failures.join("\n")
        );
    }
);

on_both_backends!(
    an_onboarding_step_opened_out_of_turn_goes_to_the_controller,
    |bank| {
        // The fee is not assigned yet: the paywall used to fail its render.
        let (_, bearer) = applicant(bank, "olivia@example.com", "business", "kyb_pending").await;
        let cookie = format!("__Host-access={}", bearer.trim_start_matches("Bearer "));
        for path in [
            "/account-activation",
            "/account-activation/transfer",
            "/account-activation/card",
            "/phone-verification",
            "/sumsub",
            "/onboarding/user",
            "/onboarding/business",
        ] {
            let page = page_with_cookie(bank, path, DESKTOP, &cookie).await;
            assert_eq!(page.status, 302, "{path}");
            assert_eq!(page.header("location"), "/controller", "{path}");
        }
        // In turn, the step renders.
        let (_, bearer) = applicant(bank, "tom@example.com", "personal", "verify_phone").await;
        let cookie = format!("__Host-access={}", bearer.trim_start_matches("Bearer "));
        let page = page_with_cookie(bank, "/phone-verification", IPHONE, &cookie).await;
        assert_eq!(page.status, 200);
    }
);

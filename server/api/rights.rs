//! Every API call's need (SPEC §6), in one table, enforced before the handler runs. A documented
//! handler without an entry, or an entry without a handler, stops the bank from starting
//! (`check_coverage`): no call can be added without saying who may make it. Handlers keep their
//! own checks of what they touch (the account is the profile's, the approval is the caller's).

use axum::extract::{FromRequestParts, MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::current_user::CurrentUser;
use super::error::AppError;
use super::selected_profile::{self, SelectedProfile};
use super::ApiState;
use crate::domain::engagement::features::Flag;
use crate::domain::onboarding::kyc::OnboardingFlow;
use crate::domain::profiles::access::{ProfileType, Section};
use crate::domain::profiles::rights::{Facts, Need, Rule};
use crate::services::accounts;
use crate::services::auth::{self, UserRow};

use crate::domain::backoffice::staff::Duty;
use Need::{Member, Public, Signed, Staff, User};

/// The calls of SPEC §7 this bank answers, and what each needs.
pub const API: &[(&str, &str, Need)] = &[
    // Signing in and out: before there is a session.
    ("POST", "/v2/auth/login", Public),
    ("POST", "/v2/auth/mfa/login", Public),
    ("POST", "/v2/auth/mfa/statuses/take", Public),
    ("POST", "/v2/auth/mfa/resend", Public),
    ("POST", "/v2/auth/mfa/challenges/take", Public),
    ("POST", "/v2/auth/logout", Public),
    ("POST", "/v1/auth/send-verification-email-v2", Public),
    ("POST", "/v1/auth/verify-email-v2", Public),
    ("POST", "/v1/auth/forgot-password", Public),
    ("POST", "/v1/auth/reset-password", Public),
    ("GET", "/v2/session", Public),
    // The back office (issue 32): staff sign in with a passkey (the handlers check the link or
    // the ceremony); everything else needs a staff session whose role carries the duty. A
    // customer's session reaches none of it.
    ("POST", "/back-office/api/enrolment/fetch", Public),
    ("POST", "/back-office/api/enrolment/options", Public),
    ("POST", "/back-office/api/enrolment", Public),
    ("POST", "/back-office/api/log-in/options", Public),
    ("POST", "/back-office/api/log-in", Public),
    ("POST", "/back-office/api/log-out", Public),
    ("GET", "/back-office/api/me", Staff(Duty::AnyStaff)),
    ("GET", "/back-office/api/health", Staff(Duty::AnyStaff)),
    ("GET", "/back-office/api/inbox", Staff(Duty::AnswerMessages)),
    (
        "POST",
        "/back-office/api/inbox/take",
        Staff(Duty::AnswerMessages),
    ),
    (
        "POST",
        "/back-office/api/inbox/answer",
        Staff(Duty::AnswerMessages),
    ),
    (
        "POST",
        "/back-office/api/inbox/close",
        Staff(Duty::AnswerMessages),
    ),
    ("GET", "/back-office/api/flags", Staff(Duty::Flags)),
    ("POST", "/back-office/api/flags", Staff(Duty::Flags)),
    ("GET", "/back-office/api/kyb", Staff(Duty::DecideOnboarding)),
    (
        "GET",
        "/back-office/api/identity-checks",
        Staff(Duty::DecideOnboarding),
    ),
    (
        "POST",
        "/back-office/api/kyb/case",
        Staff(Duty::DecideOnboarding),
    ),
    (
        "POST",
        "/back-office/api/kyb/decision",
        Staff(Duty::DecideOnboarding),
    ),
    (
        "POST",
        "/back-office/api/customers/search",
        Staff(Duty::ReadCustomers),
    ),
    (
        "POST",
        "/back-office/api/customers/record",
        Staff(Duty::ReadCustomers),
    ),
    (
        "POST",
        "/back-office/api/customers/restrict",
        Staff(Duty::Restrict),
    ),
    (
        "POST",
        "/back-office/api/customers/sessions/end",
        Staff(Duty::ReadCustomers),
    ),
    // Four eyes: the change proposed or decided names the duty it needs (the service checks
    // it, and that the proposer never approves their own).
    ("GET", "/back-office/api/suspense", Staff(Duty::Payments)),
    (
        "GET",
        "/back-office/api/returned-transfers",
        Staff(Duty::Payments),
    ),
    (
        "GET",
        "/back-office/api/card-refunds",
        Staff(Duty::Payments),
    ),
    (
        "GET",
        "/back-office/api/unmatched-payments",
        Staff(Duty::Payments),
    ),
    (
        "POST",
        "/back-office/api/unmatched-payments/match",
        Staff(Duty::Payments),
    ),
    ("GET", "/back-office/api/staff", Staff(Duty::ManageStaff)),
    (
        "POST",
        "/back-office/api/staff/disable",
        Staff(Duty::ManageStaff),
    ),
    ("GET", "/back-office/api/content", Staff(Duty::Content)),
    ("POST", "/back-office/api/promos", Staff(Duty::Content)),
    ("POST", "/back-office/api/promos/end", Staff(Duty::Content)),
    ("POST", "/back-office/api/events", Staff(Duty::Content)),
    ("POST", "/back-office/api/proposals", Staff(Duty::AnyStaff)),
    ("GET", "/back-office/api/proposals", Staff(Duty::AnyStaff)),
    (
        "POST",
        "/back-office/api/proposals/decision",
        Staff(Duty::AnyStaff),
    ),
    // The person's own security and details.
    ("GET", "/v2/users/passkeys", User),
    ("DELETE", "/v2/users/passkeys", User),
    ("POST", "/v2/users/passkeys/registrations", User),
    ("POST", "/v2/users/passkeys/registrations/finish", User),
    ("POST", "/v2/auth/mfa/generate", User),
    ("POST", "/v2/auth/mfa/verify", User),
    ("POST", "/v2/users", Public),
    ("PATCH", "/v2/users", User),
    ("POST", "/v2/users/take", User),
    ("GET", "/v1/users/kyc/status-v3", User),
    ("GET", "/v1/users/kyc", User),
    ("GET", "/v2/users/policies", User),
    ("PATCH", "/v1/users/registration/state", User),
    ("POST", "/v2/users/reviews", User),
    // Reference data and the bank's own settings.
    ("GET", "/v1/features", Public),
    // A person's answer to a promo.
    ("PUT", "/v1/features", User),
    // Anyone may ask; a person whose account is ready hears their own events and surveys.
    ("GET", "/v1/utils/settings", Public),
    ("POST", "/v1/utils/settings", Member(SYSTEM_EVENTS)),
    ("POST", "/v2/ui-forms/take", Member(SYSTEM_EVENTS)),
    ("POST", "/v2/ui-forms/answers", Member(SYSTEM_EVENTS)),
    ("GET", "/v1/utils/countries", Public),
    ("GET", "/v1/utils/turnover", Public),
    ("GET", "/v1/utils/business-types", Public),
    ("GET", "/v1/utils/fees", Public),
    ("GET", "/v1/utils/account-usage", User),
    // Writing to support: anyone signed in, whatever their team role.
    ("POST", "/v1/utils/contact-form", User),
    // A call-back request (the auth route leads): from someone who is not a customer yet.
    ("POST", "/v1/utils/call-back", Public),
    // The support chat: anyone of a profile, whatever their role, while SPEC §1's chatWidget is on.
    ("POST", "/v2/support/chat/fetch", Member(CHAT)),
    ("POST", "/v2/support/chat", Member(CHAT)),
    ("POST", "/v2/countries/addresses/search", User),
    // Onboarding: the applicant's own data, before a profile is ready.
    ("PUT", "/v2/onboardings", User),
    ("PATCH", "/v2/onboardings", User),
    ("POST", "/v2/onboardings/take", User),
    ("POST", "/v2/onboardings/additional-info", User),
    ("PATCH", "/v1/users/telephone", User),
    ("GET", "/v1/auth/send-verification-sms-auth", User),
    ("POST", "/v1/auth/verify-sms-auth", User),
    ("POST", "/v1/users/kyc/back", User),
    ("POST", "/v2/companies/search", User),
    ("POST", "/v2/identity/agreement", User),
    ("POST", "/v2/identity/access-tokens", User),
    ("POST", "/v2/webhooks/identity", Signed),
    ("POST", "/v2/webhooks/acquirer", Signed),
    ("POST", "/v2/webhooks/sms", Signed),
    ("POST", "/v2/webhooks/rails", Signed),
    ("POST", "/v2/account-profiles/registration-fees/take", User),
    ("POST", "/v2/account-profiles/registration-fees/order", User),
    (
        "POST",
        "/v2/account-profiles/registration-fees/wallet-pay/initiate",
        User,
    ),
    (
        "POST",
        "/v2/account-profiles/registration-fees/wallet-pay/process",
        User,
    ),
    (
        "POST",
        "/v2/account-profiles/registration-fees/cancel",
        User,
    ),
    // Profiles: the person's own list, and a new profile of their own.
    ("POST", "/v2/account-profiles", User),
    ("POST", "/v2/account-profiles/fetch", User),
    ("GET", "/v2/account-profiles/default", User),
    // The team: members see it; only an Account Owner changes it.
    (
        "POST",
        "/v2/account-profiles/users/fetch",
        Member(Rule::ACCOUNTS),
    ),
    (
        "POST",
        "/v2/account-profiles/users/take",
        Member(Rule::ACCOUNTS),
    ),
    (
        "PATCH",
        "/v2/account-profiles/users/access",
        Member(Rule::owner()),
    ),
    (
        "DELETE",
        "/v2/account-profiles/users/access",
        Member(Rule::owner()),
    ),
    // Invitations: an Account Owner invites while the userInvite flag is on, or gives an
    // employee a corporate card (the card purpose: CORPORATE_CARDS, checked by the handler as
    // it depends on the body); the invitee answers with the link or signed in with the invited
    // email (the handlers check which).
    (
        "POST",
        "/v2/invitations",
        Member(Rule::owner().business().complete()),
    ),
    (
        "DELETE",
        "/v2/invitations",
        Member(Rule::owner().business()),
    ),
    (
        "POST",
        "/v2/invitations/resend",
        Member(Rule::owner().business().complete()),
    ),
    ("POST", "/v2/invitations/take", User),
    ("POST", "/v2/invitations/fetch", User),
    ("POST", "/v2/invitations/verify", Public),
    ("POST", "/v2/invitations/accept", User),
    ("POST", "/v2/invitations/decline", User),
    ("GET", "/v2/users/occupations", Public),
    // Corporate cards: where the Account Owner sends them; the employee's own card, which the
    // handler finds by the caller (a card user loads no accounts and passes no KYC).
    (
        "POST",
        "/v2/invitations/cards/shipping-addresses",
        Member(CORPORATE_CARDS),
    ),
    ("POST", "/v2/invitations/cards/status", User),
    ("PATCH", "/v2/invitations/cards/status", User),
    // Accounts: roles none and card_user load none (the list answers empty for them).
    ("POST", "/v2/bank-accounts/fetch", Member(Rule::MEMBER)),
    (
        "POST",
        "/v2/bank-accounts",
        Member(Rule::owner().complete()),
    ),
    (
        "POST",
        "/v2/transactions/fetch",
        Member(Rule::read(Section::Transaction)),
    ),
    (
        "POST",
        "/v2/transactions/take",
        Member(Rule::read(Section::Transaction)),
    ),
    (
        "GET",
        "/v2/documents/statement",
        Member(Rule::read(Section::Transaction)),
    ),
    (
        "GET",
        "/v2/documents/txn_proof",
        Member(Rule::read(Section::Transaction)),
    ),
    ("GET", "/v2/documents/proof_letter", Member(Rule::ACCOUNTS)),
    // Payments: reading needs the transaction right, paying its full level.
    (
        "POST",
        "/v2/recipients/fetch",
        Member(Rule::read(Section::Transaction)),
    ),
    (
        "POST",
        "/v2/recipients/verify",
        Member(Rule::read(Section::Transaction)),
    ),
    (
        "POST",
        "/v2/banks/lookup",
        Member(Rule::read(Section::Transaction)),
    ),
    ("PUT", "/v2/recipients", Member(PAYS)),
    // Invoicing (SPEC §6): the invoice right and a business; writing needs its full level.
    (
        "GET",
        "/v2/invoices/number",
        Member(Rule::read(Section::Invoice).business()),
    ),
    (
        "POST",
        "/v2/invoices/number/validate",
        Member(Rule::read(Section::Invoice).business()),
    ),
    (
        "POST",
        "/v2/invoices/fetch",
        Member(Rule::read(Section::Invoice).business()),
    ),
    (
        "POST",
        "/v2/invoices/take",
        Member(Rule::read(Section::Invoice).business()),
    ),
    (
        "PUT",
        "/v2/invoices",
        Member(Rule::full(Section::Invoice).business()),
    ),
    (
        "DELETE",
        "/v2/invoices",
        Member(Rule::full(Section::Invoice).business()),
    ),
    (
        "POST",
        "/v2/invoices/send",
        Member(Rule::full(Section::Invoice).business()),
    ),
    (
        "POST",
        "/v2/invoices/credit_notes",
        Member(Rule::full(Section::Invoice).business()),
    ),
    (
        "POST",
        "/v2/documents/previews/take",
        Member(Rule::read(Section::Invoice).business()),
    ),
    (
        "GET",
        "/v2/documents/invoice",
        Member(Rule::read(Section::Invoice).business()),
    ),
    (
        "GET",
        "/v2/documents/e_invoice",
        Member(Rule::read(Section::Invoice).business()),
    ),
    (
        "POST",
        "/v2/invoices/partners/fetch",
        Member(Rule::read(Section::Invoice).business()),
    ),
    (
        "POST",
        "/v2/invoices/partners/take",
        Member(Rule::read(Section::Invoice).business()),
    ),
    (
        "PUT",
        "/v2/invoices/partners",
        Member(Rule::full(Section::Invoice).business()),
    ),
    (
        "DELETE",
        "/v2/invoices/partners",
        Member(Rule::full(Section::Invoice).business()),
    ),
    (
        "DELETE",
        "/v2/recipients",
        Member(Rule::full(Section::Transaction)),
    ),
    (
        "POST",
        "/v2/transactions/fees/take",
        Member(Rule::read(Section::Transaction)),
    ),
    (
        "POST",
        "/v2/payees/check",
        Member(Rule::read(Section::Transaction)),
    ),
    ("POST", "/v2/transactions", Member(PAYS)),
    ("POST", "/v2/documents/upload", Member(PAYS)),
    (
        "GET",
        "/v2/documents/payment_message",
        Member(Rule::read(Section::Transaction)),
    ),
    // Second approvals: members who pay decide; an Account Owner sets the thresholds.
    (
        "POST",
        "/v2/transactions/approvals/fetch",
        Member(Rule::full(Section::Transaction)),
    ),
    ("POST", "/v2/transactions/approvals/approve", Member(PAYS)),
    (
        "POST",
        "/v2/transactions/approvals/reject",
        Member(Rule::full(Section::Transaction)),
    ),
    (
        "GET",
        "/v2/account-profiles/approval-rules",
        Member(Rule::ACCOUNTS),
    ),
    (
        "PUT",
        "/v2/account-profiles/approval-rules",
        Member(Rule::owner()),
    ),
    // Cards (SPEC §6: a complete account with a UK primary account; card_order is always
    // full, but holders of a corporate card were given it and do not order). The handlers
    // check each card is the caller's, or an Account Owner's company's.
    ("POST", "/v2/cards/fetch", Member(CARDS)),
    (
        "POST",
        "/v2/cards/order",
        Member(Rule::full(Section::CardOrder).complete().uk_primary()),
    ),
    ("POST", "/v2/cards/shipping-addresses/fetch", Member(CARDS)),
    ("PATCH", "/v2/cards/shipping-addresses", Member(CARDS)),
    ("PATCH", "/v2/cards/status", Member(CARDS)),
    ("POST", "/v2/cards/pin/unblock", Member(CARDS)),
    ("POST", "/v2/cards/limits/fetch", Member(CARDS)),
    ("PATCH", "/v2/cards/limits", Member(CARDS)),
    ("POST", "/v2/cards/details/take", Member(CARDS)),
    ("POST", "/v2/authorizations/fetch", Member(CARDS)),
    ("POST", "/v2/authorizations/take", Member(CARDS)),
    // The account referral programme: anyone in a ready account, while the referrals flag is on.
    ("POST", "/v2/users/referrals", Member(REFERRALS)),
    ("POST", "/v2/users/referrals/invites", Member(REFERRALS)),
    ("GET", "/v2/users/referrals/invites", Member(REFERRALS)),
    ("POST", "/v2/short-links/take", Member(REFERRALS)),
    // The card referral programme: card customers, while the referrals flag is on.
    (
        "POST",
        "/v2/cards/referral-programs",
        Member(CARDS.flag(Flag::Referrals)),
    ),
    // Finance (SPEC §6): a business member; the product the body names decides the rest (loans
    // need the loan right and a GBP primary account, factoring its right), so the handlers
    // check it. The lender's decisions arrive signed.
    (
        "POST",
        "/v2/loan-applications/fetch",
        Member(Rule::MEMBER.business()),
    ),
    (
        "POST",
        "/v2/loan-applications",
        Member(Rule::MEMBER.business()),
    ),
    ("POST", "/v2/webhooks/lending", Signed),
    // Factoring's invoices: as applying for it (SPEC §6: the factoring right, a business with
    // a UK primary account).
    (
        "POST",
        "/v2/factoring/invoices/fetch",
        Member(FACTORING.read_level()),
    ),
    // The mortgage's steps: as applying for it (SPEC §6, the loan right).
    ("POST", "/v2/mortgage/fetch", Member(MORTGAGE.read_level())),
    ("PUT", "/v2/mortgage/basic", Member(MORTGAGE)),
    ("PUT", "/v2/mortgage/business-finances", Member(MORTGAGE)),
    ("PUT", "/v2/mortgage/property-finances", Member(MORTGAGE)),
    // Card acceptance (SPEC §6): the merchant right and a business; applying its full level.
    (
        "POST",
        "/v2/merchant-applications/fetch",
        Member(MERCHANT.read_level()),
    ),
    ("POST", "/v2/merchant-applications", Member(MERCHANT)),
    ("POST", "/v2/webhooks/merchant-acquiring", Signed),
    // Exchange: paying between the profile's own accounts, while the flag is on.
    ("POST", "/v1/bank/currency-exchange/rate", Member(EXCHANGE)),
    ("POST", "/v1/bank/currency-exchange", Member(EXCHANGE)),
];

/// The account referral programme (issue 31): a ready account, while the referrals flag is on.
const CHAT: Rule = Rule::MEMBER.flag(Flag::ChatWidget);
/// System events and surveys (SPEC §4: shown once the account is ready): any member, any role.
const SYSTEM_EVENTS: Rule = Rule::MEMBER.complete();
pub const REFERRALS: Rule = Rule::MEMBER.complete().flag(Flag::Referrals);
pub const INVITE: Rule = Rule::owner().business().complete().flag(Flag::UserInvite);
/// Sending money, and what only a payment needs (a payee added, an attachment): the full
/// transaction right, and an account that is ready, not restricted (README "Restrictions").
const PAYS: Rule = Rule::full(Section::Transaction).complete();
/// SPEC §6: corporate cards need an Account Owner of a business with a UK primary account, and
/// the corporateCards flag.
pub const CORPORATE_CARDS: Rule = Rule::owner()
    .business()
    .complete()
    .uk_primary()
    .flag(Flag::CorporateCards);
const EXCHANGE: Rule = Rule::full(Section::Transaction)
    .complete()
    .flag(Flag::CurrencyExchange);
const CARDS: Rule = Rule::MEMBER.complete().uk_primary();
/// SPEC §6: invoicing needs the invoice right and a business; writing its full level.
const INVOICES_READ: Rule = Rule::read(Section::Invoice).business();
const INVOICES_WRITE: Rule = Rule::full(Section::Invoice).business();
const LOANS: Rule = Rule::read(Section::Loan).business().uk_primary();
const MORTGAGE: Rule = crate::domain::lending::application::Product::Mortgage.rule();
const FACTORING: Rule = crate::domain::lending::application::Product::Factoring.rule();
const MERCHANT: Rule = crate::domain::lending::application::Product::Merchant.rule();

/// The pages of the dashboard set (SPEC §2 Dashboard routes) and their guards: a member who
/// fails one is sent to the dashboard before anything renders (SPEC §2 Route guards). Paths not
/// listed here redirect to the dashboard in the app.
pub const PAGES: &[(&str, Rule)] = &[
    ("/dashboard", Rule::MEMBER),
    ("/bank-accounts/details", Rule::ACCOUNTS),
    ("/client/details", Rule::MEMBER),
    ("/account", Rule::MEMBER),
    ("/account/users/invite", INVITE),
    (
        "/account/users/invitation/{invitationId}/view",
        Rule::ACCOUNTS,
    ),
    ("/account/users/{userId}/view", Rule::ACCOUNTS),
    ("/company/add", Rule::MEMBER),
    // SPEC §6: the manager's items need a complete account.
    ("/statement", Rule::read(Section::Transaction).complete()),
    ("/proof-letter", Rule::ACCOUNTS.complete()),
    ("/recipients", Rule::read(Section::Transaction)),
    ("/recipients/create", PAYS),
    ("/recipients/edit/{recipientId}", PAYS),
    ("/transfer/approve", PAYS),
    ("/transfer/{realmId}", PAYS),
    ("/currency-converter", EXCHANGE),
    // Cards need a UK primary account (SPEC §6); the list page also tells euro customers
    // cards are coming (the euCardComingSoon flag), so it only needs a complete account.
    ("/cards", Rule::MEMBER.complete()),
    ("/cards/activate", CARDS),
    ("/cards/benefits", CARDS),
    ("/cards/benefits/{path}", CARDS),
    ("/cards/transactions", CARDS),
    ("/cards/corporate", CORPORATE_CARDS),
    ("/cards/corporate/invite", CORPORATE_CARDS),
    ("/cards/corporate/{cardId}/view", CORPORATE_CARDS),
    // SPEC §2 invoice routes (the phone's; the desktop has the same screens at the same paths).
    ("/invoice", INVOICES_WRITE),
    ("/invoice/new", INVOICES_WRITE),
    ("/invoice/edit/{invoiceId}", INVOICES_WRITE),
    ("/invoice/list", INVOICES_READ),
    ("/invoice/view/{invoiceId}", INVOICES_READ),
    ("/invoice/contractors", INVOICES_READ),
    ("/invoice/contractors/new", INVOICES_WRITE),
    ("/invoice/contractors/edit/{partnerId}", INVOICES_WRITE),
    ("/contact-us", Rule::MEMBER),
    ("/terms-and-policies", Rule::MEMBER),
    ("/referrals", REFERRALS),
    ("/referrals/email", REFERRALS),
    ("/referrals/email/done", REFERRALS),
    // SPEC §6: loans need loan access, a business and a UK primary account.
    ("/loans", LOANS),
    ("/mortgage", LOANS),
    ("/factoring", FACTORING.read_level()),
    ("/merchant", MERCHANT.read_level()),
];

/// The guard of a dashboard page, matching `{param}` segments.
pub fn page_rule(path: &str) -> Option<Rule> {
    let wanted: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    PAGES.iter().find_map(|(pattern, rule)| {
        let parts: Vec<&str> = pattern.split('/').collect();
        let fits = parts.len() == wanted.len()
            && parts
                .iter()
                .zip(&wanted)
                .all(|(p, w)| p.starts_with('{') || p == w);
        fits.then_some(*rule)
    })
}

/// Whether the person of a page's session may open a dashboard page.
pub async fn page_allowed(
    state: &ApiState,
    session: &super::session_state::SessionState,
    path: &str,
) -> Result<bool, AppError> {
    let Some(rule) = page_rule(path) else {
        return Ok(true);
    };
    let access =
        crate::domain::profiles::access::Access::new(session.access_role, &session.access_rights);
    let flags = match rule.flag {
        Some(_) => Some(crate::api::engagement::effective_flags(state).await?),
        None => None,
    };
    let flag_on = |flag: Flag| flags.as_ref().is_some_and(|f| f.get(flag));
    Ok(rule.allows(&Facts {
        access: &access,
        business: session.is_business,
        uk_primary: session.primary_currency == Some(crate::domain::accounts::money::Currency::Gbp),
        complete: session.account_ready,
        flag_on: &flag_on,
    }))
}

/// The need of a call, by its method and route as the router matched it.
pub fn need(method: &str, path: &str) -> Option<Need> {
    API.iter()
        .find(|(m, p, _)| *m == method && *p == path)
        .map(|(_, _, need)| *need)
}

/// Every documented call has exactly one entry, and every entry a call.
pub fn check_coverage(doc: &utoipa::openapi::OpenApi) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let mut documented = Vec::new();
    for (path, item) in &doc.paths.paths {
        for (method, op) in [
            ("GET", &item.get),
            ("POST", &item.post),
            ("PUT", &item.put),
            ("PATCH", &item.patch),
            ("DELETE", &item.delete),
        ] {
            if op.is_some() {
                documented.push((method, path.as_str()));
                match API
                    .iter()
                    .filter(|(m, p, _)| *m == method && p == path)
                    .count()
                {
                    1 => {}
                    0 => problems.push(format!("{method} {path} has no entry in api::rights::API")),
                    _ => problems.push(format!("{method} {path} has more than one entry")),
                }
            }
        }
    }
    for (method, path, _) in API {
        if !documented.contains(&(*method, *path)) {
            problems.push(format!(
                "{method} {path} is in api::rights::API but no handler answers it"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Whether the selected profile's member meets `rule`; reads the profile's state only when the
/// rule asks about it.
pub async fn meets(
    state: &ApiState,
    profile: &SelectedProfile,
    rule: &Rule,
    user: &UserRow,
) -> Result<bool, AppError> {
    let uk_primary = if rule.uk_primary {
        accounts::has_uk_primary(&state.db, &profile.profile_id).await?
    } else {
        false
    };
    let complete = user.kyc_status.account_ready();
    let flags = match rule.flag {
        Some(_) => Some(crate::api::engagement::effective_flags(state).await?),
        None => None,
    };
    let flag_on = |flag: Flag| flags.as_ref().is_some_and(|f| f.get(flag));
    Ok(rule.allows(&Facts {
        access: &profile.access,
        business: profile.kind == ProfileType::Business,
        uk_primary,
        complete,
        flag_on: &flag_on,
    }))
}

/// `rule` for a caller whose need depends on the request's body (a card invitation); 403 when
/// it is not met.
pub async fn require(
    state: &ApiState,
    profile: &SelectedProfile,
    rule: &Rule,
) -> Result<(), AppError> {
    let user = auth::user(&state.db, &profile.user_id)
        .await?
        .ok_or(AppError::Forbidden)?;
    if meets(state, profile, rule, &user).await? {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// Whether the member `user` of `profile` may make a call that needs `rule`: their own onboarding
/// is done (SPEC §4: the app is open when the account is ready or merely restricted), and the
/// rule is met; else the refusal to answer with.
pub async fn admit(
    state: &ApiState,
    profile: &SelectedProfile,
    rule: &Rule,
    user: &UserRow,
) -> Result<(), AppError> {
    // A colleague still joining (flow user_invited) is a member already, but sees nothing of
    // the company until their own checks are done.
    if user.onboarding_flow == Some(OnboardingFlow::UserInvited) {
        return Err(AppError::refused(
            axum::http::StatusCode::FORBIDDEN,
            "onboarding_incomplete",
            "Not yet",
            "Please finish joining your team first.",
        ));
    }
    // An applicant whose company is still under review, or who opens another profile, acts
    // for no company until that onboarding is done.
    if !user.kyc_status.app_in_access() {
        return Err(AppError::refused(
            axum::http::StatusCode::FORBIDDEN,
            "account_not_ready",
            "Not yet",
            "Your account is not open yet. Please finish opening it first.",
        ));
    }
    if meets(state, profile, rule, user).await? {
        return Ok(());
    }
    // Refused only because a feature is switched off: say so (SPEC §1).
    let unflagged = Rule {
        flag: None,
        ..*rule
    };
    if rule.flag.is_some() && meets(state, profile, &unflagged, user).await? {
        return Err(AppError::refused(
            axum::http::StatusCode::FORBIDDEN,
            "feature_disabled",
            "Not available",
            "This feature is not available at the moment.",
        ));
    }
    // Refused only because the account is restricted: say so (SPEC §4).
    let open = Rule {
        complete: false,
        ..*rule
    };
    if rule.complete
        && user.kyc_status == crate::domain::onboarding::kyc::KycStatus::AccountRestricted
        && meets(state, profile, &open, user).await?
    {
        return Err(restricted());
    }
    Err(AppError::Forbidden)
}

/// What a restricted account is told when it tries what a restriction stops (README: sending
/// money, exchanging, adding payees, ordering or using cards, inviting).
pub fn restricted() -> AppError {
    AppError::refused(
        axum::http::StatusCode::FORBIDDEN,
        "account_restricted",
        "Your Account Is Temporarily Restricted",
        "This is not possible while your account is restricted. Please contact us.",
    )
}

/// As the rights table would admit the call `method path` for the selected profile's member:
/// for a call whose body names an action another call's need governs (an approval of a
/// transfer is asked for as the transfer itself would be).
pub async fn admit_as(
    state: &ApiState,
    member: &selected_profile::Member,
    method: &str,
    path: &str,
) -> Result<(), AppError> {
    let Some(Need::Member(rule)) = need(method, path) else {
        return Err(AppError::Forbidden);
    };
    admit(state, &member.profile, &rule, &member.user).await
}

/// The table, applied to every matched call before its handler.
pub async fn enforce(
    State(state): State<ApiState>,
    matched: MatchedPath,
    request: Request,
    next: Next,
) -> Response {
    let method = request.method().as_str().to_string();
    let Some(need) = need(&method, matched.as_str()) else {
        // `check_coverage` makes this unreachable for documented calls; refuse, never guess.
        tracing::error!(%method, path = matched.as_str(), "a call without an entry in the rights table");
        return AppError::Forbidden.into_response();
    };
    let (mut parts, body) = request.into_parts();
    match need {
        Public | Signed => {}
        Staff(duty) => {
            use super::backoffice::session::CurrentStaff;
            match CurrentStaff::from_request_parts(&mut parts, &state).await {
                Ok(staff) if staff.0.role.may(duty) => {}
                Ok(_) => return AppError::Forbidden.into_response(),
                Err(error) => return error.into_response(),
            }
        }
        User => match CurrentUser::from_request_parts(&mut parts, &state).await {
            // The handler reads the same caller without asking the database again.
            Ok(user) => {
                parts.extensions.insert(user);
            }
            Err(error) => return error.into_response(),
        },
        Member(rule) => {
            // The caller, their row and profile; left on the request for the handler.
            let (profile, user) = match selected_profile::member(&mut parts, &state).await {
                Ok(member) => member,
                Err(error) => return error.into_response(),
            };
            if let Err(refusal) = admit(&state, &profile, &rule, &user).await {
                return refusal.into_response();
            }
        }
    }
    next.run(Request::from_parts(parts, body)).await
}

//! Forgotten passwords (SPEC §7, §8): a single-use link that lives an hour, and the reset
//! that ends every session of the user.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::{audit, ClientIp};
use crate::api::common_answers::{Done, Success};
use crate::api::error::{ApiJson, ApiQuery, AppError};
use crate::api::{session_cookies, ApiState};
use crate::domain::audit::AuditEvent;
use crate::domain::auth::email::Email;
use crate::domain::auth::password;
use crate::domain::messages::{Channel, Message};
use crate::rate_limit::Limit;
use crate::store;

pub const EXPIRED: &str = "Password reset link has expired";
/// The same answer whether or not the address has an account, so nobody can probe for one.
const SENT: &str =
    "If an account exists for this email, we have sent a link to reset the password.";

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct ForgotInput {
    #[serde(default)]
    email: String,
}

/// Sends a reset link (SPEC §7); the same answer for unknown addresses.
#[utoipa::path(post, path = "/v1/auth/forgot-password", tag = "auth", request_body = ForgotInput,
    responses((status = 200, body = Success)))]
pub(super) async fn forgot(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(input): ApiJson<ForgotInput>,
) -> Result<Json<Success>, AppError> {
    state.limiter.check(Limit::ForgotPerIp, &ip).await?;
    let email = Email::parse(&input.email).map_err(|message| AppError::field("email", message))?;
    state.limiter.check(Limit::ForgotPerAccount, &email).await?;
    // Whether the address has an account, and the link and email that follow, are the worker's
    // business: the answer comes as fast either way, so its timing tells nothing. The request
    // waits in the database, for whichever process of the fleet is free.
    store::reset_requests::push(
        &state.db,
        email.as_str(),
        &ip.to_string(),
        state.db.now_ms(),
    )
    .await?;
    state.reset_wake.notify_one();
    Ok(Json(Success {
        success: true,
        message: Some(SENT),
    }))
}

/// Carries out reset requests in the order they came (`store/reset_requests.rs`): a link for an
/// address with an account (newer links void older ones), nothing for one without. Woken by a
/// new request, and every second for those another process left behind; stops between two
/// requests when the process shuts down.
pub async fn reset_worker(state: ApiState, mut stopping: tokio::sync::watch::Receiver<bool>) {
    loop {
        loop {
            match store::reset_requests::lease(&state.db, state.db.now_ms()).await {
                Ok(Some(request)) => match send_reset_link(&state, &request).await {
                    Ok(()) => {
                        if let Err(error) =
                            store::reset_requests::done(&state.db, &request.id).await
                        {
                            tracing::error!(%error, "a sent reset request could not be cleared");
                        }
                    }
                    // Left leased: it is tried again when the lease runs out.
                    Err(error) => {
                        tracing::error!(error = %format!("{error:#}"), "sending a reset link failed")
                    }
                },
                Ok(None) => break,
                Err(error) => {
                    tracing::warn!(%error, "reading the reset queue failed");
                    break;
                }
            }
            if *stopping.borrow() {
                return;
            }
        }
        tokio::select! {
            () = state.reset_wake.notified() => {}
            () = tokio::time::sleep(std::time::Duration::from_secs(1)) => {}
            _ = stopping.wait_for(|stop| *stop) => return,
        }
    }
}

async fn send_reset_link(
    state: &ApiState,
    request: &store::reset_requests::Request,
) -> anyhow::Result<()> {
    let email = Email::parse(&request.email).map_err(|e| anyhow::anyhow!("{e}"))?;
    let Some(user) = store::users::by_email(&state.db, &email).await? else {
        return Ok(());
    };
    let token = store::password_resets::create(&state.db, &user.id, state.db.now_ms()).await?;
    let link = format!("{}/reset-password?token={token}", state.config.base_url);
    let trading = &state.config.company.trading_name;
    state
        .notify
        .send(Message {
            channel: Channel::Email,
            to: email.as_str().to_string(),
            subject: format!("Reset your {trading} password"),
            body: format!(
                "Someone asked to reset the password of your {trading} account.\n\n\
                 To choose a new password, open this link within one hour:\n{link}\n\n\
                 The link works once. If you did not ask for it, ignore this email: your password stays as it is."
            ),
        })
        .await?;
    audit(
        state,
        Some(&user.id),
        AuditEvent::PasswordResetRequested,
        &ClientIp(
            request
                .ip
                .parse()
                .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED)),
        ),
        "",
    )
    .await;
    Ok(())
}

#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The token of the link in the email.
    #[serde(default)]
    token: String,
}

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct ResetInput {
    #[serde(default)]
    password: String,
}

/// Sets a new password with a reset link's token (SPEC §7); every session ends.
#[utoipa::path(post, path = "/v1/auth/reset-password", tag = "auth", params(TokenQuery),
    request_body = ResetInput, responses((status = 200, body = Done)))]
pub(super) async fn reset(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiQuery(query): ApiQuery<TokenQuery>,
    ApiJson(input): ApiJson<ResetInput>,
) -> Result<Response, AppError> {
    let now = state.db.now_ms();
    state.limiter.check(Limit::ResetPerIp, &ip).await?;
    password::check(&input.password)
        .and_then(|()| password::check_not_common(&input.password))
        .map_err(|message| AppError::field("password", message))?;
    let expired = || {
        AppError::refused(
            StatusCode::FORBIDDEN,
            "reset_link_expired",
            "Link expired",
            EXPIRED,
        )
    };
    if query.token.is_empty()
        || !store::password_resets::is_live(&state.db, &query.token, now).await?
    {
        return Err(expired());
    }
    let typed = input.password.clone();
    let hash = state.cpu.run(move || password::hash(&typed)).await?;
    let Some(user_id) = store::password_resets::redeem(&state.db, &query.token, &hash, now).await?
    else {
        return Err(expired());
    };
    let ended = store::sessions::revoke_all_for_user(&state.db, &user_id, now).await?;
    audit(
        &state,
        Some(&user_id),
        AuditEvent::PasswordChanged,
        &ip,
        &format!("reset link; {ended} sessions ended"),
    )
    .await;
    if let Some(user) = store::users::by_id(&state.db, &user_id).await? {
        let trading = &state.config.company.trading_name;
        let sent = state
            .notify
            .send(Message {
                channel: Channel::Email,
                to: user.email,
                subject: format!("Your {trading} password was changed"),
                body: format!(
                    "The password of your {trading} account was just changed and every device was logged out.\n\n\
                     If this was not you, call us at once on {}.",
                    state.config.company.support_phone
                ),
            })
            .await;
        if let Err(error) = sent {
            tracing::error!(%error, "password change notice not sent");
        }
    }
    let mut response = Json(Done {
        message: "Password successfully changed",
    })
    .into_response();
    session_cookies::clear(response.headers_mut(), state.config.secure_cookies());
    Ok(response)
}

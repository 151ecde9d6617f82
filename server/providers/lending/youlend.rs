//! YouLend's partner API as the lender for business loans and factoring (SPEC §3's provider
//! `youlend`), as its published clients describe it (github.com/YouLend: the onboarding API's
//! `YL.Web.Api.ThirdParty.Onboarding.Client` and `third-party-onboarding-api-client`, the loan
//! API's `YL.Web.Api.ThirdParty.Loan.Client`):
//!
//! - Tokens are OAuth 2 client credentials from `{auth}/oauth/token`, one per audience
//!   (`{audience}/onboarding`, `{audience}/loan`), kept until a minute before they expire; a
//!   call answered 401 fetches a new one and is sent once more.
//! - An application is a lead: `POST /onboarding/Leads` answers its `leadId` and `signUpURL`,
//!   where the person continues on YouLend's pages.
//! - YouLend posts status updates to the lead's `notificationURL`. Its published API gives
//!   neither their body nor a signature, so the bank reads from a notification only which lead
//!   it is about (`leadId`) and asks YouLend for that lead's state
//!   (`GET /onboarding/Leads/{leadId}/details`). A forged notification thus changes nothing: at
//!   most the bank reads the truth again.
//! - A completed onboarding is a loan: what YouLend funded is read from the loan API
//!   (`GET /loan/Loans/{customerId}/loans`, then the newest funded GBP loan's
//!   `GET /loan/Loans/{loanId}` and its `fundingDetails.amountFunded`).
//!
//! Amounts go out as JSON numbers written from the exact decimal text (never through floating
//! point) and come back through the same decimal parser as the rest of the bank.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use reqwest::{Method, StatusCode};
use secrecy::ExposeSecret;
use serde_json::value::RawValue;
use serde_json::{json, Value};

use super::{
    Asked, Decision, LendingError, LendingProvider, LoanRequest, Notified, Pending, Submitted,
};
use crate::config::YouLendSettings;
use crate::domain::accounts::money::{decimal, parse_decimal};
use crate::domain::lending::application::{LoanState, Product};

/// A token is fetched again this long before YouLend says it expires.
const TOKEN_MARGIN: Duration = Duration::from_secs(60);

pub struct YouLend {
    api_url: String,
    auth_url: String,
    audience: String,
    client_id: String,
    client_secret: secrecy::SecretString,
    notify_url: String,
    client: reqwest::Client,
    /// Tokens by audience, with when to stop using them.
    tokens: Mutex<HashMap<&'static str, (String, Instant)>>,
}

#[derive(Clone, Copy)]
enum Api {
    Onboarding,
    Loan,
}

impl Api {
    fn path(self) -> &'static str {
        match self {
            Api::Onboarding => "onboarding",
            Api::Loan => "loan",
        }
    }
}

fn unavailable(what: impl std::fmt::Display) -> LendingError {
    LendingError::Unavailable(format!("YouLend: {what}"))
}

impl YouLend {
    pub fn new(settings: &YouLendSettings, notify_url: String) -> anyhow::Result<Self> {
        Ok(Self {
            api_url: settings.api_url.trim_end_matches('/').to_string(),
            auth_url: settings.auth_url.trim_end_matches('/').to_string(),
            audience: settings.audience.trim_end_matches('/').to_string(),
            client_id: settings.client_id.clone(),
            client_secret: settings.client_secret.clone(),
            notify_url,
            client: reqwest::Client::builder()
                .timeout(settings.timeout)
                .build()?,
            tokens: Mutex::new(HashMap::new()),
        })
    }

    async fn token(&self, api: Api) -> Result<String, LendingError> {
        if let Some((token, until)) = self.tokens.lock().expect("tokens").get(api.path()) {
            if Instant::now() < *until {
                return Ok(token.clone());
            }
        }
        let answer = self
            .client
            .post(format!("{}/oauth/token", self.auth_url))
            .json(&json!({
                "grant_type": "client_credentials",
                "client_id": self.client_id,
                "client_secret": self.client_secret.expose_secret(),
                "audience": format!("{}/{}", self.audience, api.path()),
            }))
            .send()
            .await
            .map_err(|e| unavailable(format!("no token: {e}")))?;
        let status = answer.status();
        let body: Value = answer.json().await.unwrap_or(Value::Null);
        let token = body["access_token"]
            .as_str()
            .filter(|_| status.is_success());
        let Some(token) = token else {
            let why = body["error_description"].as_str().unwrap_or("");
            return Err(unavailable(format!("token refused ({status}) {why}")));
        };
        let lifetime = Duration::from_secs(body["expires_in"].as_u64().unwrap_or(0));
        let until = Instant::now() + lifetime.saturating_sub(TOKEN_MARGIN);
        self.tokens
            .lock()
            .expect("tokens")
            .insert(api.path(), (token.to_string(), until));
        Ok(token.to_string())
    }

    /// A call with a token; a 401 (the token revoked or expired early) fetches a new one and
    /// sends the call once more. Answers the status and the JSON body.
    async fn call(
        &self,
        api: Api,
        method: Method,
        path: &str,
        body: Option<&[u8]>,
    ) -> Result<(StatusCode, Value), LendingError> {
        for attempt in 0..2 {
            let token = self.token(api).await?;
            let mut request = self
                .client
                .request(
                    method.clone(),
                    format!("{}/{}{path}", self.api_url, api.path()),
                )
                .bearer_auth(token)
                .header("accept", "application/json");
            if let Some(body) = body {
                request = request
                    .header("content-type", "application/json")
                    .body(body.to_vec());
            }
            let answer = request.send().await.map_err(unavailable)?;
            let status = answer.status();
            if status == StatusCode::UNAUTHORIZED && attempt == 0 {
                self.tokens.lock().expect("tokens").remove(api.path());
                continue;
            }
            let text = answer.text().await.unwrap_or_default();
            return Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)));
        }
        Err(unavailable("refused the bank's credentials"))
    }

    /// The lead YouLend is asked to create, as JSON: the amount written from its decimal text.
    fn lead(&self, request: &LoanRequest) -> Vec<u8> {
        #[derive(serde::Serialize)]
        struct Lead {
            #[serde(rename = "loanAmount")]
            loan_amount: Box<RawValue>,
            #[serde(flatten)]
            rest: Value,
        }
        let mut additional = serde_json::Map::new();
        additional.insert("product".into(), json!(request.product.as_str()));
        additional.insert("purpose".into(), json!(request.purpose));
        if request.term_months > 0 {
            additional.insert("termMonths".into(), json!(request.term_months.to_string()));
        }
        additional.insert("returnUrl".into(), json!(request.return_url));
        let mut lead = json!({
            "thirdPartyCustomerId": request.customer_id,
            "thirdPartyLeadId": request.application_id,
            "countryISOCode": "GBR",
            "loanCurrencyISOCode": "GBP",
            "companyName": request.company_name,
            "companyType": "ltd",
            "keyContactName": request.contact.name,
            "contactEmailAddress": request.contact.email,
            "notificationURL": self.notify_url,
        });
        if let Some(phone) = &request.contact.phone {
            lead["contactPhoneNumber"] = json!(phone);
        }
        // Only what the person agreed to share: otherwise YouLend asks on its own pages.
        if let Some(shared) = &request.shared {
            let company = &shared["company"];
            for (field, value) in [
                ("companyNumber", &company["number"]),
                ("companyWebsite", &company["website"]),
            ] {
                if value.as_str().is_some_and(|v| !v.is_empty()) {
                    lead[field] = value.clone();
                }
            }
            if let Some(since) = company["incorporationDate"].as_str() {
                if let Some(months) = months_since(since, &request.applied_day) {
                    lead["monthsTrading"] = json!(months);
                }
            }
            let directors: Vec<&str> = shared["directors"]
                .as_array()
                .map(|all| all.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if !directors.is_empty() {
                additional.insert("directors".into(), json!(directors.join("; ")));
            }
            for month in shared["turnover"].as_array().into_iter().flatten() {
                if let (Some(m), Some(money)) = (month["month"].as_str(), month["moneyIn"].as_str())
                {
                    additional.insert(format!("moneyIn.{m}"), json!(money));
                }
            }
        }
        if let Some(address) = &request.address {
            lead["registeredAddress"] = json!({
                "line1": address.street,
                "city": address.city,
                "region": address.city,
                "areaCode": address.postcode,
                "country": address.country,
            });
        }
        lead["additionalInfo"] = Value::Object(additional);
        let lead = Lead {
            loan_amount: RawValue::from_string(decimal(request.amount)).expect("a decimal is JSON"),
            rest: lead,
        };
        serde_json::to_vec(&lead).expect("a lead serialises")
    }

    async fn state_of(&self, asked: &Asked) -> Result<Option<Decision>, LendingError> {
        let lead_id = asked.provider_ref.as_str();
        let path = format!("/Leads/{}/details", encode(lead_id));
        let (status, details) = self.call(Api::Onboarding, Method::GET, &path, None).await?;
        if status == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        if !status.is_success() {
            return Err(unavailable(format!("lead details answered {status}")));
        }
        let reason = details["onboardingStateReason"]
            .as_str()
            .filter(|r| !r.trim().is_empty())
            .map(str::to_string);
        let decision = |state, offered_amount, paid_amount, reason| Decision {
            provider_ref: lead_id.to_string(),
            state,
            offered_amount,
            paid_amount,
            reason,
        };
        Ok(match details["onboardingState"].as_str().unwrap_or("") {
            "stage1submitted" | "stage2submitted" => {
                Some(decision(LoanState::InReview, None, None, None))
            }
            // Stage one passed: YouLend has made its offer on its pages.
            "stage2incomplete" => Some(decision(LoanState::PreApproved, None, None, None)),
            "stage1rejected" | "stage2rejected" => Some(decision(
                LoanState::Rejected,
                None,
                None,
                reason.or_else(|| Some("Declined by YouLend".into())),
            )),
            "onboardingcomplete" => {
                // Signed but not funded yet: none; the funding's notification brings the money.
                self.funded(asked)
                    .await?
                    .map(|paid| decision(LoanState::Approved, None, Some(paid), None))
            }
            // Still being filled in, or a state this adapter does not know: nothing to do.
            _ => None,
        })
    }

    /// What YouLend paid out for the business's newest funded GBP loan, minor units, when it
    /// was funded on or after the day of the application (an earlier loan is an earlier
    /// application's, already paid in).
    async fn funded(&self, asked: &Asked) -> Result<Option<i64>, LendingError> {
        let path = format!("/Loans/{}/loans", encode(&asked.customer_id));
        let (status, loans) = self.call(Api::Loan, Method::GET, &path, None).await?;
        if status == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        if !status.is_success() {
            return Err(unavailable(format!("loans answered {status}")));
        }
        let newest = loans
            .as_array()
            .into_iter()
            .flatten()
            .filter(|loan| loan["status"] == "Funded" && loan["currencyISOCode"] == "GBP")
            .max_by_key(|loan| loan["loanNumber"].as_i64().unwrap_or(0));
        let Some(id) = newest.and_then(|loan| loan["id"].as_str()) else {
            return Ok(None);
        };
        let (status, loan) = self
            .call(
                Api::Loan,
                Method::GET,
                &format!("/Loans/{}", encode(id)),
                None,
            )
            .await?;
        if !status.is_success() {
            return Err(unavailable(format!("loan {id} answered {status}")));
        }
        let funding = &loan["fundingDetails"];
        let day = funding["fundingDate"].as_str().and_then(|d| d.get(..10));
        if day.is_none_or(|day| day < asked.applied_day.as_str()) {
            return Ok(None);
        }
        let amount = [&funding["amountFunded"], &funding["fundingAmount"]]
            .into_iter()
            .find_map(|v| v.as_number().map(ToString::to_string))
            .ok_or_else(|| unavailable(format!("loan {id} has no funded amount")))?;
        parse_decimal(&amount)
            .filter(|minor| *minor > 0)
            .map(Some)
            .ok_or_else(|| unavailable(format!("loan {id}'s amount {amount} is not money")))
    }
}

/// A path segment: YouLend's ids are GUIDs; anything else is escaped, never interpreted.
fn encode(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// Whole months from a `yyyy-MM-dd` day to today's (both London days).
fn months_since(since: &str, today: &str) -> Option<i32> {
    let format = time::format_description::well_known::Iso8601::DATE;
    let (from, to) = (
        time::Date::parse(since, &format).ok()?,
        time::Date::parse(today, &format).ok()?,
    );
    let mut months = (to.year() - from.year()) * 12 + to.month() as i32 - from.month() as i32;
    if to.day() < from.day() {
        months -= 1;
    }
    (months >= 0).then_some(months)
}

impl LendingProvider for YouLend {
    fn name(&self) -> &'static str {
        "youlend"
    }

    fn lender_name(&self) -> &'static str {
        "YouLend"
    }

    /// Revenue-based finance: business loans and advances on invoices, never mortgages.
    fn offers(&self, product: Product) -> bool {
        matches!(product, Product::Business | Product::Factoring)
    }

    fn submit<'a>(&'a self, request: &'a LoanRequest) -> Pending<'a, Submitted> {
        Box::pin(async move {
            let lead = self.lead(request);
            let (status, answer) = self
                .call(Api::Onboarding, Method::POST, "/Leads", Some(&lead))
                .await?;
            if status.is_client_error() {
                let why = answer["title"]
                    .as_str()
                    .or(answer["detail"].as_str())
                    .unwrap_or("refused");
                return Err(LendingError::Refused(format!("YouLend ({status}): {why}")));
            }
            if !status.is_success() {
                return Err(unavailable(format!("leads answered {status}")));
            }
            let lead_id = answer["leadId"].as_str().filter(|id| !id.is_empty());
            let next = answer["signUpURL"]
                .as_str()
                .or(answer["leadURL"].as_str())
                .filter(|url| url.starts_with("https://") || url.starts_with("http://"));
            match (lead_id, next) {
                (Some(lead_id), Some(next)) => Ok(Submitted {
                    provider_ref: lead_id.to_string(),
                    redirect_uri: next.to_string(),
                }),
                _ => Err(unavailable("a lead without its id or sign-up page")),
            }
        })
    }

    /// YouLend's notification is not signed: only the lead it names is read from it.
    fn read_webhook(&self, _headers: &HeaderMap, body: &[u8]) -> Result<Notified, LendingError> {
        let body: Value = serde_json::from_slice(body)
            .map_err(|_| LendingError::BadWebhook("unreadable body"))?;
        let lead_id = ["leadId", "LeadId"]
            .iter()
            .find_map(|field| body[*field].as_str())
            .filter(|id| !id.is_empty() && id.len() <= 64)
            .ok_or(LendingError::BadWebhook("no lead id"))?;
        Ok(Notified::Changed {
            provider_ref: lead_id.to_string(),
        })
    }

    fn current<'a>(&'a self, asked: &'a Asked) -> Pending<'a, Option<Decision>> {
        Box::pin(self.state_of(asked))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_months_of_trading() {
        assert_eq!(months_since("2020-03-15", "2026-11-28"), Some(80));
        assert_eq!(months_since("2026-10-29", "2026-11-28"), Some(0));
        assert_eq!(months_since("2026-10-28", "2026-11-28"), Some(1));
        assert_eq!(months_since("2027-01-01", "2026-11-28"), None);
        assert_eq!(months_since("", "2026-11-28"), None);
    }

    #[test]
    fn ids_are_escaped_in_paths() {
        assert_eq!(encode("99687dc3-f7be-44e0"), "99687dc3-f7be-44e0");
        assert_eq!(encode("../x?y"), "..%2Fx%3Fy");
    }
}

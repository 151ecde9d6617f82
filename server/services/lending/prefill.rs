//! What the bank already knows about a business, sent to the lender only with the person's
//! explicit agreement (issue 30 point 7): the company's registered details, its directors, and
//! the money into its GBP account in each of the last twelve whole months (London months).

use time::{Date, Month};

use crate::domain::accounts::money::{decimal, Currency};
use crate::domain::ids::ProfileId;
use crate::domain::london;
use crate::domain::profiles::access::Role;
use crate::store::{self, Db};

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedCompany {
    pub name: String,
    pub number: String,
    pub incorporation_date: String,
    pub registered_office: String,
    pub website: String,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthIn {
    /// yyyy-MM.
    pub month: String,
    /// GBP, decimal text.
    pub money_in: String,
}

/// What was shared, as the status screen lists it.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shared {
    pub company: SharedCompany,
    pub directors: Vec<String>,
    pub turnover: Vec<MonthIn>,
}

fn first_of(year: i32, month: Month) -> Date {
    Date::from_calendar_date(year, month, 1).expect("the first of a month")
}

/// The first days of the twelve whole months before `today`'s, oldest first, and of `today`'s.
fn months_before(today: Date) -> (Vec<Date>, Date) {
    let this = first_of(today.year(), today.month());
    let mut months: Vec<Date> = (1..=12u32)
        .map(|back| {
            let index = today.year() * 12 + (today.month() as i32 - 1) - back as i32;
            let month = Month::try_from(index.rem_euclid(12) as u8 + 1).expect("1 to 12");
            first_of(index.div_euclid(12), month)
        })
        .collect();
    months.reverse();
    (months, this)
}

pub async fn gather(db: &Db, profile_id: &ProfileId) -> Result<Shared, sqlx::Error> {
    let seller = crate::services::invoices::documents::seller(db, profile_id).await?;
    let onboarding = store::onboardings::by_profile(db, profile_id).await?;
    let (incorporation_date, website) = onboarding
        .map(|o| (o.data.incorporation_date, o.data.website))
        .unwrap_or_default();
    let office = [
        seller.street.as_str(),
        seller.city.as_str(),
        seller.postcode.as_deref().unwrap_or(""),
        seller.country_name.as_str(),
    ]
    .into_iter()
    .filter(|part| !part.trim().is_empty())
    .collect::<Vec<_>>()
    .join(", ");
    let directors = store::team::members(db, profile_id)
        .await?
        .into_iter()
        .filter(|m| matches!(m.role, Role::Admin | Role::Director))
        .map(|m| format!("{} {}", m.name, m.surname).trim().to_string())
        .collect();
    let (months, this_month) = months_before(london::today(db.now_ms()));
    let mut totals = vec![0i64; months.len()];
    let gbp = crate::services::accounts::of_profile(db, profile_id)
        .await?
        .into_iter()
        .find(|a| a.is_primary && a.currency == Currency::Gbp);
    if let (Some(account), Some(first)) = (gbp, months.first()) {
        let from = london::day_bound(&first.to_string(), false).unwrap_or(0);
        for (at, amount) in store::transactions::money_in_since(db, &account.id, from).await? {
            let day = london::today(at);
            let month = first_of(day.year(), day.month());
            if month >= this_month {
                break;
            }
            if let Some(index) = months.iter().position(|m| *m == month) {
                totals[index] += amount;
            }
        }
    }
    Ok(Shared {
        company: SharedCompany {
            name: seller.name,
            number: seller.registration_number.unwrap_or_default(),
            incorporation_date,
            registered_office: office,
            website,
        },
        directors,
        turnover: months
            .iter()
            .zip(totals)
            .map(|(month, total)| MonthIn {
                month: format!("{}-{:02}", month.year(), month.month() as u8),
                money_in: decimal(total),
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn twelve_whole_months_before_this_one() {
        let (months, this) = months_before(date!(2026 - 01 - 15));
        assert_eq!(this, date!(2026 - 01 - 01));
        assert_eq!(months.len(), 12);
        assert_eq!(months[0], date!(2025 - 01 - 01));
        assert_eq!(months[11], date!(2025 - 12 - 01));
    }
}

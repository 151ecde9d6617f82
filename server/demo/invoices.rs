//! The demo business's invoicing (issue 29): two clients, an invoice paid by bank transfer
//! (matched by its reference), one awaiting payment, and a euro draft, so the screens show what
//! invoicing looks like in use.

use crate::domain::accounts::money::{Currency, Money};
use crate::domain::ids::ProfileId;
use crate::domain::invoices::invoice::{self, DiscountType, InvoiceInput, ItemInput};
use crate::domain::invoices::partner::{self, PartnerInput, PartnerType};
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::recipient::PayeeType;
use crate::services;
use crate::store::bookings::Party;
use crate::store::{self, Db};

const DAY_MS: i64 = 86_400_000;

/// A company client: name, currency, email, VAT number, and (country, street, city, postcode).
fn client(
    name: &str,
    currency: Currency,
    email: &str,
    vat: &str,
    (country, street, city, postcode): (&str, &str, &str, &str),
) -> PartnerInput {
    PartnerInput {
        name: name.into(),
        kind: Some(PartnerType::Company),
        registration_number: String::new(),
        currency: Some(currency),
        email: email.into(),
        vat_number: vat.into(),
        country: country.into(),
        address1: street.into(),
        city: city.into(),
        postcode: postcode.into(),
    }
}

fn item(description: &str, from: &str, to: &str, hours: &str, price: &str) -> ItemInput {
    ItemInput {
        description: description.into(),
        period_from: from.into(),
        period_to: to.into(),
        quantity_hours: hours.into(),
        price: price.into(),
    }
}

pub async fn business(db: &Db, profile: &ProfileId, now: i64) -> anyhow::Result<()> {
    let today = crate::domain::london::today(now);
    let day = |back: i64| (today - time::Duration::days(back)).to_string();
    let accounts = services::accounts::of_profile(db, profile).await?;
    let account = |currency: Currency| accounts.iter().find(|a| a.currency == currency);
    let (Some(gbp_account), Some(eur_account)) = (account(Currency::Gbp), account(Currency::Eur))
    else {
        return Ok(());
    };
    let (gbp, eur) = (gbp_account.id.to_string(), eur_account.id.to_string());
    let mut partners = Vec::new();
    for input in [
        client(
            "Acme Trading Ltd",
            Currency::Gbp,
            "accounts@acme-trading.example",
            "GB987654321",
            ("GB", "1 Market Street", "Leeds", "LS1 6DT"),
        ),
        client(
            "Nordlicht Design GmbH",
            Currency::Eur,
            "rechnung@nordlicht.example",
            "DE123456789",
            ("DE", "Marktstrasse 1", "Berlin", "10115"),
        ),
    ] {
        let checked = partner::check(&input).map_err(|e| anyhow::anyhow!("demo partner: {e:?}"))?;
        partners.push(
            services::invoices::partners::save(db, profile, None, &checked)
                .await?
                .id,
        );
    }
    let draft = |number: &str,
                 account: &str,
                 partner: &str,
                 issued: String,
                 items: Vec<ItemInput>,
                 discount: Option<(DiscountType, &str)>| InvoiceInput {
        number: number.into(),
        issue_date: issued,
        due_date: String::new(),
        bank_account_id: account.into(),
        partner_id: partner.into(),
        discount: discount.map(|(_, v)| v.to_string()).unwrap_or_default(),
        discount_type: discount.map(|(kind, _)| kind),
        is_discount_applied: discount.is_some(),
        vat_amount: "20".into(),
        is_vat_applied: true,
        items,
    };
    let mut invoices = [
        draft(
            "INV-0001",
            &gbp,
            &partners[0],
            day(20),
            vec![
                item(
                    "Shop fittings, design and supervision",
                    &day(50),
                    &day(21),
                    "32",
                    "85",
                ),
                item("Materials", "", "", "1", "1240.00"),
            ],
            Some((DiscountType::Percent, "5")),
        ),
        draft(
            "INV-0002",
            &gbp,
            &partners[0],
            day(3),
            vec![item(
                "Window display, December",
                &day(10),
                &day(4),
                "12.5",
                "85",
            )],
            None,
        ),
        draft(
            "INV-0003",
            &eur,
            &partners[1],
            day(0),
            vec![item("Trade fair stand, concept", "", "", "18", "95")],
            None,
        ),
    ];
    // The one awaiting payment is on 30 days' terms, so the demo business has an invoice it
    // may offer for factoring.
    invoices[1].due_date = day(-27);
    for (index, input) in invoices.iter().enumerate() {
        let checked =
            invoice::check(input, today).map_err(|e| anyhow::anyhow!("demo invoice: {e:?}"))?;
        let saved = services::invoices::drafts::save_draft(db, profile, None, &checked).await?;
        if index == 2 {
            continue;
        }
        let document =
            services::invoices::documents::of_invoice(db, None, profile, &checked).await?;
        store::invoices::mark_sent(db, profile, &saved.id, &document, now - DAY_MS).await?;
        if index == 0 {
            // The client pays by UK local transfer, quoting the invoice's reference.
            store::bookings::inbound(
                db,
                gbp_account,
                Money::new(document.total, Currency::Gbp),
                Scheme::Local,
                Party {
                    name: "Acme Trading Ltd",
                    kind: PayeeType::Company,
                    account: Some("GB33BUKB20201555555555"),
                },
                &document.pay_to.reference,
                now,
            )
            .await?;
        }
    }
    services::invoices::matching::match_due(db, db.now_ms(), 100).await?;
    Ok(())
}

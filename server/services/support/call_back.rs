//! A call-back request from the auth route `leads`: kept in support's inbox (source `leads`)
//! and acknowledged to the address given, with the number the team will call.

use super::contact::acknowledge;
use crate::config::Company;
use crate::domain::messages::{Channel, Message};
use crate::domain::support::call_back::CallBack;
use crate::providers::notify::Notifications;
use crate::store::support_messages::{self, NewMessage};
use crate::store::Db;

pub async fn request(
    db: &Db,
    notify: &Notifications,
    company: &Company,
    call: &CallBack,
) -> Result<String, sqlx::Error> {
    let subject = format!("Call back: {}", call.company);
    let id = support_messages::insert(
        db,
        &NewMessage {
            user_id: None,
            profile_id: None,
            source: "leads",
            name: &call.name,
            email: call.email.as_str(),
            phone: Some(&call.phone),
            company: Some(&call.company),
            subject: &subject,
            request: call.note.as_deref().unwrap_or("Please call me back."),
            at: db.now_ms(),
        },
    )
    .await?;
    let acknowledgement = Message {
        channel: Channel::Email,
        to: call.email.as_str().to_string(),
        subject: format!("We will call you back, {}", call.name),
        body: format!(
            "Dear {},\n\nThank you for your interest in {} for {}. Our business team will call you \
             on {} within one working day, between 9:00 and 17:00 UK time. If you would rather \
             call us, our number is {}.\n",
            call.name, company.trading_name, call.company, call.phone, company.support_phone
        ),
        attachments: Vec::new(),
    };
    acknowledge(notify, acknowledgement).await;
    Ok(id)
}

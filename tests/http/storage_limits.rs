//! Per-person limits on what fills shared storage or others' inboxes (issue 26 point 6):
//! uploads, invitations and their resends, and saved payees are counted in the one rate-limit
//! table; unfinished uploads expire and are swept; an upload over its size answers 413.

use crate::helpers::*;
use crate::on_both_backends;
use crate::transfers::{payer, upload};
use bank::api::payments::recipients::RecipientBody;
use bank::api::profiles::invitations::{InvitationView, InviteBody};
use bank::domain::profiles::access::Role;

async fn count(bank: &TestBank, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(&bank.db.pool)
        .await
        .unwrap()
}

on_both_backends!(uploads_are_limited_swept_and_bounded, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    // 130 unfinished uploads (the first of two chunks each), ten callers at a time.
    let mut statuses = Vec::new();
    for batch in 0..13 {
        let replies = futures_util::future::join_all((0..10).map(|i| {
            let auth = auth.clone();
            async move {
                let id = format!("junk-{batch}-{i}");
                let chunk: &[u8] = &[0u8; 2048];
                upload(bank, &auth, &id, "junk.pdf", &[chunk, chunk][..1]).await
            }
        }))
        .await;
        statuses.extend(replies.into_iter().flatten().map(|r| r.status.as_u16()));
    }
    let refused = statuses.iter().filter(|s| **s == 429).count();
    assert!(refused >= 10, "the limit stops a flood: {statuses:?}");
    let stored = count(bank, "SELECT COUNT(*) FROM documents").await;
    assert!(stored <= 120, "{stored} uploads stored");

    // Nobody finished them: after an hour they are swept, chunks and all.
    let later = bank.db.now_ms() + 3_600_001;
    let swept = bank::store::documents::sweep(&bank.db, later, 0, 500)
        .await
        .unwrap();
    assert_eq!(swept as i64, stored);
    assert_eq!(count(bank, "SELECT COUNT(*) FROM documents").await, 0);
    assert_eq!(count(bank, "SELECT COUNT(*) FROM document_chunks").await, 0);
});

on_both_backends!(an_upload_over_its_size_answers_413, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let big = vec![b'x'; 1024 * 1024 + 1];
    let replies = upload(bank, &p.customer.bearer(), "big-1", "big.pdf", &[&big]).await;
    assert_eq!(replies[0].status, 413, "{}", replies[0].body);
    assert_eq!(replies[0].error().code, "file_too_large");
    assert_eq!(count(bank, "SELECT COUNT(*) FROM documents").await, 0);
});

on_both_backends!(nobody_floods_an_inbox_through_the_bank, |bank| {
    let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let auth = owner.bearer();
    let invited = post(
        bank,
        "/v2/invitations",
        body(&InviteBody {
            name: "Vic Tim".into(),
            ..crate::invitations::invite("victim@example.com", Role::Cfo)
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(invited.status, 200, "{}", invited.body);
    let id = invited.read::<InvitationView>().id;
    // Ten callers resending at once, three times over.
    let mut statuses = Vec::new();
    for _ in 0..3 {
        let replies = futures_util::future::join_all((0..10).map(|_| {
            let (auth, id) = (auth.clone(), id.clone());
            async move {
                post(
                    bank,
                    "/v2/invitations/resend",
                    crate::invitations::by_id(&id),
                    &[("authorization", &auth)],
                )
                .await
            }
        }))
        .await;
        statuses.extend(replies.iter().map(|r| r.status.as_u16()));
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    let emails = bank::store::outbox::latest(&bank.db, Some("victim@example.com"), 100)
        .await
        .unwrap()
        .len();
    assert!(emails <= 3, "{emails} emails reached the address");
});

on_both_backends!(saved_payees_are_limited_per_person, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let mut statuses = Vec::new();
    for batch in 0..7 {
        let replies = futures_util::future::join_all((0..10).map(|i| {
            let auth = auth.clone();
            async move {
                send_json(
                    bank,
                    "PUT",
                    "/v2/recipients",
                    body(&RecipientBody {
                        name: format!("Payee {batch} {i}"),
                        uk_account_number: format!("55{batch}{i}9911"),
                        ..crate::recipients::local()
                    }),
                    &[("authorization", &auth)],
                )
                .await
            }
        }))
        .await;
        statuses.extend(replies.iter().map(|r| r.status.as_u16()));
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == 429).count(),
        10,
        "{statuses:?}"
    );
    assert_eq!(count(bank, "SELECT COUNT(*) FROM recipients").await, 60);
});

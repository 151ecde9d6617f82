//! Five wrong codes and no more, also when forty guesses arrive at once: the attempt is claimed
//! with the limit in one statement, on SQLite and on PostgreSQL alike.

use bank::domain::auth::mfa::{Check, Method, Purpose};
use bank::store;
use bank::store::email_verifications::{self, Verified};

use crate::helpers::create_user;
use crate::on_both_backends;

on_both_backends!(forty_guesses_at_an_sms_code_check_five, |bank| {
    let user = create_user(bank, "anna@example.com", "unused-hash").await;
    let request = sms_code(bank, &user, "123456").await;
    let guesses: Vec<_> = (0..40)
        .map(|n| {
            let db = bank.db.clone();
            let id = request.id.clone();
            tokio::spawn(async move {
                store::mfa::verify(&db, &id, &format!("{:06}", 200_000 + n), db.now_ms()).await
            })
        })
        .collect();
    let mut checked = 0;
    for guess in guesses {
        let (_, outcome) = guess.await.unwrap().unwrap().unwrap();
        match outcome {
            Check::Wrong { .. } => checked += 1,
            Check::Closed(_) => {}
            Check::Accepted => panic!("no guess was right"),
        }
    }
    assert_eq!(checked, 5, "exactly five codes were compared");
    let (attempts, status): (i64, String) =
        sqlx::query_as("SELECT attempts, status FROM mfa_requests WHERE id = $1")
            .bind(&request.id)
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
    assert_eq!((attempts, status.as_str()), (5, "failed"));
    let (_, late) = store::mfa::verify(&bank.db, &request.id, "123456", bank.db.now_ms())
        .await
        .unwrap()
        .unwrap();
    assert!(
        matches!(late, Check::Closed(_)),
        "the right code after five wrong ones is too late"
    );
});

on_both_backends!(forty_guesses_at_an_email_code_check_five, |bank| {
    let email = "new@example.com";
    email_verifications::create(&bank.db, email, "654321", bank.db.now_ms())
        .await
        .unwrap();
    let guesses: Vec<_> = (0..40)
        .map(|n| {
            let db = bank.db.clone();
            tokio::spawn(async move {
                email_verifications::verify(&db, email, &format!("{:06}", 100_000 + n), db.now_ms())
                    .await
            })
        })
        .collect();
    let mut checked = 0;
    for guess in guesses {
        match guess.await.unwrap().unwrap() {
            Verified::Rejected(Check::Wrong { .. }) => checked += 1,
            Verified::Rejected(_) => {}
            Verified::Token(_) | Verified::Unknown => panic!("no guess was right"),
        }
    }
    assert_eq!(checked, 5);
    assert!(matches!(
        email_verifications::verify(&bank.db, email, "654321", bank.db.now_ms())
            .await
            .unwrap(),
        Verified::Rejected(Check::Closed(_))
    ));
});

on_both_backends!(a_right_code_racing_itself_is_accepted_once, |bank| {
    let user = create_user(bank, "ben@example.com", "unused-hash").await;
    let request = sms_code(bank, &user, "111111").await;
    let tries: Vec<_> = (0..10)
        .map(|_| {
            let db = bank.db.clone();
            let id = request.id.clone();
            tokio::spawn(async move { store::mfa::verify(&db, &id, "111111", db.now_ms()).await })
        })
        .collect();
    let mut accepted = 0;
    for attempt in tries {
        if let (_, Check::Accepted) = attempt.await.unwrap().unwrap().unwrap() {
            accepted += 1;
        }
    }
    assert_eq!(accepted, 1);
});

/// Every code sent ends the person's pending requests of its purpose: on PostgreSQL that reads
/// the pending one, not the forty the person had before (sequential scans off, so the plan shows
/// what the indexes allow on tables this small).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_code_reads_only_the_pending_requests() {
    let started = crate::helpers::TestBank::start(crate::helpers::Backend::Postgres).await;
    let bank = &started;
    let user = create_user(bank, "anna@example.com", "unused-hash").await;
    for _ in 0..40 {
        sms_code(bank, &user, "123456").await;
    }
    let sql = store::mfa::EXPIRE_PENDING_SQL
        .replacen("$1", &format!("'{}'", user.as_str()), 1)
        .replacen("$2", "'authentication'", 1);
    let (read, plan) = crate::helpers::rows_read_by(bank, &sql, "mfa_requests").await;
    assert!(read <= 2, "read {read} rows:\n{plan}");
}

/// A log-in code sent by text, as `store::mfa` keeps it.
async fn sms_code(
    bank: &crate::helpers::TestBank,
    user: &bank::domain::ids::UserId,
    code: &str,
) -> store::mfa::MfaRequest {
    let new = store::mfa::NewRequest {
        user_id: user,
        purpose: Purpose::Authentication,
        method: Method::Sms,
        code,
        challenge: None,
        lifetime_ms: 120_000,
        binding: None,
    };
    store::mfa::create(&bank.db, &new, bank.db.now_ms())
        .await
        .unwrap()
}

on_both_backends!(
    a_check_answers_the_request_it_claimed_and_counts_no_unknown_one,
    |bank| {
        use bank::domain::auth::mfa::Status;
        let user = create_user(bank, "anna@example.com", "unused-hash").await;
        let check = |id: String, code: &'static str| {
            let db = bank.db.clone();
            async move {
                store::mfa::verify(&db, &id, code, db.now_ms())
                    .await
                    .unwrap()
            }
        };
        let attempts = |id: String| {
            let db = bank.db.clone();
            async move {
                sqlx::query_as::<_, (i64,)>("SELECT attempts FROM mfa_requests WHERE id = $1")
                    .bind(id)
                    .fetch_one(&db.pool)
                    .await
                    .unwrap()
                    .0
            }
        };

        // The right code: the request as its claim answered it.
        let request = sms_code(bank, &user, "123456").await;
        let (checked, outcome) = check(request.id.clone(), "123456").await.unwrap();
        assert!(matches!(outcome, Check::Accepted));
        assert_eq!(checked.user_id, user);
        assert_eq!(checked.purpose, Purpose::Authentication);
        assert_eq!(checked.method, Method::Sms);
        assert_eq!(checked.status, Status::Utilized);
        assert_eq!(checked.expires_at, request.expires_at);

        // Used once: read as it stands, closed.
        let (again, outcome) = check(request.id.clone(), "123456").await.unwrap();
        assert!(matches!(outcome, Check::Closed(Status::Utilized)));
        assert_eq!(
            (again.user_id, again.purpose),
            (user.clone(), Purpose::Authentication)
        );
        assert_eq!(attempts(request.id.clone()).await, 1);

        // No such request.
        assert!(check("no-such-request".into(), "123456").await.is_none());

        // A purpose this code does not know is no request, and its attempt is not counted.
        let odd = sms_code(bank, &user, "654321").await;
        sqlx::query("UPDATE mfa_requests SET purpose = 'unheard_of' WHERE id = $1")
            .bind(&odd.id)
            .execute(&bank.db.pool)
            .await
            .unwrap();
        assert!(check(odd.id.clone(), "654321").await.is_none());
        assert_eq!(attempts(odd.id.clone()).await, 0, "the claim was undone");
    }
);

//! The session store on both databases: lifetimes, rotation, reuse detection, revocation.

use bank::domain::ids::UserId;
use bank::store::sessions::{self, RefreshError, ACCESS_MS, REFRESH_MS};

use crate::helpers::*;
use crate::on_both_backends;

const T0: i64 = 1_800_000_000_000;

async fn user(bank: &TestBank, email: &str) -> UserId {
    create_user(bank, email, "not-a-real-hash: these tests never log in").await
}

on_both_backends!(
    access_tokens_live_30_minutes_and_refresh_rotates_once,
    |bank| {
        let anna = user(bank, "anna@example.com").await;
        let first = sessions::issue(&bank.db, &anna, T0).await.unwrap();
        let found = sessions::authenticate(&bank.db, &first.access, T0 + ACCESS_MS - 1)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(found.user_id, anna);
        assert!(
            sessions::authenticate(&bank.db, &first.access, T0 + ACCESS_MS)
                .await
                .unwrap()
                .is_none(),
            "expired"
        );
        assert!(sessions::authenticate(&bank.db, "made-up", T0)
            .await
            .unwrap()
            .is_none());

        let second = sessions::refresh(&bank.db, &first.refresh, T0 + 1000)
            .await
            .unwrap();
        assert_ne!(second.access, first.access);
        assert_ne!(second.refresh, first.refresh);
        assert!(
            sessions::authenticate(&bank.db, &first.access, T0 + 2000)
                .await
                .unwrap()
                .is_none(),
            "old access ends"
        );
        assert!(sessions::authenticate(&bank.db, &second.access, T0 + 2000)
            .await
            .unwrap()
            .is_some());

        // The rotated token comes back: someone holds a copy, so the whole family ends.
        assert!(matches!(
            sessions::refresh(&bank.db, &first.refresh, T0 + 3000).await,
            Err(RefreshError::Reused)
        ));
        assert!(sessions::authenticate(&bank.db, &second.access, T0 + 4000)
            .await
            .unwrap()
            .is_none());
        assert!(matches!(
            sessions::refresh(&bank.db, &second.refresh, T0 + 5000).await,
            Err(RefreshError::Invalid)
        ));
    }
);

on_both_backends!(refresh_tokens_expire_after_60_minutes, |bank| {
    let anna = user(bank, "anna@example.com").await;
    let tokens = sessions::issue(&bank.db, &anna, T0).await.unwrap();
    assert!(matches!(
        sessions::refresh(&bank.db, &tokens.refresh, T0 + REFRESH_MS).await,
        Err(RefreshError::Expired)
    ));
    assert!(matches!(
        sessions::refresh(&bank.db, "made-up", T0).await,
        Err(RefreshError::Invalid)
    ));
});

on_both_backends!(logout_and_password_change_revoke_sessions, |bank| {
    let anna = user(bank, "anna@example.com").await;
    let bob = user(bank, "bob@example.com").await;
    let phone = sessions::issue(&bank.db, &anna, T0).await.unwrap();
    let laptop = sessions::issue(&bank.db, &anna, T0).await.unwrap();
    let bobs = sessions::issue(&bank.db, &bob, T0).await.unwrap();

    let rotated = sessions::refresh(&bank.db, &phone.refresh, T0 + 10)
        .await
        .unwrap();
    sessions::revoke(&bank.db, &phone.session_id, T0 + 20)
        .await
        .unwrap();
    assert!(
        sessions::authenticate(&bank.db, &rotated.access, T0 + 30)
            .await
            .unwrap()
            .is_none(),
        "the family ended"
    );
    assert!(
        sessions::authenticate(&bank.db, &laptop.access, T0 + 30)
            .await
            .unwrap()
            .is_some(),
        "other sessions live"
    );

    assert_eq!(
        sessions::revoke_all_for_user(&bank.db, &anna, T0 + 40)
            .await
            .unwrap(),
        1
    );
    assert!(sessions::authenticate(&bank.db, &laptop.access, T0 + 50)
        .await
        .unwrap()
        .is_none());
    assert!(matches!(
        sessions::refresh(&bank.db, &laptop.refresh, T0 + 50).await,
        Err(RefreshError::Invalid)
    ));
    assert!(
        sessions::authenticate(&bank.db, &bobs.access, T0 + 50)
            .await
            .unwrap()
            .is_some(),
        "Bob is untouched"
    );
});

on_both_backends!(
    concurrent_refreshes_with_one_token_rotate_it_at_most_once,
    |bank| {
        let anna = user(bank, "anna@example.com").await;
        for round in 0..5 {
            let tokens = sessions::issue(&bank.db, &anna, T0 + round).await.unwrap();
            let attempts: Vec<_> = (0..4)
                .map(|_| {
                    let db = bank.db.clone();
                    let refresh = tokens.refresh.clone();
                    tokio::spawn(
                        async move { sessions::refresh(&db, &refresh, T0 + 100 + round).await },
                    )
                })
                .collect();
            let mut winners = Vec::new();
            for attempt in attempts {
                match attempt.await.unwrap() {
                    Ok(new) => winners.push(new),
                    Err(RefreshError::Reused | RefreshError::Invalid) => {}
                    Err(other) => panic!("a refresh failed instead of losing cleanly: {other}"),
                }
            }
            assert!(
                winners.len() <= 1,
                "one refresh token bought {} sessions",
                winners.len()
            );
            // A loser saw the reuse and ended the family, so no winner's session survives either.
            for winner in winners {
                assert!(sessions::authenticate(&bank.db, &winner.access, T0 + 200)
                    .await
                    .unwrap()
                    .is_none());
            }
        }
    }
);

on_both_backends!(refreshing_never_stretches_a_log_in_past_12_hours, |bank| {
    use bank::store::sessions::ABSOLUTE_MS;
    let anna = user(bank, "anna@example.com").await;
    let mut tokens = sessions::issue(&bank.db, &anna, T0).await.unwrap();
    // Refreshed every 50 minutes, as an open tab would.
    let mut now = T0;
    while now + 50 * 60_000 < T0 + ABSOLUTE_MS {
        now += 50 * 60_000;
        tokens = sessions::refresh(&bank.db, &tokens.refresh, now)
            .await
            .unwrap();
    }
    // The last rotation's tokens end at the 12-hour mark, not 30 or 60 minutes after it.
    assert!(
        sessions::authenticate(&bank.db, &tokens.access, T0 + ABSOLUTE_MS - 1)
            .await
            .unwrap()
            .is_some()
    );
    assert!(
        sessions::authenticate(&bank.db, &tokens.access, T0 + ABSOLUTE_MS)
            .await
            .unwrap()
            .is_none()
    );
    assert!(matches!(
        sessions::refresh(&bank.db, &tokens.refresh, T0 + ABSOLUTE_MS).await,
        Err(RefreshError::Expired)
    ));
});

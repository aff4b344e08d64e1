//! Account writes through the shared execute path with their side tables, against real
//! PostgreSQL: two creations racing for one address leave exactly one account and one person;
//! a password is set with its event and hash together, the epoch moving on each time; a
//! refused password change writes nothing.

mod common;

use common::TestDb;
use gbvf_api::accounts::{self, AccountError};
use gbvf_commands::accounts::delegation::Authority;
use gbvf_commands::accounts::user::UserError;
use gbvf_events::accounts::UserRegistered;
use gbvf_events::metadata::EventMetadata;
use gbvf_events::person::Person;

fn person(email: &str) -> Person {
    Person {
        email: email.into(),
        first_name: "Lerato".into(),
        last_name: "Mokoena".into(),
        mobile_number: Some("0821234567".into()),
        alternative_number: None,
    }
}

fn registered() -> UserRegistered {
    UserRegistered {
        user_id: uuid::Uuid::new_v4().to_string(),
        profile: Default::default(),
        organisation_id: None,
        group_ids: vec![1],
        created_by: "cli".into(),
        relationship_type_ids: vec![gbvf_commands::accounts::user::BUILDING_BLOCK_COORDINATOR],
        municipality_ids: vec![1],
        province_ids: vec![],
    }
}

fn meta() -> EventMetadata {
    EventMetadata::now("test", "account-writes", "test")
}

async fn count(db: &TestDb, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&db.pool).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_creations_of_one_address_leave_one_account_and_one_person() {
    let db = TestDb::new().await;
    let details = person("racing@example.org");
    for round in 0..5 {
        let email = format!("racing{round}@example.org");
        let details = Person {
            email: email.clone(),
            ..details.clone()
        };
        let (meta_a, meta_b) = (meta(), meta());
        let (a, b) = tokio::join!(
            accounts::create(
                &db.pool,
                &details,
                registered(),
                Authority::operator(),
                &meta_a
            ),
            accounts::create(
                &db.pool,
                &details,
                registered(),
                Authority::operator(),
                &meta_b
            ),
        );
        let won = [&a, &b].iter().filter(|r| r.is_ok()).count();
        assert_eq!(
            won, 1,
            "round {round}: exactly one creation wins: {a:?} {b:?}"
        );
        let lost = if a.is_ok() { b } else { a };
        assert!(
            matches!(
                lost,
                Err(AccountError::Refused(UserError::AlreadyRegistered))
            ),
            "{lost:?}"
        );
    }
    assert_eq!(count(&db, "SELECT count(*) FROM person").await, 5);
    assert_eq!(count(&db, "SELECT count(*) FROM user_email").await, 5);
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM events WHERE event_type = 'UserRegistered'"
        )
        .await,
        5,
        "the loser appended nothing"
    );
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_is_set_with_its_event_and_hash_in_one_step() {
    let db = TestDb::new().await;
    let key = accounts::create(
        &db.pool,
        &person("password@example.org"),
        registered(),
        Authority::operator(),
        &meta(),
    )
    .await
    .unwrap();
    let first = accounts::set_password(
        &db.pool,
        &key,
        "a long first passphrase",
        "add-password",
        &meta(),
    )
    .await
    .unwrap();
    let second = accounts::set_password(
        &db.pool,
        &key,
        "a long second passphrase",
        "profile",
        &meta(),
    )
    .await
    .unwrap();
    assert_eq!(second, first + 1, "each password moves the epoch on");
    assert_eq!(
        accounts::credentials::credential_epoch(&db.pool, &key)
            .await
            .unwrap(),
        second
    );
    let hash = accounts::credentials::password_hash(&db.pool, &key)
        .await
        .unwrap()
        .expect("a hash is stored");
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    assert!(accounts::password::verify_async("a long second passphrase".into(), hash).await);
    let set: Vec<String> = sqlx::query_scalar(
        "SELECT payload->'PasswordSet'->>'how' FROM events WHERE aggregate_id = $1 AND event_type = 'PasswordSet' ORDER BY sequence",
    )
    .bind(&key)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(set, ["add-password", "profile"]);
    let in_events = count(
        &db,
        "SELECT count(*) FROM events WHERE payload::text LIKE '%argon2%'",
    )
    .await;
    assert_eq!(in_events, 0, "no hash in any event");

    // A deleted account is refused, and neither an event nor a hash is written.
    accounts::delete(&db.pool, &key, &Authority::operator(), &meta())
        .await
        .unwrap();
    let before = count(&db, "SELECT count(*) FROM events").await;
    let refused = accounts::set_password(
        &db.pool,
        &key,
        "a long third passphrase",
        "reset-password",
        &meta(),
    )
    .await;
    assert!(
        matches!(refused, Err(AccountError::Refused(_))),
        "{refused:?}"
    );
    assert_eq!(count(&db, "SELECT count(*) FROM events").await, before);
    assert_eq!(
        accounts::credentials::password_hash(&db.pool, &key)
            .await
            .unwrap(),
        None
    );
    db.drop_db().await;
}

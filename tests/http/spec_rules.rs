//! SPEC §5's rules on the server, against the fixture the app's unit tests read too
//! (tests/fixtures/spec5-rules.json): one set of inputs, one set of messages, both sides.

use bank::domain::auth::{birth_date, email::Email, password};
use serde_json::Value;

const FIXTURE: &str = include_str!("../fixtures/spec5-rules.json");

fn cases(name: &str) -> Vec<Value> {
    let fixture: Value = serde_json::from_str(FIXTURE).unwrap();
    fixture[name].as_array().unwrap().clone()
}

fn expected(case: &Value) -> Option<&str> {
    case["error"].as_str()
}

fn text<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key].as_str().unwrap()
}

#[test]
fn emails() {
    for case in cases("email") {
        let got = Email::parse(text(&case, "input")).err();
        assert_eq!(got, expected(&case), "{case}");
    }
}

#[test]
fn passwords_and_their_confirmation() {
    for case in cases("password") {
        assert_eq!(
            password::check(text(&case, "input")).err(),
            expected(&case),
            "{case}"
        );
    }
    for case in cases("confirmation") {
        let got =
            password::check_confirmation(text(&case, "password"), text(&case, "confirmation"))
                .err();
        assert_eq!(got, expected(&case), "{case}");
    }
}

#[test]
fn birth_dates() {
    let fixture: Value = serde_json::from_str(FIXTURE).unwrap();
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let today = time::Date::parse(fixture["today"].as_str().unwrap(), &format).unwrap();
    for case in cases("birthDate") {
        let got = birth_date::parse(
            text(&case, "day"),
            text(&case, "month"),
            text(&case, "year"),
            today,
        )
        .err();
        assert_eq!(got, expected(&case), "{case}");
    }
}

//! The PIN a holder chooses at activation: four digits, not one a thief would try first.
//! Three wrong PINs at terminals block it until the holder unblocks it in the app.

/// Wrong PINs in a row that block the PIN.
pub const TRIES: i64 = 3;

pub fn check(pin: &str) -> Result<(), &'static str> {
    if pin.len() != 4 || !pin.bytes().all(|b| b.is_ascii_digit()) {
        return Err("The PIN must contain 4 digits");
    }
    let digits: Vec<i16> = pin.bytes().map(|b| i16::from(b - b'0')).collect();
    let steps: Vec<i16> = digits.windows(2).map(|w| w[1] - w[0]).collect();
    let guessable = steps.iter().all(|s| *s == steps[0]) && steps[0].abs() <= 1;
    if guessable {
        return Err("Choose a PIN that is harder to guess");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_digits_that_are_not_a_run() {
        assert_eq!(check("4829"), Ok(()));
        assert_eq!(check("1357"), Ok(()));
        for weak in ["0000", "7777", "1234", "6789", "4321", "9876"] {
            assert_eq!(
                check(weak),
                Err("Choose a PIN that is harder to guess"),
                "{weak}"
            );
        }
        for bad in ["", "123", "12345", "12a4", "１２３４"] {
            assert_eq!(check(bad), Err("The PIN must contain 4 digits"), "{bad}");
        }
    }
}

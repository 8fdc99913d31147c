notice("\u263A \u{1F600} \u{41}")

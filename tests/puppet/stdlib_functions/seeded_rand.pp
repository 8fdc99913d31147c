notice(seeded_rand(100, "a"))
notice(seeded_rand(1000, "host.example.com"))
notice(seeded_rand("50", "x"))

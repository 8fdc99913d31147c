pw_hash('p', 'bcrypt', 'short')

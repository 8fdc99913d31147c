pw_hash('p', 'sha1', 'salt')

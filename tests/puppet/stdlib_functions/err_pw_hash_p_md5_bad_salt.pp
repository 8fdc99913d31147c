pw_hash('p', 'md5', 'bad salt')

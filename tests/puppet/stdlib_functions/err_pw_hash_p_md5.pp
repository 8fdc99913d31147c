pw_hash('p', 'md5')

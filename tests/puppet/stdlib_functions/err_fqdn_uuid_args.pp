notice(fqdn_uuid('a', 'b'))

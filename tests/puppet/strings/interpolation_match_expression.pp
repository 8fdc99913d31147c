$certname_example = 'db42.example.com'
notice("db_remote: ${ $certname_example !~ /^db\d+/ }")
notice("db_local: ${ $certname_example =~ /^db\d+/ }")

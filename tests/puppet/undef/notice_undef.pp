notice(undef)
notice('before', undef, 'after')

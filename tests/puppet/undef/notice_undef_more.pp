notice(undef)
notice('before')

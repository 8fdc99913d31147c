notice(Boolean({from => 'yes'}))
notice(Boolean({from => 0}))

notice(Boolean('maybe'))

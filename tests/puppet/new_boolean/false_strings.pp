notice(Boolean('false'), Boolean('FALSE'), Boolean('False'))
notice(Boolean('no'), Boolean('NO'), Boolean('No'))
notice(Boolean('n'), Boolean('N'))

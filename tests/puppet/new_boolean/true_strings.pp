notice(Boolean('true'), Boolean('TRUE'), Boolean('True'))
notice(Boolean('yes'), Boolean('YES'), Boolean('Yes'))
notice(Boolean('y'), Boolean('Y'))

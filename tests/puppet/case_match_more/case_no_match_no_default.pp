$r = case 5 { 1: { 'one' } }
notice(type($r))

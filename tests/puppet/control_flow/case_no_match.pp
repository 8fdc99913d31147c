notice(case 9 { 1: { 'one' } })

$v = if true { 'yes' } else { 'no' }
notice($v)
notice(if false { 1 })

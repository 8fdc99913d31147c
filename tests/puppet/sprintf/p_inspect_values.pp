notice(sprintf('%p', [1, 'a']))
notice(sprintf('%p', {a => 1}))
notice(sprintf('%p', undef))
notice(sprintf('%p', 1.5))

notice(sprintf('%s', 'one', 'two'))

notice(String(1, { 'Integer' => '%d' }))

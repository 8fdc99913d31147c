notice 'no parens'
notice 'a', 'b'
warning 'warned'

notice(String([1, 2], { Array => { separator => ';' } }))

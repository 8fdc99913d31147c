notice(match('abc123', /([a-z]+)(\d+)/), match('xyz', /\d/), match(['a1', 'b'], /(\w)\d/))

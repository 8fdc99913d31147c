notice(split('a,b,,c,,', ','), split('a1b22c', /\d+/), split('abc', ''), split('a.b', '.'))

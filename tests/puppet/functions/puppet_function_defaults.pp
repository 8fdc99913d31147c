function greet($who = 'world', $punct = '!') { "hello ${who}${punct}" }
notice(greet(), greet('you'), greet('x', '?'))

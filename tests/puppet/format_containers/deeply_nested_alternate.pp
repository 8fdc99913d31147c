$v = {list => [1, {k => [2, 3]}], n => {m => {o => 'p'}}}
notice(String($v, '%#h'))
notice(String($v, '%#s'))
notice(String([$v], '%#a'))

notice(String([1, [2, 3]], '%#(a'))
notice(String({a => {b => 1}}, '%#<h'))
notice(String([1, {a => 2}], '%#|a'))

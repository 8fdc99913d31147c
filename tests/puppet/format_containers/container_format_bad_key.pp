notice(String([1], { Array => { format => '%a', delimiter => ';' } }))

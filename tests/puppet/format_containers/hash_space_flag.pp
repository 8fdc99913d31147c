notice(String({a => 1, b => 2}, '% h'))
notice(String({a => {b => 1}}, '% h'))

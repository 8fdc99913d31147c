$h = {a => 1, b => 2}
notice(String($h, '%<h'))
notice(String($h, '%[h'))
notice(String($h, '%(h'))
notice(String($h, '%{h'))
notice(String($h, '%|h'))
notice(String({}, '%(h'))

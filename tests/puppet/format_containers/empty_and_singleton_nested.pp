notice(String([[]], '%#a'))
notice(String([{}], '%#a'))
notice(String({a => []}, '%#h'))
notice(String({a => {}}, '%#h'))

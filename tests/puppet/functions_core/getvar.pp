$known = 'yes'
class holder { $inner = 'in class' }
include holder
notice(getvar('known'), getvar('holder::inner'), getvar('missing'), getvar('missing', 'fallback'))

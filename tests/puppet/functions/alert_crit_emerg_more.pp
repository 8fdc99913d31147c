alert('an alert')
crit('a critical')
emerg('an emergency')

$s = Sensitive('hidden')
notify { 'n': message => $s }

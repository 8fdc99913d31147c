class broken { notify { 'x': message => } }
